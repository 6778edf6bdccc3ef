/**
 * What reaches a regiment's Discord webhook (issue 19, item 3; docs/decisions/0039-regiment-webhooks.md):
 * an outbox row written in the transaction of the write it tells of, delivered after commit by the
 * outbox's worker (deliver-webhook.ts). Nothing here calls Discord: a write pays one indexed read,
 * and one insert when the regiment has a webhook that is on.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '#server/platform/db/client.js';
import { officers, regiments, regimentWebhooks, reviewReplies, reviews } from '#server/platform/db/schema.js';
import { enqueueOutbox, type OutboxKind } from '#server/platform/outbox/outbox.js';
import { replyMessage, reviewMessage, type DiscordWebhookMessage } from './discord-message.js';

export const DISCORD_WEBHOOK = 'discord-webhook' satisfies OutboxKind;

/** The outbox row's payload: links in `message` are site paths, made absolute with PUBLIC_URL when delivered. */
export type WebhookPayload = {
  regimentId: number;
  message: DiscordWebhookMessage;
};

const enqueue = (tx: Executor, payload: WebhookPayload) => enqueueOutbox(tx, DISCORD_WEBHOOK, payload);

/**
 * Posts `message` to the regiment's webhook after the caller's transaction commits, if it has one
 * that is on; otherwise does nothing. The one entry point for anything a regiment's channel should
 * hear.
 */
export async function enqueueRegimentWebhook(tx: Executor, regimentId: number, message: DiscordWebhookMessage): Promise<void> {
  const [hook] = await tx
    .select({ regimentId: regimentWebhooks.regimentId })
    .from(regimentWebhooks)
    .where(and(eq(regimentWebhooks.regimentId, regimentId), isNull(regimentWebhooks.disabledAt)));
  if (hook) await enqueue(tx, { regimentId, message });
}

/**
 * Posts each of these reviews that counts (not held by review-wave detection, decision 0031) to the
 * webhook of its officer's regiment. Called by a new review, and by the release of a held wave,
 * whose reviews count from then on. Read after the figures were recomputed: the embed shows the
 * officer's rating with the review in it.
 */
export async function postReviewsToRegimentWebhook(tx: Executor, reviewIds: number[]): Promise<void> {
  if (reviewIds.length === 0) return;
  // Whole rows: the message takes what it shows of each.
  const rows = await tx
    .select({ review: reviews, officer: officers, regimentName: regiments.name })
    .from(reviews)
    .innerJoin(officers, eq(officers.id, reviews.officerId))
    .innerJoin(regiments, eq(regiments.id, officers.regimentId))
    // Only regiments whose webhook is on: most have none, and then nothing more is done.
    .innerJoin(regimentWebhooks, and(eq(regimentWebhooks.regimentId, regiments.id), isNull(regimentWebhooks.disabledAt)))
    .where(and(inArray(reviews.id, reviewIds), eq(reviews.held, false)))
    .orderBy(reviews.createdAt, reviews.id);
  for (const row of rows) await enqueue(tx, { regimentId: row.officer.regimentId, message: reviewMessage(row) });
}

/**
 * Posts the officer's new reply to this review to the webhook of the officer's regiment, when the
 * review counts: a review held by review-wave detection was not posted, so neither is its answer.
 * Called by the reply's own write (reply-writes.ts), for a new reply; edits are not posted, as edits
 * of reviews are not.
 */
export async function postReplyToRegimentWebhook(tx: Executor, reviewId: number): Promise<void> {
  const [row] = await tx
    .select({
      officer: { id: officers.id, name: officers.name, rank: officers.rank, regimentId: officers.regimentId },
      regimentName: regiments.name,
      review: { overallRating: reviews.overallRating },
      reply: { text: reviewReplies.text, createdAt: reviewReplies.createdAt },
    })
    .from(reviewReplies)
    .innerJoin(reviews, eq(reviews.id, reviewReplies.reviewId))
    .innerJoin(officers, eq(officers.id, reviews.officerId))
    .innerJoin(regiments, eq(regiments.id, officers.regimentId))
    .innerJoin(regimentWebhooks, and(eq(regimentWebhooks.regimentId, regiments.id), isNull(regimentWebhooks.disabledAt)))
    .where(and(eq(reviewReplies.reviewId, reviewId), eq(reviews.held, false)));
  if (row) await enqueue(tx, { regimentId: row.officer.regimentId, message: replyMessage(row) });
}
