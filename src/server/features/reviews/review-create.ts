/**
 * A new review (spec section 6), in as few round trips as its guarantees allow (issue 38): the
 * session's, BEGIN, one statement that locks the officer and reads what the checks, the answer and
 * the notification need, one that writes everything, and COMMIT; then the cache bus's news, and the
 * outbox is poked only when a row was queued. It was 22. What stays as before
 * (docs/decisions/0002-aggregates.md, 0031):
 *
 * - the officer's row lock comes first, in a statement of its own: under READ COMMITTED a statement
 *   takes its snapshot when it starts, so only a statement after the lock sees every review that
 *   committed before it (the position, the wave detector's window);
 * - the figures are exact under concurrency: the officer's row is locked, and the regiment's and
 *   the author's are moved by `x = x + d` (domain/figures/moves.ts), which waits for and applies
 *   to the row as the last writer left it;
 * - the wave detector sees the officer's window with the new review in it before commit. When it
 *   holds reviews (rare, and then the officer's page changes anyway), the holds are written and
 *   the officer's and regiment's figures recomputed, as a moderator's decision does.
 */
import { inArray, sql } from 'drizzle-orm';
import type { Review } from '#core/api.js';
import { formatDate } from '#core/date.js';
import { MSG } from '#core/messages.js';
import { effectiveMailPreferences } from '#core/notifications.js';
import { computeOverallRating } from '#core/rating.js';
import { sameTextKey, type WindowReview } from '#core/review-waves.js';
import type { ReviewForm } from '#core/schemas/review.js';
import type { Database, Executor } from '#server/platform/db/client.js';
import { isUniqueViolation } from '#server/platform/db/errors.js';
import { outbox } from '#server/platform/db/schema.js';
import { runPrepared } from '#server/platform/db/prepared.js';
import { AppError, notFound } from '#server/platform/errors.js';
import { noteOutboxQueued } from '#server/platform/outbox/outbox.js';
import { cacheTags, type CacheTag } from '#server/platform/read-cache/tags.js';
import { figureChange, officerFiguresMove, regimentFiguresMove } from '#server/domain/figures/moves.js';
import { refreshFiguresOf } from '#server/domain/figures/review-removal.js';
import type { SessionUser } from '#server/domain/identity/sessions.js';
import { NOTIFICATION_MAIL } from '#server/domain/notify/notify.js';
import { DISCORD_WEBHOOK } from '#server/domain/notify/regiment-webhook-posts.js';
import { FOLLOWER_NEWS } from '#server/domain/notify/follower-news.js';
import { detectAfterWrite, openWaveQuery, windowRowsQuery, type HeldByWave, type OpenWaveRow, type WindowRow } from './waves.js';
import { assertMayWriteReviews, type ReviewWriteSettings } from './review-writes.js';

const p = (name: string) => sql.placeholder(name);

/** The author as the answer shows them and the wave detector weighs them. */
interface AuthorRow {
  officerId: number | null;
  username: string;
  steamId: string | null;
  level: number | null;
  totalGames: number | null;
  reviewCount: number;
  createdAt: string;
  steamLinkedAt: string | null;
  regimentId: number | null;
}

interface OfficerRow {
  id: number;
  name: string;
  rank: string;
  regiment_id: number;
  regiment_name: string;
  open: boolean;
  cooldown_until: string | Date | null;
  author: AuthorRow;
  linked: Array<{ id: number; mailPreferences: Record<string, boolean> }>;
  reviewed_officer_ids: number[];
}

/**
 * The officer's row lock, and in the same round trip what does not change under it: whether the
 * officer and its regiment are open to reviews, a cool-down of this author for this officer after a
 * removed wave review (issue 32), the author (their own officer, for the self-review rule; their
 * signals, for the answer), the users linked to the officer (told of the review), and the officers
 * the author reviewed before (whose review pages show the author's review count). Only the officer
 * is locked, alone in FROM: its regiment is read in the select list, so a lock that waited for a
 * regiment move reads the officer's new regiment.
 */
function lockAndReadStatement() {
  return sql`
    select o.id, o.name, o.rank, o.regiment_id,
      (select g.name from regiments g where g.id = o.regiment_id) as regiment_name,
      o.is_active and coalesce((select g.is_active from regiments g where g.id = o.regiment_id), false) as open,
      (select c.until from review_cooldowns c
        where c.user_id = ${p('userId')} and c.officer_id = o.id and c.until > clock_timestamp()) as cooldown_until,
      (select json_build_object(
          'officerId', u.officer_id, 'username', u.username, 'steamId', u.steam_id,
          'level', case when u.hide_level then null else u.steam_level end, 'totalGames', u.steam_total_games,
          'reviewCount', u.review_count, 'createdAt', u.created_at, 'steamLinkedAt', u.steam_linked_at,
          'regimentId', (select lo.regiment_id from officers lo where lo.id = u.officer_id))
        from users u where u.id = ${p('userId')}) as author,
      (select coalesce(json_agg(json_build_object('id', l.id, 'mailPreferences', l.mail_preferences)), '[]'::json)
        from users l where l.officer_id = o.id) as linked,
      (select coalesce(array_agg(r.officer_id), '{}') from reviews r where r.user_id = ${p('userId')}) as reviewed_officer_ids
    from officers o
    where o.id = ${p('officerId')}
    for no key update of o`;
}

