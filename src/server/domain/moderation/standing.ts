/**
 * What a user is told of the staff actions that affected them (issue 33, items 3 and 4): every
 * statement of reasons with its appeal (/settings/standing), and the ban or suspension in force,
 * which rides on the auth status and the sign-in answer of a banned user.
 */
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Appeal, Restriction, StandingAction } from '#core/api.js';
import type { Executor } from '#server/platform/db/client.js';
import { appeals, moderationActions } from '#server/platform/db/schema.js';

export function appealOf(row: typeof appeals.$inferSelect): Appeal {
  return {
    id: row.id,
    status: row.status,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decisionReason: row.decisionReason,
  };
}

export async function listStanding(db: Executor, userId: number): Promise<StandingAction[]> {
  const rows = await db
    .select({ action: moderationActions, appeal: appeals })
    .from(moderationActions)
    .leftJoin(appeals, eq(appeals.actionId, moderationActions.id))
    .where(eq(moderationActions.userId, userId))
    .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id));
  return rows.map(({ action, appeal }) => ({
    id: action.id,
    kind: action.kind,
    ground: action.ground,
    facts: action.facts,
    automated: action.automated,
    createdAt: action.createdAt.toISOString(),
    appealableUntil: action.appealableUntil.toISOString(),
    appeal: appeal ? appealOf(appeal) : null,
    subject: action.subject,
    endsAt: action.endsAt?.toISOString() ?? null,
    reversed: action.reversedAt !== null,
  }));
}

/** The latest ban or suspension not reversed: the one in force while the account is banned. */
export async function currentRestriction(db: Executor, userId: number): Promise<Restriction | null> {
  const [row] = await db
    .select({ action: moderationActions, appealId: appeals.id })
    .from(moderationActions)
    .leftJoin(appeals, eq(appeals.actionId, moderationActions.id))
    .where(and(eq(moderationActions.userId, userId), inArray(moderationActions.kind, ['ban', 'suspension']), isNull(moderationActions.reversedAt)))
    .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id))
    .limit(1);
  if (!row) return null;
  const { action } = row;
  return {
    actionId: action.id,
    kind: action.kind === 'ban' ? 'ban' : 'suspension',
    ground: action.ground,
    facts: action.facts,
    endsAt: action.endsAt?.toISOString() ?? null,
    appealableUntil: action.appealableUntil.toISOString(),
    appealed: row.appealId !== null,
  };
}
