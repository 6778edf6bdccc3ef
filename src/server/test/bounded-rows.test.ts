/**
 * Bounded rows from every route (issue 37, item 4): every write the app registers says which rows a
 * call can add and what bounds how many of them one user (or, before a sign-in, one client address)
 * adds in a window: a rate limit, a uniqueness, a replacement, or nothing added at all. The first
 * test compares the table with the routes the app really registers, so a write added without a row
 * here fails the suite; the others call every route that adds rows, as one user, past its bound, and
 * count the rows that user got.
 *
 * A write is every route but a GET, and a GET that declares what it changes (config.invalidates,
 * read-cache/route-policy.ts); GET /api/auth/steam, which keeps a link state, is here too. The GETs
 * that keep Steam's figures (one cached answer per Steam account, replaced) add no row per call.
 *
 * The app runs in Firebase mode, which registers every route the built-in mode does plus the
 * identity-service calls (as the authorization matrix does), with every rate limit set to LOW a
 * minute. Each hammer gets a fresh world (authorization-world.ts) and, where a limit counts per
 * address, a fresh client address per call, so that only the bound under test can stop it.
 *
 * engine-independent: the bounds are the app's rate limits and the schema's unique indexes, the same
 * code and the same migrations on both engines; CI's second pass would add half a minute for nothing.
 */