interface WriteRow {
  id: number;
  position: number;
  created_at: string | Date;
  overall_rating: string | number;
  author_review_count: number;
  queued: number;
  posted_ids: number[] | null;
  recent: WindowRow[];
  open_wave: OpenWaveRow | null;
}

/**
 * Everything the review writes, in one statement: the review (the newest: position n + 1, and a
 * time read under the lock, so positions follow (created_at, id)); the officer's and regiment's
 * figures and the author's review count moved by one; the notification of each user linked to the
 * officer, and its mail's outbox row for those who want it; the regiment's Discord post, due once
 * it has settled, if the regiment has a webhook that is on (it is posted then only if it still
 * counts); the followers' news, if anyone follows the officer or its regiment, due once it has
 * settled as the Discord post is, and fanned out then only if the review still counts (issue 36).
 * The officer's figures count its verdict too (issue 36, item 4). And what the wave detector reads:
 * the officer's reviews of the window that no moderator decided on (without this one, which the
 * statement cannot see), and its open wave.
 *
 * The regiment's row is locked before the author's (regiment_first), the order every review write
 * takes them in, so writers never wait on each other in a cycle.
 */
function writeStatement() {
  const officerId = sql`${p('officerId')}::int`;
  return sql`
    with new_review as (
      insert into reviews (user_id, officer_id, text, leadership, tactics, communication, fairness, overall_rating, would_serve_again, position, created_at, updated_at)
      values (${p('userId')}, ${officerId}, ${p('text')}, ${p('leadership')}, ${p('tactics')}, ${p('communication')}, ${p('fairness')},
        ${p('overallRating')}, ${p('wouldServeAgain')}::boolean, (select coalesce(max(position), 0) + 1 from reviews where officer_id = ${officerId}), clock_timestamp(), clock_timestamp())
      returning id, position, created_at, overall_rating
    ),
    officer_moved as (update officers set ${officerFiguresMove()} where id = ${officerId} returning id),
    regiment_moved as (update regiments set ${regimentFiguresMove()} where id = ${p('regimentId')} returning id),
    author_counted as (
      update users set review_count = users.review_count + 1
      from (select count(*) from regiment_moved) as regiment_first
      where users.id = ${p('userId')}
      returning users.review_count
    ),
    notified as (
      insert into notifications (user_id, kind, data)
      select l.id, 'review_of_your_officer',
        jsonb_build_object('reviewId', nr.id, 'officerId', ${officerId}, 'officerName', ${p('officerName')}::text, 'reviewerUsername', ${p('username')}::text)
      from users l cross join new_review nr where l.officer_id = ${officerId}
      returning id, user_id
    ),
    mailed as (
      insert into outbox (kind, payload)
      select ${NOTIFICATION_MAIL}, jsonb_build_object('notificationId', n.id) from notified n where n.user_id = any(${p('mailUserIds')}::int[])
      returning id
    ),
    posted as (
      insert into outbox (kind, payload, available_at)
      select ${DISCORD_WEBHOOK}, jsonb_build_object('post', 'review', 'reviewId', nr.id), now() + ${p('settleMs')}::int * interval '1 millisecond'
      from new_review nr
      where exists (select 1 from regiment_webhooks w where w.regiment_id = ${p('regimentId')} and w.disabled_at is null)
      returning id
    ),
    followed as (
      insert into outbox (kind, payload, available_at)
      select ${FOLLOWER_NEWS}, jsonb_build_object('event', 'review', 'reviewId', nr.id), now() + ${p('settleMs')}::int * interval '1 millisecond'
      from new_review nr
      where exists (select 1 from follows f where f.officer_id = ${officerId} or f.regiment_id = ${p('regimentId')})
      returning id
    ),
    recent as (${windowRowsQuery(officerId, sql`${p('windowMs')}`, sql`0`)})
    select nr.id, nr.position, nr.created_at, nr.overall_rating,
      (select review_count from author_counted) as author_review_count,
      ((select count(*) from mailed) + (select count(*) from posted) + (select count(*) from followed))::int as queued,
      (select array_agg(id) from posted) as posted_ids,
      (select coalesce(json_agg(recent), '[]'::json) from recent) as recent,
      ${openWaveQuery(officerId)} as open_wave
    from new_review nr`;
}

/** What a new review's route answers and forgets. */
export interface CreatedReview {
  review: Review;
  /** The officer's figures and pages, and the review pages of every officer the author reviewed (their count moved). */
  invalidation: CacheTag[];
}

