/**
 * Statements of reasons (issue 33, item 3; docs/decisions/0049-statements-and-appeals.md): every
 * staff action that affects a user writes one, in the action's own transaction, and tells the user
 * at once (a notification, and a mail that cannot be turned off). The same row is the public
 * moderation log's entry, without the user, the facts or the subject.
 */
import {
  UNSTATED_FACTS,
  UNSTATED_GROUND,
  type ActorRole,
  type GroundCode,
  type ModerationActionKind,
  type ModerationTargetType,
} from '#core/moderation.js';
import type { Executor } from '#server/platform/db/client.js';
import { moderationActions } from '#server/platform/db/schema.js';
import { notify } from '#server/domain/notify/notify.js';
import type { SessionUser } from '#server/domain/identity/sessions.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The ground and facts a staff member gave (the optional body of the staff calls). */
export interface StatedReasons {
  ground?: GroundCode | undefined;
  facts?: string | undefined;
}

export interface ModerationActionInput {
  kind: ModerationActionKind;
  /** The user the action affects; null when their account is gone (a reply's writer): the log still has it. */
  userId: number | null;
  /** What it was about, for that user alone: "your review of Maj. Hooker". */
  subject: string;
  targetType: ModerationTargetType;
  targetId: number | null;
  reasons: StatedReasons;
  /** Facts to state when the staff member gave none (e.g. what the flags said). */
  defaultFacts?: string;
  endsAt?: Date | null;
  automated?: boolean;
}

export interface RecordedAction {
  id: number;
  appealableUntil: Date;
}

/** Who acted, as the log says it: the staff member's role, never their name. */
export function actorRoleOf(actor: Pick<SessionUser, 'role'>): ActorRole {
  return actor.role === 'admin' ? 'admin' : 'moderator';
}

export async function recordModerationAction(
  tx: Executor,
  actor: Pick<SessionUser, 'id' | 'role'>,
  input: ModerationActionInput,
  appealWindowDays: number,
  now = new Date(),
): Promise<RecordedAction> {
  const ground = input.reasons.ground ?? UNSTATED_GROUND;
  const facts = input.reasons.facts?.trim() || input.defaultFacts || UNSTATED_FACTS;
  const appealableUntil = new Date(now.getTime() + appealWindowDays * DAY_MS);
  const [row] = await tx
    .insert(moderationActions)
    .values({
      kind: input.kind,
      userId: input.userId,
      ground,
      facts,
      automated: input.automated ?? false,
      actorId: actor.id,
      actorRole: actorRoleOf(actor),
      targetType: input.targetType,
      targetId: input.targetId,
      subject: input.subject,
      endsAt: input.endsAt ?? null,
      appealableUntil,
      createdAt: now,
    })
    .returning({ id: moderationActions.id });
  if (input.userId === null) return { id: row!.id, appealableUntil };
  await notify(tx, {
    userId: input.userId,
    kind: 'moderation_action',
    data: { actionId: row!.id, kind: input.kind, subject: input.subject, ground, facts, endsAt: input.endsAt?.toISOString() ?? null },
  });
  return { id: row!.id, appealableUntil };
}
