/**
 * Response shapes of the public API (spec sections 3 and 7). The server serializes through these
 * schemas, so a column that is not listed here can never leak; the web app uses the inferred types.
 */
import { z } from 'zod';
import { SECOND_FACTOR_METHODS } from './second-factor.js';
import { DIGEST_FREQUENCIES } from './digest.js';
import { mailPreferencesSchema } from './schemas/notifications.js';
import { REVIEW_VERSION_RATINGS } from './review-history.js';
import { WAVE_RULES } from './review-waves.js';
import { GRANTABLE_ROLES, STAFF_ROLES } from './staff-roles.js';
import { APPEAL_STATUSES, CASE_TYPES, GROUND_CODES, MODERATION_ACTION_KINDS, MODERATION_LIMITS } from './moderation.js';
import { moderationMessages } from './messages/moderation.js';
import { LANGUAGE_CODES, REGIONS, WEEKDAYS } from './regiment-facts.js';

/**
 * ISO 8601 text (the server sends `Date#toISOString()`). Not a transform from Date: the response
 * serializer of fastify-type-provider-zod 7 *encodes* through these schemas, and a one-way transform
 * cannot encode (it throws, which turned every review answer into a 500).
 */
const isoDate = z.string();

export const sideSchema = z.object({ id: z.number(), name: z.string(), code: z.string() });
export type Side = z.infer<typeof sideSchema>;

/** The finder's facts (issue 36, item 5) in every regiment answer: null or empty when the owner has not said. */
const regimentFactsSchema = z.object({
  region: z.enum(REGIONS).nullable().describe('NA, EU, SA, OCE or Asia.'),
  timeZone: z.string().nullable().describe('The IANA time zone of the schedule, such as America/New_York.'),
  languages: z.array(z.enum(LANGUAGE_CODES)).describe('ISO 639-1 codes, such as en and de.'),
  schedule: z
    .array(z.object({ day: z.enum(WEEKDAYS), time: z.string().describe('HH:MM, 24-hour clock, in timeZone.'), what: z.string() }))
    .describe('Weekly events.'),
  minimumAge: z.number().nullable(),
  recruiting: z.boolean().nullable(),
  discordInvite: z.string().nullable().describe('A https://discord.gg/... or https://discord.com/invite/... link.'),
});

export const regimentSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  sideId: z.number(),
  averageRating: z.number(),
  reviewCount: z.number(),
  officerCount: z.number(),
  bannerImageUrl: z.string().nullable(),
  iconImageUrl: z.string().nullable(),
  isActive: z.boolean(),
  userId: z.number().nullable(),
  side: z.object({ name: z.string(), code: z.string() }),
  sideName: z.string(),
  submitterUsername: z.string().nullable(),
  /** Issue 35: its owner deleted their account; admins see "owner left". */
  ownerLeft: z.boolean().optional(),
  ...regimentFactsSchema.shape,
});
export type Regiment = z.infer<typeof regimentSchema>;

/**
 * The figure rankings order by (issue 16, item 3): the Bayesian average of the rating, null without
 * reviews. The displayed average stays the plain mean (averageRating); rankScore says why an item
 * with a few perfect reviews ranks below one with many good ones.
 */
const rankScore = z.number().nullable();

/** A regiment in a ranking: GET /api/regiments (the Regiments tab sorts by it) and the featured regiments. */
export const rankedRegimentSchema = regimentSchema.extend({ rankScore });
export type RankedRegiment = z.infer<typeof rankedRegimentSchema>;

/**
 * GET /api/regiments: the spec's whole list, or with `limit` one page of it (issue 38, item 2) and
 * the opaque cursor of the next page (null on the last).
 */
export const regimentPageSchema = z.object({ regiments: z.array(rankedRegimentSchema), nextCursor: z.string().nullable() });
export type RegimentPage = z.infer<typeof regimentPageSchema>;
export const regimentListAnswerSchema = z.union([
  z.array(rankedRegimentSchema).describe('Without limit: every active regiment, in name order.'),
  regimentPageSchema.describe(
    'With limit: the next limit regiments in name order after cursor, and nextCursor to pass as cursor for the page after (null on the last page).',
  ),
]);

/**
 * How many reviews fall in each star bucket: [1 star, 2, 3, 4, 5 stars] (issue 16; the bucket rule is
 * starBucket in rating-math.ts).
 */
export const distributionSchema = z.tuple([z.number(), z.number(), z.number(), z.number(), z.number()]);

/**
 * GET /api/regiments/{id}: the regiment and the star distribution of its reviews. Only this answer
 * carries it; lists and edits answer regimentSchema.
 */
export const regimentDetailSchema = regimentSchema.extend({ distribution: z.object({ overall: distributionSchema }) });
export type RegimentDetail = z.infer<typeof regimentDetailSchema>;

