/**
 * "Download my data" (issue 35, item 1; GDPR Art. 15 and 20): one JSON document with every row that
 * belongs to or names the user, in plain keys a person can read and a program can load. Never a
 * secret: no password hash, no session token, no authenticator key, no recovery code.
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { effectiveMailPreferences } from '#core/notifications.js';
import type { Executor } from '#server/platform/db/client.js';
import {
  appeals,
  follows,
  images,
  knownBrowsers,
  moderationActions,
  notifications,
  officerRegistrations,
  officers,
  passkeys,
  recoveryCodes,
  regimentRegistrations,
  regiments,
  reviewCooldowns,
  reviewFlags,
  reviewReplies,
  reviewRevisions,
  reviews,
  reviewVotes,
  sessions,
  steamStatsCache,
  totpFactors,
  users,
} from '#server/platform/db/schema.js';
import { notFound } from '#server/platform/errors.js';

/** The document's version: a program reading old exports can tell them apart. */
export const EXPORT_FORMAT = 'wor-ratings-account-export/1' as const;

export async function exportAccount(db: Executor, userId: number, now = new Date()) {
  const [account] = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      emailVerified: users.emailVerified,
      createdAt: users.createdAt,
      role: users.role,
      isOfficer: users.isOfficer,
      officerId: users.officerId,
      signsInWithFirebase: sql<boolean>`${users.firebaseUid} is not null`,
      hasPassword: sql<boolean>`${users.passwordHash} is not null`,
      isBanned: users.isBanned,
      bannedUntil: users.bannedUntil,
      reviewCount: users.reviewCount,
      hideLevel: users.hideLevel,
      mailPreferences: users.mailPreferences,
      followDigest: users.followDigest,
      steamId: users.steamId,
      steamLinkedAt: users.steamLinkedAt,
      steamLevel: users.steamLevel,
      steamTotalGames: users.steamTotalGames,
      steamRefreshedAt: users.steamRefreshedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!account) throw notFound('User');
  const { mailPreferences, followDigest, steamId, steamLinkedAt, steamLevel, steamTotalGames, steamRefreshedAt, ...accountFields } = account;

  const myReviews = await db.select().from(reviews).where(eq(reviews.userId, userId)).orderBy(asc(reviews.id));
  const reviewIds = myReviews.map((review) => review.id);
  const [history, repliesToMine, steamStats] = await Promise.all([
    reviewIds.length
      ? db
          .select()
          .from(reviewRevisions)
          .where(inArray(reviewRevisions.reviewId, reviewIds))
          .orderBy(asc(reviewRevisions.reviewId), asc(reviewRevisions.version))
      : [],
    reviewIds.length
      ? db
          .select({
            reviewId: reviewReplies.reviewId,
            text: reviewReplies.text,
            createdAt: reviewReplies.createdAt,
            updatedAt: reviewReplies.updatedAt,
          })
          .from(reviewReplies)
          .where(inArray(reviewReplies.reviewId, reviewIds))
      : [],
    steamId
      ? db
          .select({ result: steamStatsCache.result, fetchedAt: steamStatsCache.fetchedAt })
          .from(steamStatsCache)
          .where(eq(steamStatsCache.steamId, steamId))
      : [],
  ]);
  // Map.groupBy is Node 21's: grouped by hand for Node 20.
  const versionsOf = new Map<number, typeof history>();
  for (const version of history) versionsOf.set(version.reviewId, [...(versionsOf.get(version.reviewId) ?? []), version]);
  const replyTo = new Map(repliesToMine.map((reply) => [reply.reviewId, reply]));

  const actionsAboutMe = await db.select().from(moderationActions).where(eq(moderationActions.userId, userId)).orderBy(asc(moderationActions.id));
  const [
    repliesWritten,
    votes,
    flags,
    regimentRequests,
    officerRequests,
    myNotifications,
    mySessions,
    browsers,
    myAppeals,
    totp,
    myPasskeys,
    codes,
    uploads,
    owned,
    cooldowns,
    myFollows,
  ] = await Promise.all([
    db
      .select({ reviewId: reviewReplies.reviewId, text: reviewReplies.text, createdAt: reviewReplies.createdAt, updatedAt: reviewReplies.updatedAt })
      .from(reviewReplies)
      .where(eq(reviewReplies.userId, userId))
      .orderBy(asc(reviewReplies.id)),
    db
      .select({ reviewId: reviewVotes.reviewId, vote: reviewVotes.vote, createdAt: reviewVotes.createdAt })
      .from(reviewVotes)
      .where(eq(reviewVotes.userId, userId))
      .orderBy(asc(reviewVotes.id)),
    db
      .select({
        reviewId: reviewFlags.reviewId,
        onReply: reviewFlags.onReply,
        reason: reviewFlags.reason,
        status: reviewFlags.status,
        createdAt: reviewFlags.createdAt,
        decidedAt: reviewFlags.decidedAt,
      })
      .from(reviewFlags)
      .where(eq(reviewFlags.userId, userId))
      .orderBy(asc(reviewFlags.id)),
    db.select().from(regimentRegistrations).where(eq(regimentRegistrations.userId, userId)).orderBy(asc(regimentRegistrations.id)),
    db.select().from(officerRegistrations).where(eq(officerRegistrations.userId, userId)).orderBy(asc(officerRegistrations.id)),
    db
      .select({ kind: notifications.kind, data: notifications.data, readAt: notifications.readAt, createdAt: notifications.createdAt })
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(asc(notifications.id)),
    db
      .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt, secondFactorAt: sessions.secondFactorAt })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(asc(sessions.createdAt)),
    db
      .select({ firstSeenAt: knownBrowsers.firstSeenAt, lastSeenAt: knownBrowsers.lastSeenAt })
      .from(knownBrowsers)
      .where(eq(knownBrowsers.userId, userId)),
    db
      .select({
        actionId: appeals.actionId,
        text: appeals.text,
        status: appeals.status,
        createdAt: appeals.createdAt,
        decidedAt: appeals.decidedAt,
        decisionReason: appeals.decisionReason,
      })
      .from(appeals)
      .where(eq(appeals.userId, userId))
      .orderBy(asc(appeals.id)),
    db.select({ enabledAt: totpFactors.enabledAt }).from(totpFactors).where(eq(totpFactors.userId, userId)),
    db
      .select({ name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
      .from(passkeys)
      .where(eq(passkeys.userId, userId))
      .orderBy(asc(passkeys.createdAt)),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt))),
    db.select({ id: images.id, createdAt: images.createdAt }).from(images).where(eq(images.userId, userId)),
    db.select({ id: regiments.id, name: regiments.name }).from(regiments).where(eq(regiments.userId, userId)),
    db.select({ officerId: reviewCooldowns.officerId, until: reviewCooldowns.until }).from(reviewCooldowns).where(eq(reviewCooldowns.userId, userId)),
    db
      .select({ officerId: follows.officerId, regimentId: follows.regimentId, createdAt: follows.createdAt })
      .from(follows)
      .where(eq(follows.userId, userId))
      .orderBy(asc(follows.id)),
  ]);
  const [linkedOfficer] = account.officerId
    ? await db.select({ id: officers.id, name: officers.name, rank: officers.rank }).from(officers).where(eq(officers.id, account.officerId))
    : [];

  return {
    format: EXPORT_FORMAT,
    exportedAt: now.toISOString(),
    account: accountFields,
    mailSettings: effectiveMailPreferences(mailPreferences),
    mailDigestOfFollows: followDigest,
    steam: steamId
      ? {
          steamId,
          linkedAt: steamLinkedAt,
          level: steamLevel,
          totalGames: steamTotalGames,
          refreshedAt: steamRefreshedAt,
          cachedStatistics: steamStats[0] ?? null,
        }
      : null,
    officerProfile: linkedOfficer ?? null,
    reviews: myReviews.map(({ userId: _me, ...review }) => ({
      ...review,
      earlierVersions: (versionsOf.get(review.id) ?? []).map(({ reviewId: _r, ...version }) => version),
      officerReply: replyTo.get(review.id) ?? null,
    })),
    repliesWrittenAsOfficer: repliesWritten,
    votes,
    flags,
    registrations: {
      regiments: regimentRequests.map(({ userId: _me, ...request }) => request),
      officers: officerRequests.map(({ userId: _me, ...request }) => request),
    },
    regimentsOwned: owned,
    imagesUploaded: uploads.map((image) => ({ ...image, url: `/api/images/${image.id}.webp` })),
    reviewCooldowns: cooldowns,
    notifications: myNotifications,
    // Issue 36: the officers and regiments the user follows.
    follows: myFollows,
    sessions: mySessions,
    browsersSignedInFrom: browsers,
    moderationActionsAboutMe: actionsAboutMe.map(({ userId: _me, actorId: _actor, ...action }) => action),
    appeals: myAppeals,
    secondFactor: {
      authenticatorApp: totp[0]?.enabledAt ? { enabledAt: totp[0].enabledAt } : null,
      passkeys: myPasskeys,
      recoveryCodesRemaining: codes[0]?.count ?? 0,
    },
  };
}
