/**
 * The data model of spec section 3. Column names are snake_case in SQL and camelCase in code.
 * Aggregate columns (ratings, counts, score) are maintained by the writes that change them, in the
 * same transaction (see docs/decisions/0002-aggregates.md).
 */
import { sql } from 'drizzle-orm';
import {
  customType,
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { Distribution } from '#core/rating-math.js';
import type { LanguageCode, Region, ScheduleEvent } from '#core/regiment-facts.js';
import type { WaveDetection } from '#core/review-waves.js';
import type { StaffRole } from '#core/staff-roles.js';
import type { ActorRole, AppealStatus, CaseType, ModerationActionKind, ModerationTargetType } from '#core/moderation.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/**
 * A category score of one review: 0 to 5 in half steps. The spec calls them integers but its star
 * widget sets half steps, so the column keeps one decimal (docs/decisions/0002-aggregates.md).
 */
const score = (name: string) => numeric(name, { precision: 2, scale: 1, mode: 'number' }).notNull();
/** What a review says, in reviews and in the versions its edits replaced (review_revisions). */
const reviewContent = () => ({
  text: varchar('text', { length: 500 }).notNull(),
  leadership: score('leadership'),
  tactics: score('tactics'),
  communication: score('communication'),
  fairness: score('fairness'),
  overallRating: numeric('overall_rating', { precision: 4, scale: 2, mode: 'number' }).notNull(),
});
/** Ratings are stored rounded to 2 decimals and read as numbers from both pg and PGlite. */
const rating = (name: string) => numeric(name, { precision: 4, scale: 2, mode: 'number' }).notNull().default(0);
/**
 * The sum of a rating over the reviews an aggregate counts, kept beside its average so a review write
 * moves both by its own difference instead of reading every review again (issue 38; figures.ts). Exact:
 * each rating has two decimals, and 12 digits hold ten billion of them.
 */
const ratingSum = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' }).notNull().default(0);
/**
 * How many reviews fall in each star bucket, 1 to 5 (index 0 counts the 1-star reviews): five
 * integers, kept with the other aggregates (docs/decisions/0026-rating-distribution.md).
 */
const distribution = (name: string) =>
  integer(name)
    .array()
    .$type<Distribution>()
    .notNull()
    .default(sql`'{0,0,0,0,0}'::integer[]`);

export const sides = pgTable('sides', {
  id: integer('id').primaryKey(),
  name: varchar('name', { length: 50 }).notNull().unique(),
  code: varchar('code', { length: 10 }).notNull().unique(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: varchar('username', { length: 50 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    passwordHash: text('password_hash'),
    avatarUrl: text('avatar_url'),
    createdAt: createdAt(),
    /**
     * 'user', 'moderator' or 'admin' (issue 33; docs/decisions/0048-staff-roles.md). The spec's
     * isAdmin follows from it, computed by the database, so the two can never disagree.
     */
    role: varchar('role', { length: 20 }).$type<StaffRole>().notNull().default('user'),
    isAdmin: boolean('is_admin')
      .notNull()
      .generatedAlwaysAs(sql`role = 'admin'`),
    isOfficer: boolean('is_officer').notNull().default(false),
    officerId: integer('officer_id').references((): AnyPgColumn => officers.id, { onDelete: 'set null' }),
    steamId: varchar('steam_id', { length: 20 }).unique(),
    firebaseUid: varchar('firebase_uid', { length: 128 }).unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    isBanned: boolean('is_banned').notNull().default(false),
    /**
     * A suspension's end (issue 33): the ban lifts by itself then. Null with is_banned: a permanent
     * ban. Read against the clock wherever the session user is made (sessions.ts), and cleared by
     * the housekeeping sweep, so an ended suspension never needs a moderator.
     */
    bannedUntil: timestamp('banned_until', { withTimezone: true }),
    /**
     * Reviewer signals (docs/decisions/0029-reviewer-signals.md). review_count is an aggregate kept
     * in the review writes' transactions; the Steam figures are the last ones Steam gave, refreshed
     * in the background (null: never read, private, unavailable or no Steam link).
     */
    reviewCount: integer('review_count').notNull().default(0),
    steamLevel: integer('steam_level'),
    steamTotalGames: integer('steam_total_games'),
    steamRefreshedAt: timestamp('steam_refreshed_at', { withTimezone: true }),
    hideLevel: boolean('hide_level').notNull().default(false),
    /** When the account was last linked to Steam: a review wave counts recently linked accounts as fresh (0031). */
    steamLinkedAt: timestamp('steam_linked_at', { withTimezone: true }),
    /**
     * Mail on or off per notification kind, only the kinds the user changed (the defaults live in
     * src/core/notifications.ts, so a new kind needs no migration): docs/decisions/0036-notifications-and-outbox.md.
     */
    mailPreferences: jsonb('mail_preferences').$type<Record<string, boolean>>().notNull().default({}),
    /**
     * Issue 35: the owner asked to delete the account. Until `delete_after` it can only cancel; then
     * the retention run deletes it, keeping its reviews as 'Anonymous Soldier' or deleting them too
     * (`deletion_reviews`).
     */
    deletionRequestedAt: timestamp('deletion_requested_at', { withTimezone: true }),
    deleteAfter: timestamp('delete_after', { withTimezone: true }),
    deletionReviews: varchar('deletion_reviews', { length: 10 }).$type<'anonymize' | 'delete'>(),
    /**
     * Issue 36, item 1: how often news of what the user follows is mailed, as one digest per period
     * ('off', 'daily', 'weekly'). Weekly unless changed: following is itself the request to hear.
     */
    followDigest: varchar('follow_digest', { length: 10 }).$type<'off' | 'daily' | 'weekly'>().notNull().default('weekly'),
  },
  (t) => [
    // Usernames and emails are unique regardless of case, so 'Pickett' cannot impersonate 'pickett'.
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    index('users_officer_id_idx').on(t.officerId),
    check('users_role', sql`${t.role} in ('user', 'moderator', 'admin')`),
    check('users_deletion_reviews', sql`${t.deletionReviews} in ('anonymize', 'delete')`),
    check('users_follow_digest', sql`${t.followDigest} in ('off', 'daily', 'weekly')`),
    // The retention run finds the due deletions by it.
    index('users_delete_after_idx')
      .on(t.deleteAfter)
      .where(sql`${t.deleteAfter} is not null`),
  ],
);

export const regiments = pgTable(
  'regiments',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    description: varchar('description', { length: 250 }),
    sideId: integer('side_id')
      .notNull()
      .references(() => sides.id),
    averageRating: rating('average_rating'),
    reviewCount: integer('review_count').notNull().default(0),
    officerCount: integer('officer_count').notNull().default(0),
    distributionOverall: distribution('distribution_overall'),
    overallSum: ratingSum('overall_sum'),
    bannerImageUrl: text('banner_image_url'),
    iconImageUrl: text('icon_image_url'),
    isActive: boolean('is_active').notNull().default(true),
    userId: integer('user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /** Issue 35: its owner deleted their account; admins see "owner left" and may give it a new owner. */
    ownerLeftAt: timestamp('owner_left_at', { withTimezone: true }),
    /**
     * The finder's facts (issue 36, item 5), set by the owner or an admin; null or empty when not
     * said. Checked by regimentFactsBodySchema on the way in; the checks here keep a row that
     * bypasses it from breaking the list's filters.
     */
    region: varchar('region', { length: 8 }).$type<Region>(),
    timeZone: varchar('time_zone', { length: 64 }),
    languages: varchar('languages', { length: 8 })
      .array()
      .$type<LanguageCode[]>()
      .notNull()
      .default(sql`'{}'`),
    schedule: jsonb('schedule').$type<ScheduleEvent[]>().notNull().default([]),
    minimumAge: smallint('minimum_age'),
    recruiting: boolean('recruiting'),
    discordInvite: varchar('discord_invite', { length: 100 }),
    createdAt: createdAt(),
  },
  (t) => [
    check('regiments_region', sql`${t.region} in ('NA', 'EU', 'SA', 'OCE', 'Asia')`),
    check('regiments_minimum_age', sql`${t.minimumAge} between 10 and 99`),
    index('regiments_side_rating_idx').on(t.sideId, t.averageRating),
    index('regiments_user_id_idx').on(t.userId),
    check('regiments_distribution_buckets', sql`cardinality(${t.distributionOverall}) = 5`),
    // Two regiments with one name would be indistinguishable in every list.
    uniqueIndex('regiments_name_lower_idx').on(sql`lower(${t.name})`),
  ],
);

export const officers = pgTable(
  'officers',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 60 }).notNull(),
    rank: varchar('rank', { length: 50 }).notNull(),
    regimentId: integer('regiment_id')
      .notNull()
      .references(() => regiments.id),
    averageRating: rating('average_rating'),
    leadershipRating: rating('leadership_rating'),
    tacticsRating: rating('tactics_rating'),
    communicationRating: rating('communication_rating'),
    fairnessRating: rating('fairness_rating'),
    reviewCount: integer('review_count').notNull().default(0),
    /**
     * The officer's reviews held in an open review wave (docs/decisions/0031-review-waves.md): listed
     * but counted in none of the figures beside it, so the list's total is review_count + held_count.
     */
    heldCount: integer('held_count').notNull().default(0),
    distributionOverall: distribution('distribution_overall'),
    distributionLeadership: distribution('distribution_leadership'),
    distributionTactics: distribution('distribution_tactics'),
    distributionCommunication: distribution('distribution_communication'),
    distributionFairness: distribution('distribution_fairness'),
    overallSum: ratingSum('overall_sum'),
    leadershipSum: ratingSum('leadership_sum'),
    tacticsSum: ratingSum('tactics_sum'),
    communicationSum: ratingSum('communication_sum'),
    fairnessSum: ratingSum('fairness_sum'),
    /**
     * Issue 36, item 4: how many of the reviews the figures count answered "Would you serve under this
     * officer again?" yes and no (held reviews count in neither), moved with the other figures.
     */
    wouldServeYes: integer('would_serve_yes').notNull().default(0),
    wouldServeNo: integer('would_serve_no').notNull().default(0),
    profileImageUrl: text('profile_image_url'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index('officers_regiment_id_idx').on(t.regimentId),
    // The top list walks this one (rating, then review count: an incremental sort of each rating);
    // the officer search answers from memory (docs/decisions/0025-search-catalogue.md).
    index('officers_rating_idx').on(t.averageRating, t.name, t.id),
    index('officers_name_idx').on(t.name, t.id),
    check(
      'officers_distribution_buckets',
      sql`cardinality(${t.distributionOverall}) = 5 and cardinality(${t.distributionLeadership}) = 5 and cardinality(${t.distributionTactics}) = 5 and cardinality(${t.distributionCommunication}) = 5 and cardinality(${t.distributionFairness}) = 5`,
    ),
  ],
);

/**
 * wilsonLowerBound (src/core/rating-math.ts, z = 1.96) written in SQL with the same operations in the
 * same order, so both compute the same double (reviews-read.test.ts compares them).
 *
 * The votes are read through greatest(..., 0), which changes no stored row (they never go below 0),
 * because PostgreSQL also computes the column for a candidate row it then throws away: an UPDATE
 * that waits for a concurrent vote first builds its new row from the review as its snapshot saw it,
 * computes the generated columns, and only then finds the newer version and recomputes from that.
 * A vote that undoes one the snapshot missed (a down vote replacing an up vote that is not there yet)
 * makes that candidate -1 down votes, and sqrt of a negative number failed the whole vote with a 500
 * (migration 0037).
 */
const HELPFUL_UP = 'greatest(upvotes, 0)';
const HELPFUL_DOWN = 'greatest(downvotes, 0)';
const HELPFUL_N = `(${HELPFUL_UP} + ${HELPFUL_DOWN})::double precision`;
const HELPFUL_P = `(${HELPFUL_UP}::double precision / ${HELPFUL_N})`;
const HELPFUL_Z2 = '(1.96::double precision * 1.96::double precision)';
export const HELPFUL_BOUND_SQL = `case when ${HELPFUL_UP} + ${HELPFUL_DOWN} <= 0 then 0::double precision else (${HELPFUL_P} + ${HELPFUL_Z2} / (2 * ${HELPFUL_N}) - 1.96::double precision * sqrt((${HELPFUL_P} * (1 - ${HELPFUL_P})) / ${HELPFUL_N} + ${HELPFUL_Z2} / (4 * ${HELPFUL_N} * ${HELPFUL_N}))) / (1 + ${HELPFUL_Z2} / ${HELPFUL_N}) end`;

export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    /** Null once its author deleted their account and kept it (issue 35): shown as 'Anonymous Soldier'. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    officerId: integer('officer_id')
      .notNull()
      .references(() => officers.id, { onDelete: 'cascade' }),
    ...reviewContent(),
    /**
     * Issue 36, item 4: the reviewer's answer to "Would you serve under this officer again?", null
     * when they gave none. Beside the ratings, not one of them: it moves no average.
     */
    wouldServeAgain: boolean('would_serve_again'),
    score: integer('score').notNull().default(0),
    /** The up and down votes the score nets, moved by the same vote statement (docs/decisions/0027-review-helpfulness.md). */
    upvotes: integer('upvotes').notNull().default(0),
    downvotes: integer('downvotes').notNull().default(0),
    /**
     * What sort=helpful orders by: wilsonLowerBound(upvotes, downvotes) of src/core/rating-math.ts,
     * computed by PostgreSQL whenever the votes move, so it can be indexed and never drifts.
     */
    helpfulBound: doublePrecision('helpful_bound').notNull().generatedAlwaysAs(sql.raw(HELPFUL_BOUND_SQL)),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * The review's 1-based rank among its officer's reviews by (created_at, id), dense: an officer's
     * page p is a range of positions, read through the unique constraint below instead of an OFFSET
     * scan (docs/decisions/0008-review-positions.md). 0 means "not numbered yet": bulk inserts
     * (demo seed, benchmark data) leave it and renumber before they commit.
     */
    position: integer('position').notNull().default(0),
    /**
     * Held in an open review wave (0031): shown, but counted in no figure until a moderator releases
     * it. wave_id stays after a release, so a released review is never caught again unless edited.
     */
    held: boolean('held').notNull().default(false),
    waveId: integer('wave_id').references((): AnyPgColumn => reviewWaves.id, { onDelete: 'set null' }),
    /**
     * Why the detector held it (issue 32): the rules whose signal it carries ('divergence',
     * 'fresh-accounts', 'one-regiment', 'same-text'; docs/decisions/0046-waves-hold-their-signal.md).
     * Null for a review never held; kept after a release, with the wave, as the record of the decision.
     */
    holdReasons: text('hold_reasons').array(),
    /**
     * Edit history (issue 18, item 2; docs/decisions/0038-review-edit-history.md): when the last edit
     * that changed something was made (null: never edited) and how many earlier versions
     * review_revisions keeps. Kept on the row by the edit itself, so the review lists show them
     * without a join or a count per review.
     */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    revisionCount: integer('revision_count').notNull().default(0),
    /**
     * The reviewer marked the exchange with the officer's reply resolved (issue 18, item 1). Only
     * true while a reply exists: deleting or editing the reply sets it back (docs/decisions/0037-right-of-reply.md).
     */
    resolved: boolean('resolved').notNull().default(false),
  },
  (t) => [
    uniqueIndex('reviews_user_officer_idx').on(t.userId, t.officerId),
    // DEFERRABLE INITIALLY DEFERRED in the migration (drizzle-kit cannot say so): deleting a review
    // shifts the later ones down by one in one UPDATE, which an immediate check could fail half-way
    // depending on the order rows are visited. A deferrable constraint is still an index to the planner.
    unique('reviews_officer_position_key').on(t.officerId, t.position),
    // NULLS FIRST is what a plain ORDER BY ... DESC sorts by: only then can the index serve it.
    index('reviews_officer_created_idx').on(t.officerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('reviews_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // A reviewer's profile (issue 36, item 3): a page of their counted reviews newest first reads only
    // that page's rows, and their count is read from the index alone (the officer of each, to leave
    // out officers that are not public, is its last column). Through (user_id, officer_id) a profile
    // read every review of the reviewer, each a random heap page, to sort and count them.
    index('reviews_user_counted_idx')
      .on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.officerId)
      .where(sql`not ${t.held}`),
    // The officer's figures over a window of time (the trend's months, the detail's recent figures),
    // read from the index alone: counted reviews only (held ones count in no figure, 0031), with the
    // ratings the figures average. Without it each review in the window was a random heap page.
    index('reviews_officer_counted_idx')
      .on(t.officerId, t.createdAt, t.overallRating, t.leadership, t.tactics, t.communication, t.fairness)
      .where(sql`not ${t.held}`),
    // The sorted review lists (issue 16, item 2), ties newest first: position order is (created_at, id)
    // order within an officer (0008), and an integer keeps the index small and the cursor exact.
    index('reviews_officer_helpful_idx').on(t.officerId, t.helpfulBound.desc().nullsFirst(), t.position.desc().nullsFirst()),
    index('reviews_officer_highest_idx').on(t.officerId, t.overallRating.desc().nullsFirst(), t.position.desc().nullsFirst()),
    // Lowest first, ties newest: the rating ascends while position descends, so the index holds
    // -position and every term runs one way (one row comparison for the keyset, review-order.ts).
    index('reviews_officer_lowest_idx').on(t.officerId, t.overallRating, sql`(-${t.position})`),
    // A wave's reviews, for its decision; most reviews were never in one.
    index('reviews_wave_idx')
      .on(t.waveId)
      .where(sql`${t.waveId} is not null`),
    // An officer's held reviews, counted at every recompute of its figures: almost always none.
    index('reviews_held_officer_idx')
      .on(t.officerId)
      .where(sql`${t.held}`),
    check(
      'reviews_ratings_range',
      sql`${t.leadership} between 0 and 5 and ${t.tactics} between 0 and 5 and ${t.communication} between 0 and 5 and ${t.fairness} between 0 and 5`,
    ),
  ],
);

/**
 * The versions a review's edits replaced (issue 18, item 2; docs/decisions/0038-review-edit-history.md):
 * written in the edit's transaction, one row per edit that changed something, never changed
 * afterwards, and deleted with the review. `version` numbers a review's versions from 1 (as first
 * written) and, with the review, is the key; `written_at` is when that version was written (the
 * review's creation, or the edit that made it).
 */
export const reviewRevisions = pgTable(
  'review_revisions',
  {
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    ...reviewContent(),
    writtenAt: timestamp('written_at', { withTimezone: true }).notNull(),
  },
  // A review's history is read whole, in version order, through its key.
  (t) => [primaryKey({ name: 'review_revisions_pkey', columns: [t.reviewId, t.version] })],
);

/**
 * A burst of reviews of one officer held out of the figures until a moderator decides (issue 17;
 * docs/decisions/0031-review-waves.md). `detections` keeps every rule that fired, with its figures,
 * in the order they fired; from/to span the wave's reviews. At most one open wave per officer.
 */
export const reviewWaves = pgTable(
  'review_waves',
  {
    id: serial('id').primaryKey(),
    officerId: integer('officer_id')
      .notNull()
      .references((): AnyPgColumn => officers.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 20 }).notNull().default('open'),
    detections: jsonb('detections').$type<WaveDetection[]>().notNull(),
    fromAt: timestamp('from_at', { withTimezone: true }).notNull(),
    toAt: timestamp('to_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /** How many reviews the decisions released or removed in all (the reviews of a removed wave are gone). */
    decidedCount: integer('decided_count'),
    /**
     * Issue 32: moderators decide review by review. How many of its reviews were released and how
     * many removed so far; the wave closes when none is left held, 'released' or 'removed' when all
     * went one way, 'mixed' otherwise.
     */
    releasedCount: integer('released_count').notNull().default(0),
    removedCount: integer('removed_count').notNull().default(0),
  },
  (t) => [
    uniqueIndex('review_waves_open_officer_idx')
      .on(t.officerId)
      .where(sql`${t.status} = 'open'`),
    index('review_waves_status_idx').on(t.status, t.createdAt),
    check('review_waves_status', sql`${t.status} in ('open', 'released', 'removed', 'mixed')`),
  ],
);

/**
 * Issue 32, item 3: an account whose review in a wave was removed cannot review that officer again
 * until `until` (WAVE_COOLDOWN_DAYS after the removal). One row per account and officer; a later
 * removal moves it on. Goes with the account or the officer.
 */
export const reviewCooldowns = pgTable(
  'review_cooldowns',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    officerId: integer('officer_id')
      .notNull()
      .references((): AnyPgColumn => officers.id, { onDelete: 'cascade' }),
    until: timestamp('until', { withTimezone: true }).notNull(),
    waveId: integer('wave_id').references((): AnyPgColumn => reviewWaves.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.officerId] })],
);

