/**
 * What reaches a regiment's Discord webhook (issue 19, item 3; docs/decisions/0039-regiment-webhooks.md):
 * an outbox row written in the transaction of the write it tells of, delivered by the outbox's worker
 * (deliver-webhook.ts) once a settling delay has passed (issue 32, item 4). The row names the review,
 * not the message: the message is made when it is delivered, from the review as it is then, so a
 * review held by a wave meanwhile, removed or deleted is never posted, and the officer's rating it
 * shows is the one the site shows at that moment. Nothing here calls Discord: a write pays one
 * indexed read, and one insert when the regiment has a webhook that is on.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database, Executor } from '#server/platform/db/client.js';
import { officers, regiments, regimentWebhooks, reviewReplies, reviews } from '#server/platform/db/schema.js';
import { enqueueOutbox, type OutboxKind } from '#server/platform/outbox/outbox.js';
import { replyMessage, reviewMessage, type DiscordWebhookMessage } from './discord-message.js';

export const DISCORD_WEBHOOK = 'discord-webhook' satisfies OutboxKind;

/** The outbox row's payload: a new counted review, or the officer's new reply to one. */
export type WebhookPayload = { post: 'review' | 'reply'; reviewId: number };

/** What to post, and where: links in `message` are site paths, made absolute with PUBLIC_URL when delivered. */
export interface WebhookPost {
  regimentId: number;
  message: DiscordWebhookMessage;
}

/**
 * Of these reviews, those that count now (not held by review-wave detection, decision 0031) and
 * whose officer's regiment has a webhook that is on, oldest first: most regiments have none, and
 * then nothing more is done.
 */
function countingReviewsWithWebhook(tx: Executor, reviewIds: number[]) {
  return tx
    .select({ id: reviews.id })
    .from(reviews)
    .innerJoin(officers, eq(officers.id, reviews.officerId))
    .innerJoin(regiments, eq(regiments.id, officers.regimentId))
    .innerJoin(regimentWebhooks, and(eq(regimentWebhooks.regimentId, regiments.id), isNull(regimentWebhooks.disabledAt)))
    .where(and(inArray(reviews.id, reviewIds), eq(reviews.held, false)))
    .orderBy(reviews.createdAt, reviews.id);
}

async function enqueuePosts(tx: Executor, post: WebhookPayload['post'], reviewIds: number[], settleMs: number): Promise<void> {
  if (reviewIds.length === 0) return;
  for (const { id } of await countingReviewsWithWebhook(tx, reviewIds)) {
    await enqueueOutbox(tx, DISCORD_WEBHOOK, { post, reviewId: id } satisfies WebhookPayload, settleMs);
  }
}

/**
 * Queues a post of each of these reviews that counts, due after `settleMs`. Called by a new review
 * (after WEBHOOK_SETTLE_SECONDS, so a wave that forms meanwhile holds it before Discord hears of
 * it), and by the release of held reviews (at once: a moderator decided).
 */
export function postReviewsToRegimentWebhook(tx: Executor, reviewIds: number[], settleMs: number): Promise<void> {
  return enqueuePosts(tx, 'review', reviewIds, settleMs);
}

/**
 * Queues a post of the officer's new reply to this review, when the review counts, due after
 * `settleMs` (as its review's was: the reply never arrives first). Called by the reply's own write
 * (reply-writes.ts), for a new reply; edits are not posted, as edits of reviews are not, but the
 * post carries the reply's text as it is when delivered.
 */
export function postReplyToRegimentWebhook(tx: Executor, reviewId: number, settleMs: number): Promise<void> {
  return enqueuePosts(tx, 'reply', [reviewId], settleMs);
}

/**
 * The post as it is now, or null when there is nothing to post any more: the review was deleted,
 * removed from a wave, or is held by one (a held review is posted when released, by its own row),
 * or the reply was deleted. The deliverer then checks the regiment's webhook is still on.
 */
export async function settledWebhookPost(db: Database, payload: WebhookPayload): Promise<WebhookPost | null> {
  const [row] = await db
    .select({
      review: reviews,
      officer: officers,
      regimentName: regiments.name,
      reply: { text: reviewReplies.text, createdAt: reviewReplies.createdAt },
    })
    .from(reviews)
    .innerJoin(officers, eq(officers.id, reviews.officerId))
    .innerJoin(regiments, eq(regiments.id, officers.regimentId))
    .leftJoin(reviewReplies, eq(reviewReplies.reviewId, reviews.id))
    .where(and(eq(reviews.id, payload.reviewId), eq(reviews.held, false)));
  if (!row) return null;
  const { review, officer, regimentName, reply } = row;
  if (payload.post === 'review') return { regimentId: officer.regimentId, message: reviewMessage({ review, officer, regimentName }) };
  return reply ? { regimentId: officer.regimentId, message: replyMessage({ review, officer, regimentName, reply }) } : null;
}