export async function createReview(
  db: Database,
  user: SessionUser,
  officerId: number,
  form: ReviewForm,
  settings: ReviewWriteSettings,
): Promise<CreatedReview> {
  assertMayWriteReviews(user);
  // Computed here, whatever the client sent (spec section 5).
  const overallRating = computeOverallRating(form);
  // Optional (issue 36, item 4): a review without an answer has none.
  const wouldServeAgain = form.wouldServeAgain ?? null;
  try {
    return await db.transaction(async (tx) => {
      const [officer] = await runPrepared<OfficerRow>(tx, 'review_create_lock', lockAndReadStatement, { officerId, userId: user.id });
      if (!officer?.open) throw notFound('Officer');
      // The Terms forbid reviewing yourself (0016), read here rather than from the session: an admin may have linked the account since.
      if (officer.author.officerId === officerId) throw new AppError('FORBIDDEN', MSG.reviews.ownOfficer);
      if (officer.cooldown_until) throw new AppError('FORBIDDEN', MSG.waves.cooldown(formatDate(new Date(officer.cooldown_until))));

      const invalidation = [
        ...cacheTags.reviewOf(officerId),
        ...cacheTags.reviewerSignals(user.id, [...new Set([...officer.reviewed_officer_ids, officerId])]),
      ];
      const mailUserIds = officer.linked.filter((linked) => effectiveMailPreferences(linked.mailPreferences).review_of_your_officer).map((l) => l.id);
      const [written] = await runPrepared<WriteRow>(tx, 'review_create_write', writeStatement, {
        officerId,
        regimentId: officer.regiment_id,
        userId: user.id,
        text: form.text,
        leadership: form.leadership,
        tactics: form.tactics,
        communication: form.communication,
        fairness: form.fairness,
        overallRating,
        wouldServeAgain,
        ...figureChange({ added: [{ ...form, overallRating, wouldServeAgain }] }),
        officerName: officer.name,
        username: officer.author.username,
        mailUserIds,
        settleMs: Math.round(settings.webhookSettleMs),
        windowMs: settings.waves.windowHours * 3_600_000,
      });
      if (written!.queued > 0) noteOutboxQueued();
      const createdAt = new Date(written!.created_at);
      const wave = await holdAnyWave(tx, officer, written!, createdAt, form.text, settings);
      const held = wave?.reviewIds.includes(written!.id) ?? false;
      return {
        review: {
          id: written!.id,
          userId: user.id,
          officerId,
          text: form.text,
          leadership: form.leadership,
          tactics: form.tactics,
          communication: form.communication,
          fairness: form.fairness,
          overallRating: Number(written!.overall_rating),
          wouldServeAgain,
          score: 0,
          upvotes: 0,
          downvotes: 0,
          held,
          reply: null,
          resolved: false,
          createdAt: createdAt.toISOString(),
          updatedAt: createdAt.toISOString(),
          editedAt: null,
          revisionCount: 0,
          officer: { id: officer.id, name: officer.name, rank: officer.rank },
          regiment: { id: officer.regiment_id, name: officer.regiment_name },
          user: {
            id: user.id,
            username: officer.author.username,
            steamId: officer.author.steamId,
            level: officer.author.level,
            totalGames: officer.author.totalGames,
            reviewCount: written!.author_review_count,
            memberSince: new Date(officer.author.createdAt).toISOString(),
          },
        },
        // A wave's held reviews leave their authors' profiles.
        invalidation: wave ? [...invalidation, ...cacheTags.reviewers(wave.authorIds)] : invalidation,
      };
    });
  } catch (error) {
    // One review per user per officer: the unique index settles simultaneous posts too.
    if (isUniqueViolation(error, 'reviews_user_officer_idx')) throw new AppError('CONFLICT', MSG.reviews.duplicate);
    throw error;
  }
}

/**
 * The review-wave detector on the officer's window with the new review in it, under the officer's
 * lock (docs/decisions/0031-review-waves.md). Returns what it held, the new review or others, if
 * anything. When the detector holds any review, the figures the write moved are recomputed without
 * the held ones, and a held new review's Discord post is withdrawn (its release posts it).
 */
async function holdAnyWave(
  tx: Executor,
  officer: OfficerRow,
  written: WriteRow,
  now: Date,
  text: string,
  settings: ReviewWriteSettings,
): Promise<HeldByWave | null> {
  const newReview: WindowReview = {
    id: written.id,
    overallRating: Number(written.overall_rating),
    writtenAt: now,
    authorCreatedAt: new Date(officer.author.createdAt),
    authorSteamLinkedAt: officer.author.steamLinkedAt === null ? null : new Date(officer.author.steamLinkedAt),
    authorRegimentId: officer.author.regimentId,
    textKey: sameTextKey(text),
  };
  const wave = await detectAfterWrite(
    tx,
    { id: officer.id, regimentId: officer.regiment_id },
    written.recent,
    written.open_wave,
    newReview,
    settings.waves,
  );
  if (!wave) return null;
  await refreshFiguresOf(tx, officer.id);
  if (wave.reviewIds.includes(written.id) && written.posted_ids) await tx.delete(outbox).where(inArray(outbox.id, written.posted_ids));
  return wave;
}