/**
 * The officer's public reply to a review (issue 18, item 1): at most one per review, gone with the
 * review. `user_id` is the linked account that wrote it (null once that account is deleted: the reply
 * speaks for the officer, not the account); any account linked to the officer may change it.
 */
export const reviewReplies = pgTable('review_replies', {
  id: serial('id').primaryKey(),
  reviewId: integer('review_id')
    .notNull()
    .unique('review_replies_review_key')
    .references(() => reviews.id, { onDelete: 'cascade' }),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  text: varchar('text', { length: 500 }).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const reviewFlags = pgTable(
  'review_flags',
  {
    id: serial('id').primaryKey(),
    /**
     * Null once the review is gone (issue 33): a flag outlives what it flagged, so the transparency
     * report's flags received and decided stay a recount of this table.
     */
    reviewId: integer('review_id').references(() => reviews.id, { onDelete: 'set null' }),
    /** Null once the flagger deleted their account (issue 35): the flag and its decision still count. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: varchar('reason', { length: 500 }).notNull(),
    /**
     * 'pending' until staff decide: 'approved' (kept, flags cleared) or 'upheld' (removed); 'dropped'
     * when what it flagged went another way (its author deleted it, or its officer went).
     */
    status: varchar('status', { length: 20 }).notNull().default('pending'),
    createdAt: createdAt(),
    /** When staff decided it (approved or upheld): the report's time from flag to decision. */
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /**
     * Set when the flag is on the review's reply rather than the review (issue 18, item 1): one
     * moderation queue, the flag says which (`on_reply`, which stays when the reply is gone).
     */
    replyId: integer('reply_id').references(() => reviewReplies.id, { onDelete: 'set null' }),
    onReply: boolean('on_reply').notNull().default(false),
  },
  (t) => [
    index('review_flags_review_idx').on(t.reviewId),
    index('review_flags_status_idx').on(t.status),
    index('review_flags_created_idx').on(t.createdAt),
    // One open flag per user per review, even for two clicks at the same instant; and per reply.
    uniqueIndex('review_flags_open_per_user_idx')
      .on(t.reviewId, t.userId)
      .where(sql`${t.status} = 'pending' and not ${t.onReply}`),
    uniqueIndex('review_flags_open_reply_per_user_idx')
      .on(t.replyId, t.userId)
      .where(sql`${t.status} = 'pending' and ${t.onReply}`),
  ],
);

export const reviewVotes = pgTable(
  'review_votes',
  {
    id: serial('id').primaryKey(),
    /** Null once the voter deleted their account (issue 35): the vote still counts in the score. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    vote: smallint('vote').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('review_votes_user_review_idx').on(t.userId, t.reviewId),
    index('review_votes_review_idx').on(t.reviewId),
    check('review_votes_vote_range', sql`${t.vote} in (-1, 0, 1)`),
  ],
);

export const regimentRegistrations = pgTable(
  'regiment_registrations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    description: varchar('description', { length: 250 }),
    sideId: integer('side_id')
      .notNull()
      .references(() => sides.id),
    status: varchar('status', { length: 20 }).notNull().default('pending'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    notes: text('notes'),
    bannerImageUrl: text('banner_image_url'),
    iconImageUrl: text('icon_image_url'),
    /** The regiment an approval created: My Registrations links to it (issue 18, item 3). */
    createdRegimentId: integer('created_regiment_id').references((): AnyPgColumn => regiments.id, { onDelete: 'set null' }),
  },
  (t) => [index('regiment_registrations_status_idx').on(t.status, t.createdAt), index('regiment_registrations_user_idx').on(t.userId)],
);

export const officerRegistrations = pgTable(
  'officer_registrations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 60 }).notNull(),
    rank: varchar('rank', { length: 50 }).notNull(),
    regimentId: integer('regiment_id')
      .notNull()
      .references(() => regiments.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 20 }).notNull().default('pending'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    notes: text('notes'),
    proofUrl: text('proof_url'),
    profileImageUrl: text('profile_image_url'),
    /** The officer an approval created: My Registrations links to it (issue 18, item 3). */
    createdOfficerId: integer('created_officer_id').references((): AnyPgColumn => officers.id, { onDelete: 'set null' }),
  },
  (t) => [index('officer_registrations_status_idx').on(t.status, t.createdAt), index('officer_registrations_user_idx').on(t.userId)],
);

/**
 * Server-side sessions. `id` is an HMAC of the random cookie value, so the table alone cannot be
 * replayed as cookies. Anonymous sessions (userId null) exist to carry a CSRF token before sign-in.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    csrfToken: varchar('csrf_token', { length: 64 }).notNull(),
    createdAt: createdAt(),
    /** Idle expiry: pushed forward while the session is used, never past absoluteExpiresAt. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Issue 34: a sign-in half done. The password (or Firebase token) was right and the account has a
     * second factor: the row has no user yet, only the account it waits to sign in, for a few minutes.
     */
    pendingUserId: integer('pending_user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** When this session last passed a second-factor check: sign-in with one, or a step-up (issue 34, item 5). */
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

/**
 * A Steam link in progress: the exact return_to we issued, bound to the session and user that
 * started it. Single use (deleted by the callback), short-lived.
 */
export const steamLinkStates = pgTable('steam_link_states', {
  id: varchar('id', { length: 64 }).primaryKey(),
  sessionId: varchar('session_id', { length: 64 }).notNull(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  returnTo: text('return_to').notNull(),
  redirectPath: text('redirect_path').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** OpenID response nonces already accepted, so an assertion cannot be replayed (across processes too). */
export const openIdNonces = pgTable('openid_nonces', {
  nonce: varchar('nonce', { length: 255 }).primaryKey(),
  createdAt: createdAt(),
});

/** Steam Web API answers (success and failure), cached so page views do not spend the key's quota. */
export const steamStatsCache = pgTable('steam_stats_cache', {
  steamId: varchar('steam_id', { length: 20 }).primaryKey(),
  result: jsonb('result').notNull(),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
});

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // PGlite answers Uint8Array, pg answers Buffer: hand out Buffers either way.
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Uploaded images, re-encoded to WebP (metadata stripped) before they are stored. Served by id
 * (`/api/images/{id}.webp`); no user-supplied name or path is ever used.
 */
export const images = pgTable(
  'images',
  {
    id: varchar('id', { length: 32 }).primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: varchar('kind', { length: 20 }).notNull(),
    contentType: varchar('content_type', { length: 50 }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    byteSize: integer('byte_size').notNull(),
    data: bytea('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('images_user_id_idx').on(t.userId)],
);

/** Every administrative action, written in the same transaction as the action itself. */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: serial('id').primaryKey(),
    adminId: integer('admin_id').references(() => users.id, { onDelete: 'set null' }),
    action: varchar('action', { length: 50 }).notNull(),
    targetType: varchar('target_type', { length: 30 }).notNull(),
    targetId: integer('target_id'),
    summary: text('summary').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('admin_audit_log_created_idx').on(t.createdAt.desc().nullsFirst())],
);

/**
 * Single-use codes mailed to users: email verification (24 h) and password reset (1 h). Only a
 * SHA-256 of the code is stored, so the table cannot be used to verify or reset anything.
 */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: varchar('purpose', { length: 20 }).notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('auth_tokens_hash_idx').on(t.tokenHash), index('auth_tokens_user_idx').on(t.userId, t.purpose)],
);

/** A transaction id as PostgreSQL's xid8 (64 bits, never wraps); read and written as decimal text. */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

/**
 * What changed among the officers, regiments and linked accounts the search shows, written by
 * triggers (migration 0013_catalogue_triggers.sql) whoever writes: the app, the admin CLI, a repair.
 * Each app process keeps the search catalogue in memory and reads here what changed since it last
 * looked (src/server/domain/catalogue/catalogue-sync.ts; docs/decisions/0025-search-catalogue.md).
 * `xid` is the writing transaction, so a process that looked while a transaction was still open
 * finds its rows the next time (it looks again from the oldest transaction then running).
 */
export const catalogueChanges = pgTable(
  'catalogue_changes',
  {
    xid: xid8('xid')
      .notNull()
      .default(sql`pg_current_xact_id()`),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    officerId: integer('officer_id'),
    regimentId: integer('regiment_id'),
  },
  (t) => [index('catalogue_changes_xid_idx').on(t.xid), index('catalogue_changes_at_idx').on(t.at)],
);

/**
 * The community mean the rankings weigh every rating against (issue 16, item 3;
 * docs/decisions/0030-bayesian-ranking.md): one row, published from the regiments' figures when it
 * is refreshed, so every process ranks against the same figure and a kept answer is forgotten
 * exactly when it moves.
 */
export const rankingPrior = pgTable(
  'ranking_prior',
  {
    id: smallint('id').primaryKey().default(1),
    communityMean: numeric('community_mean', { precision: 4, scale: 2, mode: 'number' }).notNull().default(0),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('ranking_prior_one_row', sql`${t.id} = 1`)],
);

/**
 * What became of a user's submissions and profile (issue 18, item 4): one row per event, written in
 * the transaction of the write that caused it. `data` holds the event's facts; the text is made
 * from them when read (src/core/notifications.ts), so a wording change reaches old rows too.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 40 }).notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_id_idx').on(t.userId, t.id.desc()),
    // The unread count rides on every auth status poll: an index of the unread rows only.
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
  ],
);

/**
 * Work to do after a write commits (mail now, regiment webhooks next): a row inserted in the
 * write's own transaction, claimed by a worker in any process (FOR UPDATE SKIP LOCKED), retried
 * with exponential backoff, deleted once delivered (src/server/platform/outbox/; docs/decisions/0036).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 40 }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** Not before: the next attempt's time, or the end of a claim's lease while one is delivering. */
    availableAt: timestamp('available_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** Set when the attempts are spent: the row stays for an operator to read, and is not tried again. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('outbox_due_idx')
      .on(t.availableAt)
      .where(sql`${t.failedAt} is null`),
  ],
);

/**
 * A regiment's Discord webhook (issue 19, item 3; docs/decisions/0039-regiment-webhooks.md). Its
 * own table, not columns of regiments, so no read of a regiment (public, cached, in the OpenAPI
 * document) can ever select the URL: the URL is a secret (anyone holding it can post as the
 * webhook), read only by the outbox's deliverer. Goes with its regiment.
 */
export const regimentWebhooks = pgTable('regiment_webhooks', {
  regimentId: integer('regiment_id')
    .primaryKey()
    .references(() => regiments.id, { onDelete: 'cascade' }),
  url: text('url').notNull(),
  /** Who saved it: told when it is turned off if the regiment has no owner. */
  setBy: integer('set_by').references(() => users.id, { onDelete: 'set null' }),
  /** Failed deliveries in a row (network, timeout, 5xx), and since when; a success clears both. */
  failures: integer('failures').notNull().default(0),
  failingSince: timestamp('failing_since', { withTimezone: true }),
  lastError: text('last_error'),
  /** Set when Discord says the webhook is gone, or after repeated failures; saving a URL clears it. */
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  disabledReason: varchar('disabled_reason', { length: 20 }).$type<'gone' | 'failing'>(),
  updatedAt: updatedAt(),
});

/**
 * Statements of reasons (issue 33, item 3; docs/decisions/0049-statements-and-appeals.md): one row
 * per staff action that affects a user, written in the action's transaction. The affected user reads
 * theirs in full (/settings/standing); the public moderation log shows each row without the user,
 * the facts or the subject. `subject` says what the action was about, for the user alone ("Your
 * review of Maj. Hooker"). `ends_at` is a suspension's end.
 */
export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 30 }).$type<ModerationActionKind>().notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    ground: varchar('ground', { length: 40 }).notNull(),
    facts: text('facts').notNull(),
    automated: boolean('automated').notNull().default(false),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorRole: varchar('actor_role', { length: 20 }).$type<ActorRole>().notNull(),
    /** What was acted on: a review, a reply, a user, or a regiment or officer registration. */
    targetType: varchar('target_type', { length: 30 }).$type<ModerationTargetType>().notNull(),
    targetId: integer('target_id'),
    subject: text('subject').notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    appealableUntil: timestamp('appealable_until', { withTimezone: true }).notNull(),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('moderation_actions_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('moderation_actions_user_idx').on(t.userId),
    check(
      'moderation_actions_kind',
      sql`${t.kind} in ('review_removal', 'reply_removal', 'wave_removal', 'suspension', 'ban', 'registration_rejection')`,
    ),
  ],
);