export const officerSchema = z.object({
  id: z.number(),
  name: z.string(),
  rank: z.string(),
  regimentId: z.number(),
  averageRating: z.number().nullable(),
  leadershipRating: z.number().nullable(),
  tacticsRating: z.number().nullable(),
  communicationRating: z.number().nullable(),
  fairnessRating: z.number().nullable(),
  reviewCount: z.number(),
  profileImageUrl: z.string().nullable(),
  isActive: z.boolean(),
  side: sideSchema,
  regiment: z.object({
    id: z.number(),
    name: z.string(),
    description: z.string().nullable(),
    bannerImageUrl: z.string().nullable(),
  }),
  regimentName: z.string(),
  linkedUsername: z.string().nullable(),
  linkedSteamId: z.string().nullable(),
});
export type Officer = z.infer<typeof officerSchema>;

/** An officer in a ranking: the top lists and search (whose rating orders follow rankScore). */
export const rankedOfficerSchema = officerSchema.extend({ rankScore });
export type RankedOfficer = z.infer<typeof rankedOfficerSchema>;

/**
 * The officer's figures over the last 90 days (today UTC and the 89 days before; issue 16): how many
 * reviews, and their averages rounded to 2 decimals as the all-time ones are. Without a review in
 * the window the count is 0 and every average null (no rating, not a 0.0).
 */
export const recentFiguresSchema = z.object({
  reviewCount: z.number(),
  averageRating: z.number().nullable(),
  leadership: z.number().nullable(),
  tactics: z.number().nullable(),
  communication: z.number().nullable(),
  fairness: z.number().nullable(),
});

/**
 * GET /api/officers/{id}: the officer, the star distributions of its reviews, overall and per
 * category, and its recent figures. Only this answer carries them; lists, search and edits answer
 * officerSchema.
 */
export const officerDetailSchema = officerSchema.extend({
  distribution: z.object({
    overall: distributionSchema,
    leadership: distributionSchema,
    tactics: distributionSchema,
    communication: distributionSchema,
    fairness: distributionSchema,
  }),
  recent: recentFiguresSchema,
  /**
   * Issue 17: the officer's review wave being checked, if any (docs/decisions/0031-review-waves.md):
   * when its reviews were written, and how many are held out of every figure until a moderator decides.
   */
  openWave: z.object({ from: isoDate, to: isoDate, heldCount: z.number() }).nullable(),
  /**
   * Issue 36, item 4: how many of the reviews the figures count answered "Would you serve under this
   * officer again?" yes and no (held and removed reviews count in neither). The page shows the share
   * of yes from WOULD_SERVE_MIN_ANSWERS answers on.
   */
  wouldServeAgain: z.object({ yes: z.number(), no: z.number() }),
});
/**
 * GET /api/regiments/{id}/ratings (issue 36, item 2: the comparison): what the regiment answer does
 * does not carry, read from the reviews of its active officers that count (held ones do not), as
 * its average is: the all-time average of each category, and the figures of the last 90 days; and
 * the star distribution the regiment answer also has, so that this answer and the lists' regiment
 * make a whole column (the regiment answer's cached copy may be a list's or an edit's, without it).
 */
export const regimentRatingsSchema = z.object({
  leadershipRating: z.number().nullable(),
  tacticsRating: z.number().nullable(),
  communicationRating: z.number().nullable(),
  fairnessRating: z.number().nullable(),
  recent: recentFiguresSchema,
  distribution: z.object({ overall: distributionSchema }),
});
export type RegimentRatings = z.infer<typeof regimentRatingsSchema>;

export type OpenWave = NonNullable<z.infer<typeof officerDetailSchema>['openWave']>;
export type OfficerDetail = z.infer<typeof officerDetailSchema>;

/**
 * GET /api/officers/{id}/trend: the officer's reviews month by month (UTC) over the last 12 months,
 * this one included, oldest first. Every month is listed; one without reviews has reviewCount 0
 * and averageRating null. The average is of the overall ratings, rounded to 2 decimals.
 */
export const officerTrendSchema = z.array(
  z.object({
    month: z.string().regex(/^\d{4}-\d{2}$/),
    reviewCount: z.number(),
    averageRating: z.number().nullable(),
  }),
);
export type OfficerTrend = z.infer<typeof officerTrendSchema>;

/**
 * One page of GET /api/search/officers: the officers, how many match the filters in all, and the
 * opaque cursor of the next page (null on the last page). docs/decisions/0019-search-paging.md.
 */
export const officerSearchPageSchema = z.object({
  officers: z.array(rankedOfficerSchema),
  totalCount: z.number(),
  nextCursor: z.string().nullable(),
});
export type OfficerSearchPage = z.infer<typeof officerSearchPageSchema>;

/**
 * GET /api/search/suggestions?q=&sideId=: what the search boxes suggest while a person types (issue
 * 15), the best 8 officers and regiments for the words so far, best first, typos forgiven. An officer
 * links to /officer/{id}, a regiment to /regiment/{id}.
 */
