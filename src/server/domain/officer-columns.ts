/** The officer as every answer shows it, read by the officers feature and the search catalogue alike. */
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '#server/platform/db/client.js';
import { officers, users } from '#server/platform/db/schema.js';

/**
 * An officer's own columns and its linked account, as every officer answer shows them (the officers'
 * reads in features/officers/queries.ts and the search catalogue in catalogue/catalogue-source.ts).
 */
export function officerWithLinkedAccount(db: Executor) {
  // users.officer_id is not unique, so take one linked account (the oldest) instead of joining
  // them all, which would repeat the officer once per account.
  const linkedUser = db
    .select({ username: users.username, steamId: users.steamId })
    .from(users)
    .where(eq(users.officerId, officers.id))
    .orderBy(asc(users.id))
    .limit(1)
    .as('linked_user');
  const columns = {
    id: officers.id,
    name: officers.name,
    rank: officers.rank,
    regimentId: officers.regimentId,
    averageRating: officers.averageRating,
    leadershipRating: officers.leadershipRating,
    tacticsRating: officers.tacticsRating,
    communicationRating: officers.communicationRating,
    fairnessRating: officers.fairnessRating,
    reviewCount: officers.reviewCount,
    profileImageUrl: officers.profileImageUrl,
    isActive: officers.isActive,
    linkedUsername: linkedUser.username,
    linkedSteamId: linkedUser.steamId,
  };
  return { linkedUser, columns };
}