/**
 * What a removal took out of the live tables (issue 33, item 2), kept for the appeal window so a
 * reversal puts it back exactly as it was: the review's row, its versions, votes and reply, and the
 * ids of its flags; or a reply's row. Deleted for good after `purge_after` (housekeeping).
 */
export const removedContent = pgTable(
  'removed_content',
  {
    actionId: integer('action_id')
      .primaryKey()
      .references(() => moderationActions.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 10 }).$type<'review' | 'reply'>().notNull(),
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
    purgeAfter: timestamp('purge_after', { withTimezone: true }).notNull(),
  },
  (t) => [index('removed_content_purge_idx').on(t.purgeAfter)],
);

/** One appeal per action (issue 33, item 5), decided by a staff member other than the one who acted. */
export const appeals = pgTable(
  'appeals',
  {
    id: serial('id').primaryKey(),
    actionId: integer('action_id')
      .notNull()
      .unique('appeals_action_key')
      .references(() => moderationActions.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    status: varchar('status', { length: 20 }).$type<AppealStatus>().notNull().default('open'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decisionReason: text('decision_reason'),
  },
  (t) => [index('appeals_status_idx').on(t.status, t.createdAt), check('appeals_status', sql`${t.status} in ('open', 'upheld', 'reversed')`)],
);

/** Private staff notes on a case (issue 33, item 7): a review's flags, its reply's, a wave, an appeal. */
export const caseNotes = pgTable(
  'case_notes',
  {
    id: serial('id').primaryKey(),
    caseType: varchar('case_type', { length: 20 }).$type<CaseType>().notNull(),
    caseId: integer('case_id').notNull(),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('case_notes_case_idx').on(t.caseType, t.caseId, t.createdAt)],
);

/** Who is working a case (issue 33, item 7), so two moderators do not decide the same thing twice. */
export const caseAssignments = pgTable(
  'case_assignments',
  {
    caseType: varchar('case_type', { length: 20 }).$type<CaseType>().notNull(),
    caseId: integer('case_id').notNull(),
    assigneeId: integer('assignee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assignedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.caseType, t.caseId] })],
);

/**
 * Issue 34: an authenticator app (TOTP, RFC 6238). The secret is kept encrypted (second-factor
 * crypto, docs/decisions/0050-second-factor.md); `enabledAt` is null while it is being set up.
 * `lastUsedStep` is the time step of the last code accepted: a code is good once.
 */
export const totpFactors = pgTable('totp_factors', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: varchar('secret', { length: 200 }).notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }).notNull().default(0),
  createdAt: createdAt(),
});

/** Issue 34: a WebAuthn credential (a passkey or a security key), named by its owner. */
export const passkeys = pgTable(
  'passkeys',
  {
    /** The credential id, base64url, as the authenticator made it. */
    id: varchar('id', { length: 1400 }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 60 }).notNull(),
    publicKey: bytea('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('passkeys_user_id_idx').on(t.userId)],
);

/** Issue 34: one-time recovery codes, kept only as keyed hashes (ASVS 6.5.2). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('recovery_codes_user_code_idx').on(t.userId, t.codeHash)],
);

/**
 * Issue 34: a WebAuthn challenge the server issued, bound to the browser that asked for it (its
 * session key), single use and short-lived. `userId` is the account it is for, null for a
 * passkey sign-in that names no account.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    challenge: varchar('challenge', { length: 128 }).primaryKey(),
    sessionKey: varchar('session_key', { length: 64 }).notNull(),
    purpose: varchar('purpose', { length: 20 }).$type<'register' | 'authenticate'>().notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('webauthn_challenges_expires_at_idx').on(t.expiresAt)],
);

/** Issue 34, item 7: the browsers a staff account has signed in from, by a keyed hash of their cookie. */
export const knownBrowsers = pgTable(
  'known_browsers',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    browserHash: varchar('browser_hash', { length: 64 }).notNull(),
    firstSeenAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.browserHash] })],
);