export const officerSuggestionSchema = z.object({
  kind: z.literal('officer'),
  id: z.number(),
  name: z.string(),
  rank: z.string(),
  regimentName: z.string(),
  sideCode: z.string(),
  averageRating: z.number().nullable(),
  reviewCount: z.number(),
});
export const regimentSuggestionSchema = z.object({
  kind: z.literal('regiment'),
  id: z.number(),
  name: z.string(),
  sideCode: z.string(),
  officerCount: z.number(),
});
export const suggestionSchema = z.discriminatedUnion('kind', [officerSuggestionSchema, regimentSuggestionSchema]);
export const suggestionsSchema = z.object({ suggestions: z.array(suggestionSchema) });
export type Suggestion = z.infer<typeof suggestionSchema>;
export type Suggestions = z.infer<typeof suggestionsSchema>;

/**
 * GET /api/search/regiments?q=&sideId=&limit=: the regiment choices of a searchable selector, so a
 * screen need not download every regiment to offer one (issue 15, item 5). Without q, the first
 * `limit` by name; with q, the best matches first. `totalCount` says how many match in all.
 */
export const regimentChoiceSchema = z.object({ id: z.number(), name: z.string(), sideId: z.number(), sideName: z.string() });
export const regimentChoicesSchema = z.object({ regiments: z.array(regimentChoiceSchema), totalCount: z.number() });
export type RegimentChoice = z.infer<typeof regimentChoiceSchema>;
export type RegimentChoices = z.infer<typeof regimentChoicesSchema>;

/** The officer's reply to a review (issue 18, item 1). */
export const reviewReplySchema = z
  .object({ text: z.string(), createdAt: isoDate, updatedAt: isoDate })
  .describe(
    "The reviewed officer's public reply, shown as 'Response from {officer}'. Written by the account linked to the officer " +
      '(PUT /api/reviews/{id}/reply, DELETE the same), flagged with POST /api/reviews/{id}/reply/flag; null when there is none.',
  );
export type ReviewReply = z.infer<typeof reviewReplySchema>;

/** What a review, or one of its earlier versions, says. */
const reviewContentShape = {
  text: z.string(),
  leadership: z.number(),
  tactics: z.number(),
  communication: z.number(),
  fairness: z.number(),
  overallRating: z.number(),
};

export const reviewSchema = z.object({
  id: z.number(),
  /** Null once its author deleted their account and kept the review (issue 35): shown as 'Anonymous Soldier'. */
  userId: z.number().nullable(),
  officerId: z.number(),
  ...reviewContentShape,
  wouldServeAgain: z
    .boolean()
    .nullable()
    .describe('Issue 36, item 4: the answer to "Would you serve under this officer again?"; null when the reviewer gave none. Moves no rating.'),
  score: z.number(),
  /** Beside the spec's net `score` (issue 16, item 2): the helpful and unhelpful votes it nets. */
  upvotes: z.number(),
  downvotes: z.number(),
  /** Issue 17: held in a review wave being checked: listed, but counted in no figure. */
  held: z.boolean(),
  /**
   * Issue 18, item 1: the officer's public reply ("Response from {officer}"), and whether the reviewer
   * marked the exchange resolved (only ever true while there is a reply). docs/decisions/0037-right-of-reply.md.
   */
  reply: reviewReplySchema.nullable(),
  resolved: z
    .boolean()
    .describe('The reviewer marked the exchange with the reply resolved (POST /api/reviews/{id}/resolved); false without a reply.'),
  createdAt: isoDate,
  updatedAt: isoDate,
  /**
   * Issue 18, item 2: when the review was last edited (null: never), and how many earlier versions
   * GET /api/reviews/{id}/revisions lists (docs/decisions/0038-review-edit-history.md).
   */
  editedAt: isoDate.nullable(),
  revisionCount: z.number(),
  officer: z.object({ id: z.number(), name: z.string(), rank: z.string() }),
  regiment: z.object({ id: z.number(), name: z.string() }),
  /**
   * The spec's author identity, and beside it the reviewer's signals (issue 16, item 5;
   * docs/decisions/0029-reviewer-signals.md): the War of Rights level and total games from the last
   * Steam statistics read (null when hidden, private, unavailable or without a Steam link; hiding
   * the level hides only the level), how many reviews they wrote, and when the account was created.
   */
  user: z.object({
    /** Issue 36, item 3: the author's account, whose profile is /reviewer/{id}; null once it is gone (issue 35). */
    id: z.number().nullable(),
    username: z.string().nullable(),
    steamId: z.string().nullable(),
    level: z.number().nullable(),
    totalGames: z.number().nullable(),
    reviewCount: z.number(),
    /** Null for a review whose author's account is gone (issue 35). */
    memberSince: isoDate.nullable(),
  }),
});
export type Review = z.infer<typeof reviewSchema>;

