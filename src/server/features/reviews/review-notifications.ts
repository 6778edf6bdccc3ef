/**
 * What review writes tell the people concerned (issue 18, item 4), inside the write's transaction:
 * the officer's linked user learns of a new review of their profile.
 */
import { eq } from 'drizzle-orm';
import type { Executor } from '#server/platform/db/client.js';
import { officers, users } from '#server/platform/db/schema.js';
import type { SessionUser } from '#server/domain/identity/sessions.js';
import { notify } from '#server/domain/notify/notify.js';

export async function notifyOfficerOfReview(tx: Executor, reviewer: SessionUser, officerId: number, reviewId: number): Promise<void> {
  const [officer] = await tx.select({ name: officers.name }).from(officers).where(eq(officers.id, officerId));
  const linked = await tx.select({ id: users.id }).from(users).where(eq(users.officerId, officerId));
  for (const user of linked) {
    await notify(tx, {
      userId: user.id,
      kind: 'review_of_your_officer',
      data: { reviewId, officerId, officerName: officer?.name ?? '', reviewerUsername: reviewer.username },
    });
  }
}