import sharp from 'sharp';
import { and, count, eq, inArray, isNull, like, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '#core/constants.js';
import type { FakeAuthEmulator } from '#server/test-doubles/fake-auth-emulator.js';
import { createSession, sessionLifetimes, sessionUserColumns } from '#server/domain/identity/sessions.js';
import { STATES_PER_SESSION } from '#server/features/steam/link.js';
import { DEFAULT_RATE_LIMITS, type RateLimitConfig } from '#server/platform/config.js';
import {
  appeals,
  authTokens,
  catalogueChanges,
  follows,
  images,
  moderationActions,
  notifications,
  officerRegistrations,
  outbox,
  regimentRegistrations,
  regimentWebhooks,
  reviewFlags,
  reviewReplies,
  reviewRevisions,
  reviewVotes,
  reviews,
  sessions,
  steamLinkStates,
  totpFactors,
  users,
  webauthnChallenges,
} from '#server/platform/db/schema.js';
import type { App } from '#server/platform/types.js';
import { TEST_DISCORD_WEBHOOK_BASE, TestClient, type TestContext } from './app.js';
import { buildWorld, clientFor, MultipartBody, RECRUIT_PASSWORD, send, type World } from './authorization-world.js';
import { createFirebaseTestContext, type FirebaseTestContext } from './firebase-mode.js';
import { createOfficer, createReview, createUser, type ReviewRow, type UserRow } from './fixtures.js';
import { codeFor, enrolTotp } from './second-factor.js';
import { SoftAuthenticator, type AuthenticationOptions, type RegistrationOptions } from './soft-authenticator.js';
import { until } from './until.js';

/** Every rate limit of the test app: this many a minute. */
const LOW = 3;
const low = { limit: LOW, windowMs: 60_000 };
const generous = { limit: 1_000_000, windowMs: 60_000 };
const RATE_LIMITS = {
  ...(Object.fromEntries(Object.keys(DEFAULT_RATE_LIMITS).map((name) => [name, low])) as unknown as RateLimitConfig),
  // Reads, not writes: out of the way of the hammers' own reads.
  publicRead: generous,
  cardDraw: generous,
};

type RouteKey = `${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} /${string}`;

/** One route hammered as one user: `calls` calls (max + 2 unless said), then its rows counted. */
interface Hammer {
  /** The most rows the calls may add. */
  max: number;
  calls?: number;
  call(i: number): Promise<LightMyRequestResponse>;
  /** The rows of the user (or address) under test in the table the route writes. */
  count(): Promise<number>;
  /** The answer that refuses a call past the bound; unset when later calls replace the row. */
  refusal?: 409 | 429;
  /** The rows are written after the answer (mail requests): waited for, one per call let through. */
  afterAnswer?: boolean;
}

type Bound =
  /** Adds no row: changes or removes what is there. */
  | { adds: 'nothing'; why: string }
  | { adds: string; by: string; hammer: (world: World) => Promise<Hammer> }
  /** Adds rows only through another route's rows (a challenge, a state, a sign-in), hammered there. */
  | { adds: string; by: string; boundedBy: RouteKey }
  /** Staff's own actions: see STAFF. */
  | { adds: string; by: typeof STAFF; staff: true };

/**
 * Staff actions are not rate-limited: a moderator clearing a flood (a raid of fake reviews, a wave)
 * must not be slowed down by it. They are bounded by who may act instead: staff only, each with a
 * second factor checked (issue 34), and every action kept in the audit log, the moderation actions
 * in the public moderation log (issue 33), so a staff account that adds rows without end is seen
 * and its role taken away. Most decide something once (a registration, a wave, an appeal).
 */
const STAFF = 'staff only, second factor, audit log' as const;

const reviewForm = { text: 'Steady under fire and clear orders.', leadership: 4, tactics: 3.5, communication: 4, fairness: 5 };

const BOUNDS: Record<RouteKey, Bound> = {
  // Accounts and sign-ins.
  'POST /api/auth/register': {
    adds: 'an account (and its mailed code)',
    by: 'RATE_LIMIT_ACCOUNT_EMAIL per address and per email',
    hammer: async (w) => {
      const browser = browserAt(nextAddress());
      return {
        max: LOW,
        refusal: 429,
        call: (i) =>
          browser.post('/api/auth/register', {
            username: `Flood${i}_${w.tag}`,
            email: `flood${i}.${w.tag}@example.test`,
            password: 'long enough password',
          }),
        count: () => rows(users, like(users.email, `flood%.${w.tag}@example.test`)),
      };
    },
  },
  'POST /api/auth/login': {
    adds: 'a session (a staff account: a known browser and its mail)',
    by: 'RATE_LIMIT_SIGN_IN per account, once the password is right',
    // A new browser at a new address each time: nothing but the account's own count can stop it.
    hammer: async (w) => ({
      max: LOW,
      refusal: 429,
      call: () => browserAt(nextAddress()).post('/api/auth/login', { email: w.recruit.email, password: RECRUIT_PASSWORD }),
      count: () => rows(sessions, eq(sessions.userId, w.recruit.id)),
    }),
  },
  'POST /api/auth/legacy-login': {
    adds: 'a session',
    by: 'RATE_LIMIT_SIGN_IN per account (one count with the email login)',
    hammer: async (w) => ({
      max: LOW,
      refusal: 429,
      call: () => browserAt(nextAddress()).post('/api/auth/legacy-login', { username: w.recruit.username, password: RECRUIT_PASSWORD }),
      count: () => rows(sessions, eq(sessions.userId, w.recruit.id)),
    }),
  },
  'POST /api/auth/logout': { adds: 'nothing', why: 'deletes its session' },
  'POST /api/auth/request-verification': {
    adds: 'a verification code',
    by: 'RATE_LIMIT_ACCOUNT_EMAIL per address and per email',
    hammer: async (w) => {
      const unverified = await createUser(ctx.db, { email: `unverified.${w.tag}@example.test`, emailVerified: false });
      return {
        max: LOW,
        refusal: 429,
        afterAnswer: true,
        call: () => browserAt(nextAddress()).post('/api/auth/request-verification', { email: unverified.email }),
        count: () => rows(authTokens, and(eq(authTokens.userId, unverified.id), eq(authTokens.purpose, 'verify_email'))),
      };
    },
  },
  'GET /api/auth/verify-email/:code': { adds: 'nothing', why: 'marks the account verified; the code is single use' },
  'POST /api/auth/forgot-password': {
    adds: 'a reset code',
    by: 'RATE_LIMIT_ACCOUNT_EMAIL per address and per email',
    hammer: async (w) => ({
      max: LOW,
      refusal: 429,
      afterAnswer: true,
      call: () => browserAt(nextAddress()).post('/api/auth/forgot-password', { email: w.recruit.email }),
      count: () => rows(authTokens, and(eq(authTokens.userId, w.recruit.id), eq(authTokens.purpose, 'reset_password'))),
    }),
  },
  'GET /api/auth/reset-password/:code': { adds: 'nothing', why: "reads the code's account" },
  'POST /api/auth/reset-password': { adds: 'nothing', why: 'sets the password, uses the code up and ends the sessions' },
  'POST /api/auth/second-factor': {
    adds: "the session that replaces the account's half-done sign-in; a used recovery code's notification",
    by: "replaces the login's row (counted there); codes are single use, failures slow down (RATE_LIMIT_LOGIN)",
    boundedBy: 'POST /api/auth/login',
  },
  'POST /api/auth/firebase-login': {
    adds: 'a session',
    by: 'RATE_LIMIT_SIGN_IN per account; RATE_LIMIT_LOGIN per address',
    hammer: async (w) => ({
      max: LOW,
      refusal: 429,
      call: () => browserAt(nextAddress()).post('/api/auth/firebase-login', { idToken: w.recruitIdToken }),
      count: () => rows(sessions, eq(sessions.userId, w.recruit.id)),
    }),
  },
  'POST /api/auth/firebase-register': {
    adds: 'an account and its session',
    by: 'one account per Firebase identity; RATE_LIMIT_LOGIN per address',
    hammer: async (w) => ({
      max: 1,
      refusal: 409,
      call: (i) => browserAt(nextAddress()).post('/api/auth/firebase-register', { idToken: w.newcomerIdToken, username: `Newcomer${i}_${w.tag}` }),
      count: () => rows(users, eq(users.firebaseUid, `newcomer-${w.tag}`)),
    }),
  },
  'POST /api/auth/update-verification': { adds: 'nothing', why: "copies the identity's verified flag to the account" },

  // Second factors (issue 34).
  'POST /api/auth/totp/setup': {
    adds: "the account's authenticator app, pending",
    by: 'one per account (a new set-up replaces it); RATE_LIMIT_SECOND_FACTOR per address and per account',
    hammer: async () => {
      const { user, browser } = await member();
      return {
        max: 1,
        calls: LOW + 2,
        refusal: 429,
        call: () => browserAt(nextAddress(), browser).post('/api/auth/totp/setup'),
        count: () => rows(totpFactors, eq(totpFactors.userId, user.id)),
      };
    },
  },
  'POST /api/auth/totp/enable': {
    adds: 'a notification and its mail; the recovery codes (replaced)',
    by: 'one per set-up (RATE_LIMIT_SECOND_FACTOR per account); codes single use',
    // Rounds of set-up, turn on, turn off (with the next step's code): each adds two notifications.
    hammer: async () => {
      const { user, browser } = await member();
      return {
        max: 2 * LOW,
        refusal: 429,
        call: async () => {
          const at = browserAt(nextAddress(), browser);
          const setup = await at.post('/api/auth/totp/setup');
          if (setup.statusCode !== 200) return setup;
          const { secret } = setup.json<{ secret: string }>();
          const enabled = await at.post('/api/auth/totp/enable', { code: codeFor(secret) });
          expect((await at.post('/api/auth/totp/disable', { code: codeFor(secret, -1) })).statusCode).toBe(200);
          return enabled;
        },
        count: () => rows(notifications, and(eq(notifications.userId, user.id), eq(notifications.kind, 'account_security'))),
      };
    },
  },
  'POST /api/auth/totp/disable': {
    adds: 'a notification and its mail',
    by: 'one per app turned on',
    boundedBy: 'POST /api/auth/totp/enable',
  },
  'POST /api/auth/recovery-codes': {
    adds: 'a notification and its mail; the ten codes (replaced)',
    by: 'RATE_LIMIT_SECOND_FACTOR per account; a recent second factor',
    hammer: async () => {
      const { user, browser } = await member({ factorChecked: true });
      return {
        max: LOW,
        refusal: 429,
        call: () => browserAt(nextAddress(), browser).post('/api/auth/recovery-codes'),
        count: () => rows(notifications, and(eq(notifications.userId, user.id), eq(notifications.kind, 'account_security'))),
      };
    },
  },
  'POST /api/auth/passkeys/registration-options': {
    adds: 'a challenge',
    by: 'RATE_LIMIT_SECOND_FACTOR per address and per account; gone after five minutes',
    hammer: async () => {
      const { user, browser } = await member();
      return {
        max: LOW,
        refusal: 429,
        call: () => browserAt(nextAddress(), browser).post('/api/auth/passkeys/registration-options'),
        count: () => rows(webauthnChallenges, eq(webauthnChallenges.userId, user.id)),
      };
    },
  },
  'POST /api/auth/passkeys': {
    adds: 'a passkey, a notification and its mail',
    by: 'one per registration challenge (single use)',
    boundedBy: 'POST /api/auth/passkeys/registration-options',
  },
  'DELETE /api/auth/passkeys/:id': {
    adds: 'a notification and its mail',
    by: 'one per passkey registered',
    boundedBy: 'POST /api/auth/passkeys',
  },
  'POST /api/auth/passkeys/authentication-options': {
    adds: 'a challenge',
    by: 'RATE_LIMIT_SECOND_FACTOR per address (a sign-in by passkey names no account); gone after five minutes',
    hammer: async () => {
      const address = nextAddress();
      return {
        max: LOW,
        refusal: 429,
        call: () => browserAt(address).post('/api/auth/passkeys/authentication-options'),
        count: () => rows(webauthnChallenges, and(eq(webauthnChallenges.purpose, 'authenticate'), isNull(webauthnChallenges.userId))),
      };
    },
  },
  'POST /api/auth/passkeys/authenticate': {
    adds: 'a session',
    by: 'RATE_LIMIT_SIGN_IN per account; one challenge each (RATE_LIMIT_SECOND_FACTOR per address)',
    hammer: async () => {
      const { user, browser } = await member();
      const authenticator = new SoftAuthenticator(ctx.app.config.publicUrl);
      const options = (await browser.post('/api/auth/passkeys/registration-options')).json<RegistrationOptions>();
      expect((await browser.post('/api/auth/passkeys', { name: 'Phone', response: authenticator.register(options) })).statusCode).toBe(201);
      return {
        max: LOW,
        refusal: 429,
        call: async () => {
          const visitor = browserAt(nextAddress());
          const challenge = (await visitor.post('/api/auth/passkeys/authentication-options')).json<AuthenticationOptions>();
          return visitor.post('/api/auth/passkeys/authenticate', { response: authenticator.authenticate(challenge) });
        },
        count: () => rows(sessions, eq(sessions.userId, user.id)),
      };
    },
  },

  // Steam links.
  'GET /api/auth/steam': {
    adds: 'a link state',
    by: `${STATES_PER_SESSION} per session, older ones replaced; sessions by RATE_LIMIT_SIGN_IN`,
    hammer: async () => {
      const { user, browser } = await member();
      return {
        max: STATES_PER_SESSION,
        call: () => browser.get('/api/auth/steam?redirect=/my-stats'),
        count: () => rows(steamLinkStates, eq(steamLinkStates.userId, user.id)),
      };
    },
  },
  'GET /api/auth/steam/callback': {
    adds: "a used nonce of Steam's answer",
    by: 'one per link state, which it uses up',
    boundedBy: 'GET /api/auth/steam',
  },

  // Reviews, votes, flags and replies.
  'POST /api/reviews': {
    adds: 'a review (with its figures and a change-feed row)',
    by: 'RATE_LIMIT_REVIEW per user (shared with edits and deletes); one per user and officer',
    hammer: async (w) => {
      const { user, browser } = await member();
      const targets = await Promise.all(Array.from({ length: LOW + 2 }, () => createOfficer(ctx.db, { regimentId: w.regiment.id })));
      return {
        max: LOW,
        refusal: 429,
        call: (i) => browser.post('/api/reviews', { ...reviewForm, officerId: targets[i]!.id, overallRating: 4 }),
        count: () => rows(reviews, eq(reviews.userId, user.id)),
      };
    },
  },
  'PUT /api/reviews/:id': {
    adds: 'a version of the review (its history)',
    by: 'RATE_LIMIT_REVIEW per user',
    hammer: async (w) => {
      const owner = await clientFor(ctx.app, w, 'owner');
      const url = `/api/reviews/${w.ownerReview.id}`;
      return {
        max: LOW,
        refusal: 429,
        call: (i) => owner.write('PUT', url, { ...reviewForm, text: `Edited ${i}: steady under fire.`, officerId: w.otherOfficer.id }),
        count: () => rows(reviewRevisions, eq(reviewRevisions.reviewId, w.ownerReview.id)),
      };
    },
  },
  'DELETE /api/reviews/:id': {
    adds: "a change-feed row (the officer's figures); by staff, a moderation action with its statement",
    by: 'RATE_LIMIT_REVIEW per author; staff removals: staff only, second factor, audit and moderation log',
    // An author deleting review after review.
    hammer: async (w) => {
      const { user, browser } = await member();
      const written = await reviewsOfNewOfficers(w, user, LOW + 2);
      const officerIds = written.map((review) => review.officerId);
      return {
        max: LOW,
        refusal: 429,
        call: (i) => browser.write('DELETE', `/api/reviews/${written[i]!.id}`),
        count: () => rows(catalogueChanges, inArray(catalogueChanges.officerId, officerIds)),
      };
    },
  },
  'POST /api/reviews/:id/vote': {
    adds: 'a vote',
    by: 'one per user and review (a new vote replaces it); RATE_LIMIT_VOTE per user',
    hammer: async (w) => {
      const { user, browser } = await member();
      const targets = await reviewsOfNewOfficers(w, await createUser(ctx.db), LOW + 2);
      return {
        max: LOW,
        refusal: 429,
        call: (i) => browser.post(`/api/reviews/${targets[i]!.id}/vote`, { value: 1 }),
        count: () => rows(reviewVotes, eq(reviewVotes.userId, user.id)),
      };
    },
  },
  'POST /api/reviews/:id/flag': {
    adds: 'a flag',
    by: 'one open flag per user and review; RATE_LIMIT_FLAG per user (shared with reply flags)',
    hammer: async (w) => {
      const { user, browser } = await member();
      const targets = await reviewsOfNewOfficers(w, await createUser(ctx.db), LOW + 2);
      return {
        max: LOW,
        refusal: 429,
        call: (i) => browser.post(`/api/reviews/${targets[i]!.id}/flag`, { reason: 'Personal attack, not a review.' }),
        count: () => rows(reviewFlags, and(eq(reviewFlags.userId, user.id), eq(reviewFlags.onReply, false))),
      };
    },
  },
  'PUT /api/reviews/:id/reply': {
    adds: "a reply, the reviewer's notification and mail, a webhook delivery",
    by: 'one per review (an edit replaces it); RATE_LIMIT_REVIEW per user (a count of its own)',
    // The owner, whose account is his officer's, answering review after review of it.
    hammer: async (w) => {
      const owner = await clientFor(ctx.app, w, 'owner');
      const targets: ReviewRow[] = [];
      // One after another: each takes the officer's next review position.
      for (let i = 0; i < LOW + 2; i += 1)
        targets.push(await createReview(ctx.db, { userId: (await createUser(ctx.db)).id, officerId: w.ownOfficer.id }));
      return {
        max: LOW,
        refusal: 429,
        call: (i) => owner.write('PUT', `/api/reviews/${targets[i]!.id}/reply`, { text: 'Thank you, we drilled it all week.' }),
        count: () => rows(reviewReplies, eq(reviewReplies.userId, w.owner.id)),
      };
    },
  },
  'DELETE /api/reviews/:id/reply': {
    adds: 'by staff, a moderation action with its statement (the officer removing his own adds nothing)',
    by: STAFF,
    staff: true,
  },
  'POST /api/reviews/:id/resolved': { adds: 'nothing', why: "sets the review's resolved mark" },
  'POST /api/reviews/:id/reply/flag': {
    adds: 'a flag',
    by: 'one open flag per user and reply; RATE_LIMIT_FLAG per user (shared with review flags)',
    hammer: async (w) => {
      const { user, browser } = await member();
      const targets = await reviewsOfNewOfficers(w, await createUser(ctx.db), LOW + 2);
      await ctx.db.insert(reviewReplies).values(targets.map((review) => ({ reviewId: review.id, userId: null, text: 'We will drill it again.' })));
      return {
        max: LOW,
        refusal: 429,
        call: (i) => browser.post(`/api/reviews/${targets[i]!.id}/reply/flag`, { reason: 'Mocks the reviewer instead of answering.' }),
        count: () => rows(reviewFlags, and(eq(reviewFlags.userId, user.id), eq(reviewFlags.onReply, true))),
      };
    },
  },

  // Profiles, regiments, images and registrations.
  'PATCH /api/officers/:id/edit': {
    adds: 'a change-feed row (and every public answer forgotten)',
    by: 'RATE_LIMIT_PROFILE_EDIT per user',
    hammer: async (w) => {
      const owner = await clientFor(ctx.app, w, 'owner');
      return {
        max: LOW,
        refusal: 429,
        call: (i) =>
          owner.write('PATCH', `/api/officers/${w.ownOfficer.id}/edit`, {
            name: `Renamed${i} ${w.tag}`,
            rank: 'Maj.',
            regimentId: w.regiment.id,
            profileImageUrl: null,
          }),
        count: () => rows(catalogueChanges, eq(catalogueChanges.officerId, w.ownOfficer.id)),
      };
    },
  },
  'DELETE /api/officers/:id': {
    adds: "change-feed rows: the officer's and its account's unlinking",
    by: 'once: the profile is gone, and a new one needs an approved registration',
    hammer: async (w) => {
      const owner = await clientFor(ctx.app, w, 'owner');
      return {
        max: 2,
        call: () => owner.write('DELETE', `/api/officers/${w.ownOfficer.id}`),
        count: () => rows(catalogueChanges, eq(catalogueChanges.officerId, w.ownOfficer.id)),
      };
    },
  },
  'PATCH /api/regiments/:id/edit': {
    adds: 'a change-feed row (and every public answer forgotten); by an admin, an audit row',
    by: "RATE_LIMIT_PROFILE_EDIT per owner; an admin's edits: staff only, audit log",
    hammer: async (w) => {
      const owner = await clientFor(ctx.app, w, 'owner');
      return {
        max: LOW,
        refusal: 429,
        call: (i) =>
          owner.write('PATCH', `/api/regiments/${w.regiment.id}/edit`, {
            name: `Edited${i}_${w.tag}`,
            description: 'Drilled every Sunday.',
            bannerImageUrl: null,
            iconImageUrl: null,
          }),
        count: () => rows(catalogueChanges, eq(catalogueChanges.regimentId, w.regiment.id)),
      };
    },
  },
  'PUT /api/regiments/:id/webhook': {
    adds: "the regiment's webhook",
    by: 'one per regiment (a new one replaces it); RATE_LIMIT_WEBHOOK per user',
    hammer: async (w) => {
      const owner = await clientFor(ctx.app, w, 'owner');
      return {
        max: 1,
        calls: LOW + 2,
        refusal: 429,
        call: (i) =>
          owner.write('PUT', `/api/regiments/${w.regiment.id}/webhook`, {
            url: `${TEST_DISCORD_WEBHOOK_BASE}/11223344556677889${i}/${'t'.repeat(68)}`,
          }),
        count: () => rows(regimentWebhooks, eq(regimentWebhooks.regimentId, w.regiment.id)),
      };
    },
  },
  'DELETE /api/regiments/:id/webhook': { adds: 'nothing', why: "removes the regiment's webhook (RATE_LIMIT_WEBHOOK per user)" },
  'POST /api/regiments/:id/webhook/test': {
    adds: 'an outbox row (the test post)',
    by: 'RATE_LIMIT_WEBHOOK per user (webhook-test)',
    hammer: async (w) => {
      const owner = await clientFor(ctx.app, w, 'owner');
      const url = `${TEST_DISCORD_WEBHOOK_BASE}/112233445566778899/${'t'.repeat(68)}`;
      expect((await owner.write('PUT', `/api/regiments/${w.regiment.id}/webhook`, { url })).statusCode).toBe(200);
      const before = await rows(outbox, eq(outbox.kind, 'discord-webhook'));
      return {
        max: before + LOW,
        calls: LOW + 2,
        refusal: 429,
        call: () => owner.post(`/api/regiments/${w.regiment.id}/webhook/test`, {}),
        count: () => rows(outbox, eq(outbox.kind, 'discord-webhook')),
      };
    },
  },
  'POST /api/upload': {
    adds: 'an image',
    by: 'RATE_LIMIT_UPLOAD per user',
    hammer: async () => {
      const address = nextAddress();
      const { user, browser } = await member();
      const body = new MultipartBody([{ field: 'file', data: smallPng, filename: 'icon.png', type: 'image/png' }]);
      return {
        max: LOW,
        refusal: 429,
        call: () => send(appAt(address), browser, 'POST', '/api/upload', body),
        count: () => rows(images, eq(images.userId, user.id)),
      };
    },
  },
  'POST /api/regiments/register': {
    adds: 'a regiment registration',
    by: `${LIMITS.pendingRegimentRegistrationsPerUser} pending per user; more only once an admin decided`,
    hammer: async (w) => {
      const { user, browser } = await member();
      return {
        max: LIMITS.pendingRegimentRegistrationsPerUser,
        refusal: 409,
        call: (i) =>
          browser.post('/api/regiments/register', {
            name: `Proposed${i}_${w.tag}`,
            description: null,
            sideId: 1,
            bannerImageUrl: null,
            iconImageUrl: null,
          }),
        count: () => rows(regimentRegistrations, eq(regimentRegistrations.userId, user.id)),
      };
    },
  },
  'POST /api/officers/register': {
    adds: 'an officer registration',
    by: `${LIMITS.pendingOfficerRegistrationsPerUser} pending per user; more only once an admin decided`,
    hammer: async (w) => {
      const { user, browser } = await member();
      return {
        max: LIMITS.pendingOfficerRegistrationsPerUser,
        refusal: 409,
        call: (i) =>
          browser.post('/api/officers/register', { name: `Applicant${i}_${w.tag}`, rank: 'Capt.', regimentId: w.regiment.id, profileImageUrl: null }),
        count: () => rows(officerRegistrations, eq(officerRegistrations.userId, user.id)),
      };
    },
  },

  // The account.
  'PUT /api/users/me/settings': { adds: 'nothing', why: "changes the account's own settings" },
  // Follows (issue 36): one per user and officer or regiment (following again answers the same
  // follow); RATE_LIMIT_VOTE per user, on a counter of its own.
  'POST /api/follows': {
    adds: 'a follow',
    by: 'one per user and officer or regiment; RATE_LIMIT_VOTE per user (its own counter)',
    hammer: async (w) => {
      const { user, browser } = await member();
      const targets = await Promise.all(Array.from({ length: LOW + 2 }, () => createOfficer(ctx.db, { regimentId: w.regiment.id })));
      return {
        max: LOW,
        refusal: 429,
        call: (i) => browser.post('/api/follows', { officerId: targets[i]!.id }),
        count: () => rows(follows, eq(follows.userId, user.id)),
      };
    },
  },
  'DELETE /api/follows/:id': { adds: 'nothing', why: "removes one of the user's own follows" },
  'POST /api/users/me/deletion': {
    adds: 'a notification and its mail',
    by: 'RATE_LIMIT_LOGIN per account (the password is checked); it signs the account out, and each new sign-in counts (RATE_LIMIT_SIGN_IN)',
    // Rounds of sign in, take the last request back, ask again.
    hammer: async (w) => ({
      max: LOW,
      refusal: 429,
      call: async () => {
        const browser = browserAt(nextAddress());
        const login = await browser.post('/api/auth/login', { email: w.recruit.email, password: RECRUIT_PASSWORD });
        if (login.statusCode !== 200) return login;
        await browser.write('DELETE', '/api/users/me/deletion');
        return browser.post('/api/users/me/deletion', { reviews: 'anonymize', password: RECRUIT_PASSWORD });
      },
      count: () => rows(notifications, and(eq(notifications.userId, w.recruit.id), sql`${notifications.data}->>'event' = 'deletion_requested'`)),
    }),
  },
  'DELETE /api/users/me/deletion': { adds: 'nothing', why: 'takes the request back' },
  'POST /api/notifications/read': { adds: 'nothing', why: 'marks notifications read' },
  'POST /api/notifications/unsubscribe': { adds: 'nothing', why: 'turns one kind of mail off (RATE_LIMIT_UNSUBSCRIBE per address)' },
  'POST /api/appeals': {
    adds: 'an appeal',
    by: 'one per staff action on the user; RATE_LIMIT_APPEAL per user',
    hammer: async (w) => {
      const actions = await ctx.db
        .insert(moderationActions)
        .values(
          Array.from({ length: LOW + 2 }, (_, i) => ({
            kind: 'suspension' as const,
            userId: w.owner.id,
            ground: 'harassment',
            facts: `Insulted an officer by name, time ${i}.`,
            actorRole: 'moderator' as const,
            targetType: 'user' as const,
            targetId: w.owner.id,
            subject: 'your account',
            appealableUntil: new Date(Date.now() + 24 * 60 * 60 * 1000),
          })),
        )
        .returning({ id: moderationActions.id });
      const owner = await clientFor(ctx.app, w, 'owner');
      return {
        max: LOW,
        refusal: 429,
        call: (i) => owner.post('/api/appeals', { actionId: actions[i]!.id, text: 'I quoted the officer, I did not insult him.' }),
        count: () =>
          rows(
            appeals,
            and(
              eq(appeals.userId, w.owner.id),
              inArray(
                appeals.actionId,
                actions.map((action) => action.id),
              ),
            ),
          ),
      };
    },
  },

  // Staff.
  'POST /api/admin/registrations/regiments/:id/:action': {
    adds: 'the regiment, a notification, an audit row (a rejection: a moderation action)',
    by: STAFF,
    staff: true,
  },
  'POST /api/admin/registrations/officers/:id/:action': {
    adds: 'the officer, a notification, an audit row (a rejection: a moderation action)',
    by: STAFF,
    staff: true,
  },
  'PATCH /api/admin/users/:id/ban': { adds: 'a moderation action, its notification, an audit row', by: STAFF, staff: true },
  'PATCH /api/admin/users/:id/unban': { adds: 'an audit row', by: STAFF, staff: true },
  'PATCH /api/admin/users/:id/suspend': { adds: 'a moderation action, its notification, an audit row', by: STAFF, staff: true },
  'PUT /api/admin/users/:id/role': { adds: 'an audit row', by: STAFF, staff: true },
  'DELETE /api/admin/users/:id/second-factor': { adds: 'an audit row, a notification', by: STAFF, staff: true },
  'POST /api/admin/reviews/:id/approve': { adds: 'an audit row (the flags decided)', by: STAFF, staff: true },
  'POST /api/admin/reviews/:id/reply/approve': { adds: 'an audit row (the flags decided)', by: STAFF, staff: true },
  'POST /api/admin/waves/:id/release': { adds: 'audit rows, notifications', by: STAFF, staff: true },
  'POST /api/admin/waves/:id/remove': { adds: 'moderation actions, notifications, audit rows', by: STAFF, staff: true },
  'POST /api/admin/waves/:id/reviews/:reviewId/release': { adds: 'an audit row, a notification', by: STAFF, staff: true },
  'POST /api/admin/waves/:id/reviews/:reviewId/remove': { adds: 'a moderation action, its notification, an audit row', by: STAFF, staff: true },
  'PATCH /api/admin/officers/:id': { adds: 'an audit row, a change-feed row', by: STAFF, staff: true },
  'DELETE /api/admin/officers/:id': { adds: 'an audit row', by: STAFF, staff: true },
  'DELETE /api/admin/regiments/:id': { adds: 'an audit row', by: STAFF, staff: true },
  'PUT /api/admin/regiments/:id/owner': { adds: 'an audit row', by: STAFF, staff: true },
  'POST /api/admin/appeals/:id/decide': { adds: 'a notification, an audit row (decides an open appeal once)', by: STAFF, staff: true },
  'POST /api/admin/cases/:type/:id/notes': { adds: 'a case note', by: STAFF, staff: true },
  'PUT /api/admin/cases/:type/:id/assignment': { adds: "an audit row (the case's one assignment replaced)", by: STAFF, staff: true },
};

const PROJECT = 'demo-wor-bounded-rows';
let firebaseMode: FirebaseTestContext | undefined;
let ctx: TestContext;
let emulator: FakeAuthEmulator;
let smallPng: Buffer;

beforeAll(async () => {
  firebaseMode = await createFirebaseTestContext(PROJECT, { rateLimits: RATE_LIMITS });
  ({ ctx, emulator } = firebaseMode);
  smallPng = await sharp({ create: { width: 16, height: 16, channels: 3, background: { r: 90, g: 60, b: 30 } } })
    .png()
    .toBuffer();
});

afterAll(async () => {
  await firebaseMode?.close();
});

async function rows(table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(table).where(where);
  return Number(row!.n);
}

let addressCounter = 0;
/** A client address no other call of this file uses. */
function nextAddress(): string {
  addressCounter += 1;
  return `10.37.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
}

/** The app as seen from `address`: every request arrives from it (request.ip). */
function appAt(address: string): App {
  return { inject: (options: InjectOptions) => ctx.app.inject({ ...options, remoteAddress: address }) } as unknown as App;
}

/** A browser at `address`; with `from`, the same browser (its cookies and token) moved there. */
function browserAt(address: string, from?: TestClient): TestClient {
  const browser = new TestClient(appAt(address));
  if (from) Object.assign(browser, { cookie: from.cookie, browserCookie: from.browserCookie, csrfToken: from.csrfToken });
  return browser;
}

let steamCounter = 0;
/**
 * A new account with a linked Steam account, signed in by creating its session directly (the sign-in
 * calls are hammered on their own); with `factorChecked`, an authenticator app passed just now.
 */
async function member({ factorChecked = false } = {}): Promise<{ user: UserRow; browser: TestClient }> {
  steamCounter += 1;
  const user = await createUser(ctx.db, { steamId: `7656120${String(steamCounter).padStart(10, '0')}` });
  if (factorChecked) await enrolTotp(ctx.db, ctx.app.config, user.id);
  const [sessionUser] = await ctx.db.select(sessionUserColumns()).from(users).where(eq(users.id, user.id));
  const created = await createSession(ctx.db, sessionLifetimes(ctx.app.config), sessionUser!, { secondFactorAt: factorChecked ? new Date() : null });
  const browser = browserAt(nextAddress());
  browser.cookie = `wor_sid=${created.token}`;
  browser.csrfToken = created.session.csrfToken;
  return { user, browser };
}

/** `n` reviews by `author`, each of a new officer of the world's regiment. */
function reviewsOfNewOfficers(w: World, author: UserRow, n: number): Promise<ReviewRow[]> {
  return Promise.all(
    Array.from({ length: n }, async () => {
      const officer = await createOfficer(ctx.db, { regimentId: w.regiment.id });
      return createReview(ctx.db, { userId: author.id, officerId: officer.id });
    }),
  );
}

const keyOf = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
const hammered = Object.entries(BOUNDS).flatMap(([key, bound]) => ('hammer' in bound ? [[key, bound.hammer] as const] : []));

describe('the rows one user can add from every route', () => {
  it('has a bound for every write the app registers, and for nothing else', () => {
    const registered = new Set(ctx.app.routeList.map(keyOf));
    const writes = ctx.app.routeList.filter((route) => route.method !== 'GET' || route.config?.invalidates !== undefined).map(keyOf);
    // The walk sees the whole API.
    expect(writes.length).toBeGreaterThan(60);
    expect(
      writes.filter((key) => !(key in BOUNDS)),
      'a write without a bound: add its row to BOUNDS',
    ).toEqual([]);
    expect(Object.keys(BOUNDS).filter((key) => !registered.has(key))).toEqual([]);
  });

  it('hammers every route that adds rows, or one whose rows bound them', () => {
    for (const [key, bound] of Object.entries(BOUNDS)) {
      if (!('boundedBy' in bound)) continue;
      // Follow the chain to a hammered route (no loops: each step must lead on).
      const seen = new Set<string>([key]);
      let next: Bound | undefined = bound;
      while (next && 'boundedBy' in next) {
        expect(seen.has(next.boundedBy), `${key}: a loop through ${next.boundedBy}`).toBe(false);
        seen.add(next.boundedBy);
        next = BOUNDS[next.boundedBy];
      }
      expect(next && 'hammer' in next, `${key} is bounded by ${[...seen].at(-1)}, which is not hammered`).toBe(true);
    }
    expect(hammered.length).toBeGreaterThan(25);
  });

  it.each(hammered)('%s', async (key, hammer) => {
    const world = await buildWorld(ctx.db, { emulator });
    const { max, calls = max + 2, call, count, refusal, afterAnswer } = await hammer(world);
    const before = await count();
    const answers: LightMyRequestResponse[] = [];
    for (let i = 0; i < calls; i += 1) answers.push(await call(i));
    const statuses = answers.map((answer) => answer.statusCode);
    const accepted = statuses.filter((status) => status < 400).length;
    const after = afterAnswer ? await until(count, (n) => n - before >= accepted) : await count();

    expect(
      answers.filter((answer) => answer.statusCode >= 500).map((answer) => answer.body),
      key,
    ).toEqual([]);
    expect(statuses[0], `${key}: the first call goes through (${answers[0]!.body.slice(0, 200)})`).toBeLessThan(400);
    expect(after - before, `${key} adds rows`).toBeGreaterThan(0);
    expect(after - before, `${key}: rows added by ${calls} calls (${statuses.join(' ')})`).toBeLessThanOrEqual(max);
    if (refusal) expect(statuses, `${key} refuses past its bound`).toContain(refusal);
  });
});