/**
 * GET /api/reviews/{id}/vote: the signed-in user's vote (the spec's `value`, 0 for none) and, beside
 * it, whether their flag on the review is open and whether their flag on its reply is (issue 32: two
 * flags, never one for the other). docs/decisions/0017-per-user-review-state.md.
 */
export const reviewViewerStateSchema = z.object({ value: z.number(), flagged: z.boolean(), replyFlagged: z.boolean() });
export type ReviewViewerState = z.infer<typeof reviewViewerStateSchema>;
export type ReviewAuthor = Review['user'];

/** What a version of a review changed from the one before it: whether the text did, and each rating that moved. */
export const reviewVersionChangesSchema = z.object({
  text: z.boolean(),
  ratings: z.array(z.object({ rating: z.enum(REVIEW_VERSION_RATINGS), from: z.number(), to: z.number() })),
});

/**
 * One version of a review: what it said and when it was written (the review's creation, or the
 * edit that made it). `changes` is what it changed from the version before it, null for the oldest
 * version kept.
 */
export const reviewVersionSchema = z.object({
  version: z.number(),
  isCurrent: z.boolean(),
  writtenAt: isoDate,
  ...reviewContentShape,
  changes: reviewVersionChangesSchema.nullable(),
});
export type ReviewVersion = z.infer<typeof reviewVersionSchema>;

/**
 * GET /api/reviews/{id}/revisions (issue 18, item 2): the review's versions, newest first, the
 * current one first of all. The oldest version listed is the review as first written (its
 * writtenAt is createdAt) unless the review was edited before its history was kept.
 */
export const reviewRevisionsSchema = z.object({
  reviewId: z.number(),
  officerId: z.number(),
  createdAt: isoDate,
  editedAt: isoDate.nullable(),
  revisionCount: z.number(),
  versions: z.array(reviewVersionSchema),
});
export type ReviewRevisions = z.infer<typeof reviewRevisionsSchema>;

/**
 * GET /api/reviewers/{userId} (issue 36, item 3): a reviewer's public profile. The Steam level is
 * absent, not null, when its owner hides it (their settings) or Steam gave none: a hidden level
 * never leaves the server. `officer` is the officer the account is linked to, with its regiment,
 * while both are public.
 */
export const reviewerSchema = z.object({
  id: z.number(),
  username: z.string(),
  steamId: z.string().nullable(),
  memberSince: isoDate,
  level: z.number().optional(),
  totalGames: z.number().nullable(),
  officer: z.object({ id: z.number(), name: z.string(), rank: z.string(), regiment: z.object({ id: z.number(), name: z.string() }) }).nullable(),
});
export type Reviewer = z.infer<typeof reviewerSchema>;

/**
 * The profile with one page of the reviews that count (newest first; none held in a review wave,
 * none of an officer who is not public), `totalCount` of them in all, and the next page's number
 * (null on the last).
 */
export const reviewerProfileSchema = z.object({
  reviewer: reviewerSchema,
  reviews: z.array(reviewSchema),
  totalCount: z.number(),
  nextPage: z.number().nullable(),
});
export type ReviewerProfile = z.infer<typeof reviewerProfileSchema>;

/** GET and PUT /api/users/me/settings: the signed-in user's own choices. */
/** `digest`: how often news of what the user follows is mailed (issue 36, item 1). */
export const userSettingsSchema = z.object({ hideLevel: z.boolean(), mail: mailPreferencesSchema, digest: z.enum(DIGEST_FREQUENCIES) });
export type UserSettings = z.infer<typeof userSettingsSchema>;

/**
 * GET /api/reviews/officer/{id}: the spec's page, and beside it `nextCursor` (issue 16, item 2): pass
 * it back as `cursor` for the next page in the same order; null on the last page.
 */
export const reviewPageSchema = z.object({ reviews: z.array(reviewSchema), totalCount: z.number(), nextCursor: z.string().nullable() });
export type ReviewPage = z.infer<typeof reviewPageSchema>;

/** The ban or suspension in force, on the auth status of a banned user (issue 33, item 4). */
export const restrictionSchema = z.object({
  actionId: z.number(),
  kind: z.enum(['ban', 'suspension']),
  ground: z.string(),
  facts: z.string(),
  endsAt: z.string().nullable(),
  appealableUntil: z.string(),
  appealed: z.boolean(),
});
export type Restriction = z.infer<typeof restrictionSchema>;