/**
 * Issue 36, item 1: a user follows one officer or one regiment (exactly one of the two). Their news
 * (a counted review, an officer's reply, a regiment's new officer) reaches the follower in the bell
 * and in the mail digest. Goes with the account, the officer or the regiment.
 */
export const follows = pgTable(
  'follows',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    officerId: integer('officer_id').references(() => officers.id, { onDelete: 'cascade' }),
    regimentId: integer('regiment_id').references(() => regiments.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('follows_one_target', sql`(${t.officerId} is null) <> (${t.regimentId} is null)`),
    // Following twice is one follow (POST answers the existing one); the fan-out reads by target.
    uniqueIndex('follows_user_officer_idx').on(t.userId, t.officerId),
    uniqueIndex('follows_user_regiment_idx').on(t.userId, t.regimentId),
    index('follows_officer_idx').on(t.officerId),
    index('follows_regiment_idx').on(t.regimentId),
  ],
);

/**
 * Issue 36, item 1: one row per digest mail, covering the follow notifications written after `since`
 * and before `through` (the start of the period it was sent in). The unique pair is what makes the
 * digest sweep idempotent across app processes: only the process whose insert wins queues the mail.
 */
export const followDigests = pgTable(
  'follow_digests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    since: timestamp('since', { withTimezone: true }).notNull(),
    through: timestamp('through', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('follow_digests_user_through_idx').on(t.userId, t.through)],
);
