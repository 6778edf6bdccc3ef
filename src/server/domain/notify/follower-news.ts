/**
 * News for the followers of an officer or a regiment (issue 36, item 1): the write that makes the
 * news queues one outbox row in its own transaction, and the outbox worker fans it out to the
 * followers after commit (features/follows/fan-out.ts). So a write never pays for a popular
 * officer's followers, and a review write keeps its round trips (round-trips.test.ts). A new
 * review's row is due once it has settled, as its Discord post is (a wave found by the reviews
 * after it may hold it meanwhile), and the fan-out reads whether it counts when it runs; a held
 * review's release queues it again.
 */
import type { Executor } from '#server/platform/db/client.js';
import { enqueueOutbox, type OutboxKind } from '#server/platform/outbox/outbox.js';

export const FOLLOWER_NEWS = 'follower-news' satisfies OutboxKind;

/** What happened: a new review, an officer's new reply to a review, or a regiment's new officer. */
export type FollowerNews = { event: 'review'; reviewId: number } | { event: 'reply'; reviewId: number } | { event: 'officer'; officerId: number };

export async function queueFollowerNews(tx: Executor, ...news: FollowerNews[]): Promise<void> {
  for (const item of news) await enqueueOutbox(tx, FOLLOWER_NEWS, item);
}