export const authUserSchema = z.object({
  id: z.number(),
  username: z.string(),
  /** Beside the spec's isAdmin (true only for admins): 'user', 'moderator' or 'admin' (issue 33). */
  role: z.enum(STAFF_ROLES),
  isAdmin: z.boolean(),
  isOfficer: z.boolean(),
  officerId: z.number().nullable(),
  steamId: z.string().nullable(),
  /**
   * Beside the spec's fields (issue 13): a suspended account sees why it cannot review or vote
   * before it tries. The server always sends it; absent reads as not banned.
   */
  isBanned: z.boolean().optional(),
  /** Issue 33, item 4: while banned or suspended, why and until when, with the way to appeal. */
  restriction: restrictionSchema.nullable().optional(),
  /** Issue 34: whether the account has a second factor, and which; staff without one reach only enrolment. */
  secondFactor: z.object({ enrolled: z.boolean(), methods: z.array(z.enum(SECOND_FACTOR_METHODS)) }).optional(),
  /** Issue 35: the account asked to be deleted and is deleted after this (ISO); until then it can only cancel. */
  deleteAfter: z.string().optional(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

/**
 * `unreadNotifications` rides on the status poll (issue 18: no poller of its own): sent for a signed-in
 * user; a visitor's answer stays the spec's `{authenticated: false, user: null}`.
 */
export const authStatusSchema = z.object({ authenticated: z.boolean(), user: authUserSchema.nullable(), unreadNotifications: z.number().optional() });
export type AuthStatus = z.infer<typeof authStatusSchema>;

export const messageSchema = z.object({ message: z.string() });

/** Every error answer of the API has this body; `errors` lists field problems of a 400. */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const steamStatsResultSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  stats: z
    .object({
      skirmish: z.number().nullable(),
      conquest: z.number().nullable(),
      picketPatrol: z.number().nullable(),
      contention: z.number().nullable(),
      total: z.number().nullable(),
      STAT_PROGRESSION_EXPERIENCE: z.number().nullable(),
    })
    .nullable(),
});

/** What both kinds of registration request have (spec section 3). */
const registrationBase = z.object({
  id: z.number(),
  userId: z.number(),
  name: z.string(),
  status: z.string(),
  createdAt: isoDate,
  updatedAt: isoDate,
  notes: z.string().nullable(),
  submitterUsername: z.string(),
});

/** A regiment registration request, as its submitter and the admin lists see it. */
export const regimentRegistrationSchema = registrationBase.extend({
  description: z.string().nullable(),
  sideId: z.number(),
  sideName: z.string(),
  bannerImageUrl: z.string().nullable(),
  iconImageUrl: z.string().nullable(),
});
export type RegimentRegistration = z.infer<typeof regimentRegistrationSchema>;

/** An officer registration request. */
export const officerRegistrationSchema = registrationBase.extend({
  rank: z.string(),
  regimentId: z.number(),
  regimentName: z.string(),
  proofUrl: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
});
export type OfficerRegistration = z.infer<typeof officerRegistrationSchema>;

/** 201 of POST /api/regiments/register and /api/officers/register. */
const submitted = <T extends z.ZodType>(registration: T) => z.object({ success: z.literal(true), message: z.string(), registration });
export const regimentRegistrationSubmittedSchema = submitted(regimentRegistrationSchema);
export const officerRegistrationSubmittedSchema = submitted(officerRegistrationSchema);

/** 200 of POST /api/admin/registrations/{kind}/{id}/{action}; the created id is set on approval. */
export const regimentRegistrationDecisionSchema = submitted(regimentRegistrationSchema).extend({ regimentId: z.number().nullable() });
export const officerRegistrationDecisionSchema = submitted(officerRegistrationSchema).extend({ officerId: z.number().nullable() });

/** GET /api/users/me/regiments/owned */
export const ownedRegimentSchema = z.object({ id: z.number(), name: z.string() });
export type OwnedRegiment = z.infer<typeof ownedRegimentSchema>;

/** The answer of a write that only reports how it went (deletes, bans, flag approval). */
export const successMessageSchema = z.object({ success: z.boolean(), message: z.string() });
export type SuccessMessage = z.infer<typeof successMessageSchema>;

/** 200 of DELETE /api/admin/regiments/{id}: what went with the regiment. */
export const regimentDeletedSchema = successMessageSchema.extend({
  deletedOfficerCount: z.number(),
  deletedReviewCount: z.number(),
  deletedOfficerRegistrationCount: z.number(),
});
export type RegimentDeleted = z.infer<typeof regimentDeletedSchema>;

/** A row of GET /api/admin/users (admins only: the email is shown there and nowhere else). */
export const adminUserSchema = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  /** Beside the spec's columns (issue 33): the staff role, which admins change on this screen. */
  role: z.enum(STAFF_ROLES),
  isAdmin: z.boolean(),
  isOfficer: z.boolean(),
  officerId: z.number().nullable(),
  isBanned: z.boolean(),
  /** Issue 34: has an authenticator app or a passkey (an admin may remove them for an account that lost them). */
  hasSecondFactor: z.boolean().optional(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/**
 * The ground and facts of a staff action (issue 33, item 3): an optional JSON body on the spec's
 * calls (which keep working without one), and on the new ones. The site's own staff forms always
 * send both; an unknown ground is a 400.
 */
export const moderationReasonsSchema = z.object({
  ground: z.enum(GROUND_CODES, { error: moderationMessages.unknownGround }).optional(),
  facts: z.string().trim().max(MODERATION_LIMITS.factsMax).optional(),
});
export type ModerationReasons = z.infer<typeof moderationReasonsSchema>;

/** PATCH /api/admin/users/{id}/suspend (issue 33): how many days, and why. */
export const suspensionBodySchema = moderationReasonsSchema.extend({
  days: z
    .number({ error: moderationMessages.suspensionDays })
    .int(moderationMessages.suspensionDays)
    .min(1, moderationMessages.suspensionDays)
    .max(365, moderationMessages.suspensionDays),
});
export type SuspensionBody = z.infer<typeof suspensionBodySchema>;
export const suspensionResultSchema = z.object({ success: z.literal(true), message: z.string(), until: z.string() });
export type SuspensionResult = z.infer<typeof suspensionResultSchema>;

/** PUT /api/admin/users/{id}/role (issue 33): see GRANTABLE_ROLES. */
export const roleChangeBodySchema = z.object({ role: z.enum(GRANTABLE_ROLES, { error: "Role must be 'user' or 'moderator'." }) });
export type RoleChangeBody = z.infer<typeof roleChangeBodySchema>;
export const roleChangeResultSchema = z.object({ success: z.literal(true), message: z.string(), role: z.enum(STAFF_ROLES) });
export type RoleChangeResult = z.infer<typeof roleChangeResultSchema>;

/** A review with pending flags, as the moderation screen lists it (GET /api/admin/reviews/flagged). */
export const flaggedReviewSchema = z.object({
  id: z.number(),
  text: z.string(),
  leadership: z.number(),
  tactics: z.number(),
  communication: z.number(),
  fairness: z.number(),
  overallRating: z.number(),
  createdAt: isoDate,
  officerId: z.number(),
  officerName: z.string(),
  reviewerUsername: z.string(),
  reviewerSteamId: z.string().nullable(),
  /** Issue 33: the reviewer's account, which a moderator may suspend from the queue. */
  reviewerId: z.number(),
  flagCount: z.number(),
  flags: z.array(z.object({ id: z.number(), reason: z.string(), createdAt: isoDate })),
  /**
   * Issue 18, item 1: what the flags are on, the review or the officer's reply to it (then `reply`
   * holds the reply, and Approve and Delete act on the reply). A review flagged both ways is two rows.
   */
  target: z.enum(['review', 'reply']),
  reply: reviewReplySchema.nullable(),
  /**
   * Issue 36, item 6: who wrote the reply of a 'reply' row (the account linked to the officer), shown
   * and suspendable in its place of the reviewer; null on a review's row, or when that account is gone.
   */
  replyAuthor: z.object({ id: z.number(), username: z.string(), steamId: z.string().nullable() }).nullable(),
});
export type FlaggedReview = z.infer<typeof flaggedReviewSchema>;
export const flaggedReviewListSchema = z.object({ rows: z.array(flaggedReviewSchema) });

/** One entry of the audit log of administrative actions. */
export const adminActivitySchema = z.object({
  id: z.number(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.number().nullable(),
  summary: z.string(),
  createdAt: isoDate,
  adminUsername: z.string().nullable(),
});
export type AdminActivity = z.infer<typeof adminActivitySchema>;

/** GET /api/admin/dashboard */
export const adminDashboardSchema = z.object({
  pendingRegimentRegistrations: z.number(),
  pendingOfficerRegistrations: z.number(),
  /** Issue 17: review waves waiting for a moderator's decision. */
  openReviewWaves: z.number(),
  recentActivity: z.array(adminActivitySchema),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;

/**
 * GET /api/admin/moderation (issue 33): the moderators' dashboard, what waits for a moderator. A
 * flagged item is a review or a reply with at least one pending flag.
 */
export const moderationSummarySchema = z.object({
  flaggedItems: z.number(),
  openReviewWaves: z.number(),
  /** Appeals of staff actions waiting for a decision. */
  openAppeals: z.number(),
});
export type ModerationSummary = z.infer<typeof moderationSummarySchema>;

/** A rule of a review wave that fired, with its figures (src/core/review-waves.ts) and when. */
const waveDetectionSchema = z.discriminatedUnion('rule', [
  z.object({
    rule: z.literal('divergence'),
    reviews: z.number(),
    windowHours: z.number(),
    windowMean: z.number(),
    priorMean: z.number(),
    priorReviews: z.number(),
    difference: z.number(),
    at: isoDate,
  }),
  /** Issue 32: K or more reviews with the same text once case, spacing and punctuation are set aside. */
  z.object({ rule: z.literal('same-text'), reviews: z.number(), windowHours: z.number(), at: isoDate }),
  z.object({ rule: z.literal('fresh-accounts'), reviews: z.number(), windowHours: z.number(), freshDays: z.number(), at: isoDate }),
  z.object({
    rule: z.literal('one-regiment'),
    reviews: z.number(),
    windowHours: z.number(),
    regimentId: z.number(),
    /** The rival regiment's name now (null if it is gone). */
    regimentName: z.string().nullable(),
    at: isoDate,
  }),
]);

/** A wave's status; issue 32: 'mixed' once its reviews were decided one by one, some released and some removed. */
const waveStatusSchema = z.enum(['open', 'released', 'removed', 'mixed']);

/**
 * A review of a wave as the moderators see it (issue 32): the review, why it is held, and the
 * reviewer's signals beside those the review already carries (level, games, reviews written, member
 * since).
 */
export const waveReviewSchema = reviewSchema.extend({
  /** The rules whose signal it carries (src/core/review-waves.ts); empty for a review held before they were kept. */
  holdReasons: z.array(z.enum(WAVE_RULES)),
  /** When the author's account was linked to Steam (null: not linked). */
  authorSteamLinkedAt: isoDate.nullable(),
  /** How many other reviews of the wave say the same (compared as the same-text rule compares). */
  sameTextCount: z.number(),
});
export type WaveReview = z.infer<typeof waveReviewSchema>;

/**
 * One review wave as /admin/reviews shows it (issue 17): what fired, the span of its reviews, the
 * reviews themselves (held while open; gone once removed), and the officer's reviews per UTC day
 * around it (`day` is YYYY-MM-DD).
 */
export const adminReviewWaveSchema = z.object({
  id: z.number(),
  status: waveStatusSchema,
  officer: z.object({ id: z.number(), name: z.string(), rank: z.string() }),
  regiment: z.object({ id: z.number(), name: z.string() }),
  detections: z.array(waveDetectionSchema),
  from: isoDate,
  to: isoDate,
  createdAt: isoDate,
  /** Held now while open; released or removed by the decisions after it. */
  reviewCount: z.number(),
  /** Issue 32: how many of its reviews were released and how many removed so far. */
  releasedCount: z.number(),
  removedCount: z.number(),
  decidedAt: isoDate.nullable(),
  decidedBy: z.string().nullable(),
  reviews: z.array(waveReviewSchema),
  histogram: z.array(z.object({ day: z.string(), counted: z.number(), held: z.number() })),
});
export type AdminReviewWave = z.infer<typeof adminReviewWaveSchema>;

/** GET /api/admin/waves: the open waves, oldest first, then the latest decided ones. */
export const adminReviewWaveListSchema = z.object({
  waves: z.array(adminReviewWaveSchema),
  /** Issue 32: days the author of a removed review waits before reviewing that officer again (WAVE_COOLDOWN_DAYS). */
  cooldownDays: z.number(),
});
export type AdminReviewWaveList = z.infer<typeof adminReviewWaveListSchema>;

/**
 * POST /api/admin/waves/{id}/release and .../remove, and for one review of it (issue 32)
 * POST /api/admin/waves/{id}/reviews/{reviewId}/release and .../remove: how many reviews the decision
 * decided, and the wave's status after it (still 'open' while some are held).
 */
export const waveDecisionSchema = successMessageSchema.extend({
  reviewCount: z.number(),
  waveStatus: waveStatusSchema,
});
export type WaveDecision = z.infer<typeof waveDecisionSchema>;

/** GET /api/admin/status: checked live at each request. */
export const adminStatusSchema = z.object({
  database: z.object({ ok: z.boolean(), latencyMs: z.number().nullable() }),
  steam: z.object({ openIdUrl: z.string(), apiConfigured: z.boolean(), fake: z.boolean() }),
  identityProvider: z.enum(['built-in', 'firebase']),
  serverTime: isoDate,
});
export type AdminStatus = z.infer<typeof adminStatusSchema>;

// ---- Due process (issue 33) ----

/** GET /api/moderation/grounds: the grounds a staff action may rest on (src/core/moderation.ts). */
export const moderationGroundsSchema = z.array(z.object({ code: z.string(), label: z.string() }));

const actionKindSchema = z.enum(MODERATION_ACTION_KINDS);

/** An appeal as its author and the staff see it. */
export const appealSchema = z.object({
  id: z.number(),
  status: z.enum(APPEAL_STATUSES),
  text: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  decisionReason: z.string().nullable(),
});
export type Appeal = z.infer<typeof appealSchema>;

/**
 * GET /api/users/me/standing: the statements of reasons of the actions that affected the user,
 * newest first (issue 33, item 3), each with its appeal. Beside the fields: `subject` (what
 * it was about), `endsAt` (a suspension's end) and `reversed`.
 */
export const standingActionSchema = z.object({
  id: z.number(),
  kind: actionKindSchema,
  ground: z.string(),
  facts: z.string(),
  automated: z.boolean(),
  createdAt: z.string(),
  appealableUntil: z.string(),
  appeal: appealSchema.nullable(),
  subject: z.string(),
  endsAt: z.string().nullable(),
  reversed: z.boolean(),
});
export type StandingAction = z.infer<typeof standingActionSchema>;
export const standingSchema = z.object({ actions: z.array(standingActionSchema) });
export type Standing = z.infer<typeof standingSchema>;

/** POST /api/appeals (issue 33, item 5): one appeal per action, by the user it affected. */
export const appealBodySchema = z.object({
  actionId: z.number({ error: 'actionId must be a number' }).int().positive(),
  text: z
    .string({ error: moderationMessages.appealTextTooShort(MODERATION_LIMITS.appealTextMin) })
    .trim()
    .min(MODERATION_LIMITS.appealTextMin, moderationMessages.appealTextTooShort(MODERATION_LIMITS.appealTextMin))
    .max(MODERATION_LIMITS.appealTextMax, `An appeal is at most ${MODERATION_LIMITS.appealTextMax} characters.`),
});
export type AppealBody = z.infer<typeof appealBodySchema>;
export const appealSubmittedSchema = z.object({ success: z.literal(true), message: z.string(), appeal: appealSchema });

/** An appeal in the staff's list (GET /api/admin/appeals): the action it is about, in full. */
export const adminAppealSchema = appealSchema.extend({
  action: z.object({
    id: z.number(),
    kind: actionKindSchema,
    ground: z.string(),
    facts: z.string(),
    subject: z.string(),
    createdAt: z.string(),
    actorRole: z.string(),
    /** The staff member who took the action: they may not decide its appeal. */
    actorId: z.number().nullable(),
  }),
  username: z.string().nullable(),
  assignee: z.object({ id: z.number(), username: z.string() }).nullable(),
});
export type AdminAppeal = z.infer<typeof adminAppealSchema>;
export const adminAppealListSchema = z.object({ appeals: z.array(adminAppealSchema) });

/** POST /api/admin/appeals/{id}/decide (issue 33, item 5). */
export const appealDecisionBodySchema = z.object({
  outcome: z.enum(['uphold', 'reverse'], { error: "outcome must be 'uphold' or 'reverse'" }),
  reason: z
    .string({ error: 'Give the reason for the decision: the user reads it.' })
    .trim()
    .min(1, 'Give the reason for the decision: the user reads it.')
    .max(MODERATION_LIMITS.decisionReasonMax),
});
export type AppealDecisionBody = z.infer<typeof appealDecisionBodySchema>;
export const appealDecisionSchema = z.object({ success: z.literal(true), message: z.string(), appeal: appealSchema });

/** GET /api/moderation/log (issue 33, item 6): public, newest first, paged; nothing of the user affected. */
export const moderationLogEntrySchema = z.object({
  id: z.number(),
  kind: actionKindSchema,
  ground: z.string(),
  createdAt: z.string(),
  automated: z.boolean(),
  actorRole: z.string(),
  appealed: z.boolean(),
  reversed: z.boolean(),
});
export type ModerationLogEntry = z.infer<typeof moderationLogEntrySchema>;
export const moderationLogSchema = z.object({
  entries: z.array(moderationLogEntrySchema),
  page: z.number(),
  totalPages: z.number(),
  total: z.number(),
});
export type ModerationLog = z.infer<typeof moderationLogSchema>;

/** GET /api/transparency?month=YYYY-MM (issue 33, item 6): the month's figures, a recount of the log. */
export const transparencyReportSchema = z.object({
  month: z.string(),
  actions: z.array(z.object({ kind: actionKindSchema, ground: z.string(), count: z.number() })),
  automatedActions: z.number(),
  flags: z.object({ received: z.number(), decided: z.number(), medianHoursToDecision: z.number().nullable() }),
  appeals: z.object({ received: z.number(), decided: z.number(), reversed: z.number() }),
});
export type TransparencyReport = z.infer<typeof transparencyReportSchema>;

/** Staff notes and assignment on a case (issue 33, item 7). */
export const caseTypeSchema = z.enum(CASE_TYPES, { error: `A case is one of: ${CASE_TYPES.join(', ')}.` });
export const caseNoteSchema = z.object({ id: z.number(), text: z.string(), createdAt: z.string(), author: z.string().nullable() });
export type CaseNote = z.infer<typeof caseNoteSchema>;
export const caseSchema = z.object({
  notes: z.array(caseNoteSchema),
  assignee: z.object({ id: z.number(), username: z.string() }).nullable(),
});
export type CaseDetail = z.infer<typeof caseSchema>;
export const caseNoteBodySchema = z.object({
  text: z
    .string()
    .trim()
    .min(1, 'Write the note first.')
    .max(MODERATION_LIMITS.noteMax, `A note is at most ${MODERATION_LIMITS.noteMax} characters.`),
});
export const caseAssignmentBodySchema = z.object({ assigneeId: z.number().int().positive().nullable() });
