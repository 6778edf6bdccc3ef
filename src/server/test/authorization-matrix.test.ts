/**
 * The authorization matrix (spec section 6, Roles and permissions): every endpoint of the API,
 * called as a visitor, a signed-in user, the owner of the target and an admin, with the status each
 * must get. One row per endpoint; the first test compares the rows with the routes the app really
 * registers, so an endpoint added without a row fails the suite.
 *
 * Every cell gets a fresh world (authorization-world.ts) so destructive calls stay independent, and
 * sends a valid body: a refusal can then only come from who is asking. The app runs in Firebase mode
 * (against the fake Auth emulator) because that mode registers every route the built-in mode does,
 * plus the identity-service calls.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeAuthEmulator } from '#server/test-doubles/fake-auth-emulator.js';
import { unsubscribeToken } from '#server/features/notifications/unsubscribe.js';
import { TEST_DISCORD_WEBHOOK_BASE, type TestContext } from './app.js';
import { createFirebaseTestContext, type FirebaseTestContext } from './firebase-mode.js';
import { buildWorld, clientFor, MultipartBody, RECRUIT_PASSWORD, ROLES, send, type Method, type Role, type World } from './authorization-world.js';

type Expected = Record<Role, number>;

interface Row {
  method: Method;
  /** As registered (app.routeList), with :params. */
  path: string;
  url(world: World): string;
  body?(world: World): unknown;
  expect: Expected;
}

// The usual shapes of a row's expectations.
const everyone = (status: number): Expected => ({ visitor: status, user: status, owner: status, moderator: status, admin: status });
const signedIn = (status: number): Expected => ({ visitor: 401, user: status, owner: status, moderator: status, admin: status });
/** Registrations, deletions of officers and regiments, permanent bans and roles (issue 33): not moderators. */
const adminOnly = (status: number): Expected => ({ visitor: 401, user: 403, owner: 403, moderator: 403, admin: status });
/** The flag queue, replies and review waves (issue 33): moderators beside admins. */
const staffOnly = (status: number): Expected => ({ visitor: 401, user: 403, owner: 403, moderator: status, admin: status });
/** Owner's own officer profile: admins go through /api/admin/officers instead (spec section 7). */
const officerOwnerOnly = (status: number): Expected => ({ visitor: 401, user: 403, owner: status, moderator: 403, admin: 403 });
/** Owner or admin (the regiment's edit and webhook). */
const ownerOrAdmin = (status: number): Expected => ({ visitor: 401, user: 403, owner: status, moderator: 403, admin: status });
/** Owner or staff (removing a review or a reply: a moderator removes with the admin's call, issue 33). */
const ownerOrStaff = (status: number): Expected => ({ visitor: 401, user: 403, owner: status, moderator: status, admin: status });

const reviewForm = { text: 'Steady under fire and clear orders.', leadership: 4, tactics: 3.5, communication: 4, fairness: 5 };
const officerForm = (w: World) => ({ name: `Renamed ${w.tag}`, rank: 'Maj.', regimentId: w.regiment.id, profileImageUrl: null });

let smallPng: Buffer;

const ROWS: Row[] = [
  // Health checks for the load balancer (http/health.ts): public, no session.
  { method: 'GET', path: '/healthz', url: () => '/healthz', expect: everyone(200) },
  { method: 'GET', path: '/readyz', url: () => '/readyz', expect: everyone(200) },
  // Security token and authentication: public.
  { method: 'GET', path: '/api/csrf-token', url: () => '/api/csrf-token', expect: everyone(200) },
  { method: 'GET', path: '/api/auth/status', url: () => '/api/auth/status', expect: everyone(200) },
  { method: 'GET', path: '/api/auth/config', url: () => '/api/auth/config', expect: everyone(200) },
  {
    method: 'POST',
    path: '/api/auth/register',
    url: () => '/api/auth/register',
    body: (w) => ({ username: `Newbie_${w.tag}`, email: `newbie.${w.tag}@example.test`, password: 'long enough password' }),
    expect: everyone(201),
  },
  {
    method: 'POST',
    path: '/api/auth/login',
    url: () => '/api/auth/login',
    body: (w) => ({ email: w.recruit.email, password: RECRUIT_PASSWORD }),
    expect: everyone(200),
  },
  {
    method: 'POST',
    path: '/api/auth/legacy-login',
    url: () => '/api/auth/legacy-login',
    body: (w) => ({ username: w.recruit.username, password: RECRUIT_PASSWORD }),
    expect: everyone(200),
  },
  { method: 'POST', path: '/api/auth/logout', url: () => '/api/auth/logout', expect: everyone(200) },
  {
    method: 'POST',
    path: '/api/auth/request-verification',
    url: () => '/api/auth/request-verification',
    body: (w) => ({ email: w.recruit.email }),
    expect: everyone(200),
  },
  { method: 'GET', path: '/api/auth/verify-email/:code', url: (w) => `/api/auth/verify-email/${w.verifyEmailCode}`, expect: everyone(200) },
  {
    method: 'POST',
    path: '/api/auth/forgot-password',
    url: () => '/api/auth/forgot-password',
    body: (w) => ({ email: w.recruit.email }),
    expect: everyone(200),
  },
  {
    method: 'GET',
    path: '/api/auth/reset-password/:code',
    url: (w) => `/api/auth/reset-password/${w.resetPasswordCode}`,
    expect: everyone(200),
  },
  {
    method: 'POST',
    path: '/api/auth/reset-password',
    url: () => '/api/auth/reset-password',
    body: (w) => ({ code: w.resetPasswordCode, password: 'NewPassw0rd' }),
    expect: everyone(200),
  },
  // The second factor (issue 34). The world's staff hold an authenticator app and passed it at
  // sign-in; the others have none. A wrong code is refused to everyone alike.
  { method: 'POST', path: '/api/auth/second-factor', url: () => '/api/auth/second-factor', body: () => ({ code: '000000' }), expect: everyone(401) },
  { method: 'GET', path: '/api/auth/security', url: () => '/api/auth/security', expect: signedIn(200) },
  // Set up once: staff already have an app (409).
  { method: 'POST', path: '/api/auth/totp/setup', url: () => '/api/auth/totp/setup', expect: { ...signedIn(200), moderator: 409, admin: 409 } },
  // Nothing set up to turn on (400); staff have theirs on already (409).
  {
    method: 'POST',
    path: '/api/auth/totp/enable',
    url: () => '/api/auth/totp/enable',
    body: () => ({ code: '000000' }),
    expect: { ...signedIn(400), moderator: 409, admin: 409 },
  },
  { method: 'POST', path: '/api/auth/totp/disable', url: () => '/api/auth/totp/disable', body: () => ({ code: '000000' }), expect: signedIn(400) },
  // A new set needs a recent factor check: only the staff passed one.
  {
    method: 'POST',
    path: '/api/auth/recovery-codes',
    url: () => '/api/auth/recovery-codes',
    expect: { ...signedIn(401), moderator: 200, admin: 200 },
  },
  { method: 'POST', path: '/api/auth/passkeys/registration-options', url: () => '/api/auth/passkeys/registration-options', expect: signedIn(200) },
  {
    method: 'POST',
    path: '/api/auth/passkeys',
    url: () => '/api/auth/passkeys',
    body: () => ({ name: 'Laptop', response: { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: {} } }),
    expect: signedIn(400),
  },
  {
    method: 'DELETE',
    path: '/api/auth/passkeys/:id',
    url: () => '/api/auth/passkeys/AAAA',
    expect: { ...signedIn(401), moderator: 404, admin: 404 },
  },
  {
    method: 'POST',
    path: '/api/auth/passkeys/authentication-options',
    url: () => '/api/auth/passkeys/authentication-options',
    expect: everyone(200),
  },
  {
    method: 'POST',
    path: '/api/auth/passkeys/authenticate',
    url: () => '/api/auth/passkeys/authenticate',
    body: () => ({ response: { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: {} } }),
    expect: everyone(400),
  },
  {
    method: 'POST',
    path: '/api/auth/firebase-login',
    url: () => '/api/auth/firebase-login',
    body: (w) => ({ idToken: w.recruitIdToken }),
    expect: everyone(200),
  },
  {
    method: 'POST',
    path: '/api/auth/firebase-register',
    url: () => '/api/auth/firebase-register',
    body: (w) => ({ idToken: w.newcomerIdToken, username: `Newcomer_${w.tag}` }),
    expect: everyone(201),
  },
  {
    method: 'POST',
    path: '/api/auth/update-verification',
    url: () => '/api/auth/update-verification',
    body: (w) => ({ idToken: w.recruitIdToken }),
    expect: everyone(200),
  },
  // Steam linking: browser navigations, answered by a redirect (to /login for visitors).
  { method: 'GET', path: '/api/auth/steam', url: () => '/api/auth/steam?redirect=/my-stats', expect: everyone(302) },
  { method: 'GET', path: '/api/auth/steam/callback', url: () => '/api/auth/steam/callback?state=unknown', expect: everyone(302) },

  // Reference data: public reads.
  { method: 'GET', path: '/api/sides', url: () => '/api/sides', expect: everyone(200) },
  { method: 'GET', path: '/api/regiments', url: () => '/api/regiments', expect: everyone(200) },
  { method: 'GET', path: '/api/regiments/featured', url: () => '/api/regiments/featured', expect: everyone(200) },
  { method: 'GET', path: '/api/regiments/side/:sideId', url: (w) => `/api/regiments/side/${w.regiment.sideId}`, expect: everyone(200) },
  { method: 'GET', path: '/api/regiments/:id', url: (w) => `/api/regiments/${w.regiment.id}`, expect: everyone(200) },
  { method: 'GET', path: '/api/regiments/:id/ratings', url: (w) => `/api/regiments/${w.regiment.id}/ratings`, expect: everyone(200) },
  { method: 'GET', path: '/api/officers', url: () => '/api/officers', expect: everyone(200) },
  { method: 'GET', path: '/api/officers/top', url: () => '/api/officers/top?side=USA', expect: everyone(200) },
  { method: 'GET', path: '/api/officers/search', url: (w) => `/api/officers/search?q=${w.tag}`, expect: everyone(200) },
  { method: 'GET', path: '/api/search/officers', url: (w) => `/api/search/officers?q=${w.tag}`, expect: everyone(200) },
  { method: 'GET', path: '/api/search/suggestions', url: (w) => `/api/search/suggestions?q=${w.tag}`, expect: everyone(200) },
  { method: 'GET', path: '/api/search/regiments', url: (w) => `/api/search/regiments?q=${w.tag}`, expect: everyone(200) },
  {
    method: 'GET',
    path: '/api/officers/regiment/:regimentId',
    url: (w) => `/api/officers/regiment/${w.regiment.id}`,
    expect: everyone(200),
  },
  { method: 'GET', path: '/api/officers/:id', url: (w) => `/api/officers/${w.ownOfficer.id}`, expect: everyone(200) },
  { method: 'GET', path: '/api/officers/:id/trend', url: (w) => `/api/officers/${w.ownOfficer.id}/trend`, expect: everyone(200) },
  { method: 'GET', path: '/api/officers/:id/steam-stats', url: (w) => `/api/officers/${w.ownOfficer.id}/steam-stats`, expect: everyone(200) },
  { method: 'GET', path: '/api/users/me/steam-stats', url: () => '/api/users/me/steam-stats', expect: signedIn(200) },
  { method: 'GET', path: '/api/users/me/settings', url: () => '/api/users/me/settings', expect: signedIn(200) },
  { method: 'PUT', path: '/api/users/me/settings', url: () => '/api/users/me/settings', body: () => ({ hideLevel: true }), expect: signedIn(200) },
  // Follows (issue 36): anyone signed in follows; a follow is removed by its own user only (404 to anyone else).
  { method: 'GET', path: '/api/users/me/follows', url: () => '/api/users/me/follows', expect: signedIn(200) },
  { method: 'POST', path: '/api/follows', url: () => '/api/follows', body: (w) => ({ officerId: w.ownOfficer.id }), expect: signedIn(200) },
  {
    method: 'DELETE',
    path: '/api/follows/:id',
    url: (w) => `/api/follows/${w.ownerFollowId}`,
    expect: { visitor: 401, user: 404, owner: 200, moderator: 404, admin: 404 },
  },
  // Your data (issue 35). The world's accounts have passwords: a deletion without it is refused
  // (account-data.test.ts deletes with it); nothing is scheduled to cancel.
  { method: 'GET', path: '/api/users/me/export', url: () => '/api/users/me/export', expect: signedIn(200) },
  {
    method: 'POST',
    path: '/api/users/me/deletion',
    url: () => '/api/users/me/deletion',
    body: () => ({ reviews: 'anonymize' }),
    expect: signedIn(400),
  },
  { method: 'DELETE', path: '/api/users/me/deletion', url: () => '/api/users/me/deletion', expect: signedIn(400) },
  { method: 'GET', path: '/api/images/:fileName', url: (w) => `/api/images/${w.imageFileName}`, expect: everyone(200) },
  // The public read API's document and reference page (features/api-docs): public.
  { method: 'GET', path: '/api/openapi.json', url: () => '/api/openapi.json', expect: everyone(200) },
  { method: 'GET', path: '/api/docs', url: () => '/api/docs', expect: everyone(200) },
  { method: 'GET', path: '/api/docs/:asset', url: () => '/api/docs/docs.js', expect: everyone(200) },
  // Link-preview cards (issue 19): public, drawn for crawlers that send no cookie.
  { method: 'GET', path: '/api/cards/officer/:file', url: (w) => `/api/cards/officer/${w.ownOfficer.id}.png`, expect: everyone(200) },
  { method: 'GET', path: '/api/cards/regiment/:file', url: (w) => `/api/cards/regiment/${w.regiment.id}.png`, expect: everyone(200) },
  { method: 'GET', path: '/api/cards/site.png', url: () => '/api/cards/site.png', expect: everyone(200) },

  // Editing officers and regiments.
  {
    method: 'PATCH',
    path: '/api/regiments/:id/edit',
    url: (w) => `/api/regiments/${w.regiment.id}/edit`,
    body: (w) => ({ name: `Edited_${w.tag}`, description: 'Drilled every Sunday.', bannerImageUrl: null, iconImageUrl: null }),
    expect: ownerOrAdmin(200),
  },
  // The regiment's Discord webhook (issue 19): its owner or an admin, as the edit.
  { method: 'GET', path: '/api/regiments/:id/webhook', url: (w) => `/api/regiments/${w.regiment.id}/webhook`, expect: ownerOrAdmin(200) },
  {
    method: 'PUT',
    path: '/api/regiments/:id/webhook',
    url: (w) => `/api/regiments/${w.regiment.id}/webhook`,
    body: () => ({ url: `${TEST_DISCORD_WEBHOOK_BASE}/112233445566778899/${'t'.repeat(68)}` }),
    expect: ownerOrAdmin(200),
  },
  { method: 'DELETE', path: '/api/regiments/:id/webhook', url: (w) => `/api/regiments/${w.regiment.id}/webhook`, expect: ownerOrAdmin(200) },
  // Issue 36, item 6: the test message, owner or admin; the world's regiment has no webhook, which
  // they are told (409) only past the guard.
  {
    method: 'POST',
    path: '/api/regiments/:id/webhook/test',
    url: (w) => `/api/regiments/${w.regiment.id}/webhook/test`,
    expect: ownerOrAdmin(409),
  },
  {
    method: 'PATCH',
    path: '/api/officers/:id/edit',
    url: (w) => `/api/officers/${w.ownOfficer.id}/edit`,
    body: officerForm,
    expect: officerOwnerOnly(200),
  },
  { method: 'DELETE', path: '/api/officers/:id', url: (w) => `/api/officers/${w.ownOfficer.id}`, expect: officerOwnerOnly(200) },

  // Reviews.
  { method: 'GET', path: '/api/reviews/recent', url: () => '/api/reviews/recent', expect: everyone(200) },
  {
    method: 'GET',
    path: '/api/reviews/officer/:officerId',
    url: (w) => `/api/reviews/officer/${w.ownOfficer.id}?page=1&limit=5`,
    expect: everyone(200),
  },
  { method: 'GET', path: '/api/reviews/my', url: () => '/api/reviews/my', expect: signedIn(200) },
  // Issue 36: who wrote a review, open to everyone.
  { method: 'GET', path: '/api/reviewers/:userId', url: (w) => `/api/reviewers/${w.owner.id}`, expect: everyone(200) },
  { method: 'GET', path: '/api/reviews/:id/revisions', url: (w) => `/api/reviews/${w.ownerReview.id}/revisions`, expect: everyone(200) },
  {
    method: 'POST',
    path: '/api/reviews',
    url: () => '/api/reviews',
    // The owner's own officer: every signed-in role here has a linked Steam account (spec section 6),
    // and anyone may review it but the owner, whose account is linked to it (the Terms forbid
    // reviewing yourself; issue 13).
    body: (w) => ({ ...reviewForm, officerId: w.ownOfficer.id, overallRating: 4 }),
    expect: { visitor: 401, user: 201, owner: 403, moderator: 201, admin: 201 },
  },
  {
    method: 'PUT',
    path: '/api/reviews/:id',
    url: (w) => `/api/reviews/${w.ownerReview.id}`,
    body: (w) => ({ ...reviewForm, officerId: w.otherOfficer.id }),
    // A review is its author's opinion: admins may delete it, not rewrite it. The owner's review here
    // is of another officer, so he may edit it; a review of his own officer he may not
    // (features/reviews/self-reviews.test.ts: the API no longer writes one for this world to hold).
    expect: { visitor: 401, user: 403, owner: 200, moderator: 403, admin: 403 },
  },
  { method: 'DELETE', path: '/api/reviews/:id', url: (w) => `/api/reviews/${w.ownerReview.id}`, expect: ownerOrStaff(200) },
  { method: 'GET', path: '/api/reviews/:id/vote', url: (w) => `/api/reviews/${w.ownerReview.id}/vote`, expect: signedIn(200) },
  {
    method: 'POST',
    path: '/api/reviews/:id/vote',
    url: (w) => `/api/reviews/${w.ownerReview.id}/vote`,
    body: () => ({ value: 1 }),
    // Nobody votes on their own review.
    expect: { visitor: 401, user: 200, owner: 403, moderator: 200, admin: 200 },
  },
  {
    method: 'POST',
    path: '/api/reviews/:id/flag',
    url: (w) => `/api/reviews/${w.othersReview.id}/flag`,
    body: () => ({ reason: 'Personal attack, not a review.' }),
    expect: signedIn(201),
  },
  // The officer's right of reply (issue 18, item 1): the owner is the officer reviewed in othersReview.
  {
    method: 'PUT',
    path: '/api/reviews/:id/reply',
    url: (w) => `/api/reviews/${w.othersReview.id}/reply`,
    body: () => ({ text: 'Thank you, we drilled it all week.' }),
    // Only the officer's linked account: an admin moderates replies, never writes them.
    expect: officerOwnerOnly(200),
  },
  {
    method: 'DELETE',
    path: '/api/reviews/:id/reply',
    url: (w) => `/api/reviews/${w.othersReview.id}/reply`,
    expect: ownerOrStaff(200),
  },
  {
    method: 'POST',
    path: '/api/reviews/:id/resolved',
    url: (w) => `/api/reviews/${w.ownerReview.id}/resolved`,
    body: () => ({ resolved: true }),
    // Only the review's author (the owner wrote ownerReview).
    expect: officerOwnerOnly(200),
  },
  {
    method: 'POST',
    path: '/api/reviews/:id/reply/flag',
    url: (w) => `/api/reviews/${w.othersReview.id}/reply/flag`,
    body: () => ({ reason: 'Mocks the reviewer instead of answering.' }),
    // The officer's own account has nothing to flag in its reply.
    expect: { visitor: 401, user: 201, owner: 403, moderator: 201, admin: 201 },
  },

  // Uploads and registrations: any signed-in user.
  {
    method: 'POST',
    path: '/api/upload',
    url: () => '/api/upload',
    body: () => new MultipartBody([{ field: 'file', data: smallPng, filename: 'icon.png', type: 'image/png' }]),
    expect: signedIn(201),
  },
  {
    method: 'POST',
    path: '/api/regiments/register',
    url: () => '/api/regiments/register',
    body: (w) => ({ name: `Proposed_${w.tag}`, description: null, sideId: 1, bannerImageUrl: null, iconImageUrl: null }),
    expect: signedIn(201),
  },
  {
    method: 'POST',
    path: '/api/officers/register',
    url: () => '/api/officers/register',
    body: (w) => ({ name: `Applicant_${w.tag}`, rank: 'Capt.', regimentId: w.regiment.id, profileImageUrl: null }),
    // The owner already is an officer (a business rule, not a refusal of the role).
    expect: { visitor: 401, user: 201, owner: 409, moderator: 201, admin: 201 },
  },
  { method: 'GET', path: '/api/users/me/regiments/owned', url: () => '/api/users/me/regiments/owned', expect: signedIn(200) },
  { method: 'GET', path: '/api/registrations/mine', url: () => '/api/registrations/mine', expect: signedIn(200) },

  // Due process (issue 33): public grounds, log and report; a user's own standing; an appeal only by
  // the user the action affected (the owner here), banned or not.
  { method: 'GET', path: '/api/moderation/grounds', url: () => '/api/moderation/grounds', expect: everyone(200) },
  { method: 'GET', path: '/api/moderation/log', url: () => '/api/moderation/log?page=1', expect: everyone(200) },
  { method: 'GET', path: '/api/transparency', url: () => '/api/transparency?month=2026-11', expect: everyone(200) },
  { method: 'GET', path: '/api/users/me/standing', url: () => '/api/users/me/standing', expect: signedIn(200) },
  {
    method: 'POST',
    path: '/api/appeals',
    url: () => '/api/appeals',
    body: (w) => ({ actionId: w.actionId, text: 'The regiment is real; here is our roster.' }),
    expect: { visitor: 401, user: 403, owner: 201, moderator: 403, admin: 403 },
  },

  // Notifications (issue 18): the signed-in user's own. The mails' unsubscribe link works for anyone
  // who holds it, signed in or not: its signed token is the authority, for one user and one kind.
  { method: 'GET', path: '/api/notifications', url: () => '/api/notifications', expect: signedIn(200) },
  { method: 'POST', path: '/api/notifications/read', url: () => '/api/notifications/read', body: () => ({ all: true }), expect: signedIn(200) },
  {
    method: 'GET',
    path: '/api/notifications/unsubscribe',
    url: (w) => `/api/notifications/unsubscribe?token=${unsubscribeToken(ctx.app.config.sessionSecret, w.owner.id, 'review_reply')}`,
    expect: everyone(200),
  },
  {
    method: 'POST',
    path: '/api/notifications/unsubscribe',
    url: (w) => `/api/notifications/unsubscribe?token=${unsubscribeToken(ctx.app.config.sessionSecret, w.owner.id, 'review_reply')}`,
    expect: everyone(200),
  },

  // Administration: admins only, or staff (moderators beside admins); the owner of the target is no exception.
  { method: 'GET', path: '/api/admin/registrations/regiments', url: () => '/api/admin/registrations/regiments', expect: adminOnly(200) },
  { method: 'GET', path: '/api/admin/registrations/officers', url: () => '/api/admin/registrations/officers', expect: adminOnly(200) },
  {
    method: 'POST',
    path: '/api/admin/registrations/regiments/:id/:action',
    url: (w) => `/api/admin/registrations/regiments/${w.regimentRegistrationId}/approve`,
    body: () => ({ notes: 'Welcome.' }),
    expect: adminOnly(200),
  },
  {
    method: 'POST',
    path: '/api/admin/registrations/officers/:id/:action',
    url: (w) => `/api/admin/registrations/officers/${w.officerRegistrationId}/approve`,
    body: () => ({ notes: 'Welcome.' }),
    expect: adminOnly(200),
  },
  { method: 'GET', path: '/api/admin/dashboard', url: () => '/api/admin/dashboard', expect: adminOnly(200) },
  { method: 'GET', path: '/api/admin/status', url: () => '/api/admin/status', expect: adminOnly(200) },
  { method: 'GET', path: '/api/admin/users', url: () => '/api/admin/users', expect: adminOnly(200) },
  { method: 'PATCH', path: '/api/admin/users/:id/ban', url: (w) => `/api/admin/users/${w.member.id}/ban`, expect: adminOnly(200) },
  { method: 'PATCH', path: '/api/admin/users/:id/unban', url: (w) => `/api/admin/users/${w.bannedMember.id}/unban`, expect: adminOnly(200) },
  {
    method: 'PUT',
    path: '/api/admin/users/:id/role',
    url: (w) => `/api/admin/users/${w.member.id}/role`,
    body: () => ({ role: 'moderator' }),
    expect: adminOnly(200),
  },
  { method: 'GET', path: '/api/admin/moderation', url: () => '/api/admin/moderation', expect: staffOnly(200) },
  // The member has no factor to remove: the admin is told so (issue 34, item 6).
  {
    method: 'DELETE',
    path: '/api/admin/users/:id/second-factor',
    url: (w) => `/api/admin/users/${w.member.id}/second-factor`,
    expect: adminOnly(400),
  },
  {
    method: 'PATCH',
    path: '/api/admin/users/:id/suspend',
    url: (w) => `/api/admin/users/${w.member.id}/suspend`,
    body: () => ({ days: 3, ground: 'harassment', facts: 'Insulted two officers by name.' }),
    expect: staffOnly(200),
  },
  { method: 'GET', path: '/api/admin/appeals', url: () => '/api/admin/appeals', expect: staffOnly(200) },
  {
    method: 'POST',
    path: '/api/admin/appeals/:id/decide',
    url: (w) => `/api/admin/appeals/${w.appealId}/decide`,
    body: () => ({ outcome: 'uphold', reason: 'The registration named no regiment we could find.' }),
    expect: staffOnly(200),
  },
  { method: 'GET', path: '/api/admin/cases/:type/:id', url: (w) => `/api/admin/cases/appeal/${w.appealId}`, expect: staffOnly(200) },
  {
    method: 'POST',
    path: '/api/admin/cases/:type/:id/notes',
    url: (w) => `/api/admin/cases/appeal/${w.appealId}/notes`,
    body: () => ({ text: 'Asked the regiment for a link to its Discord.' }),
    expect: staffOnly(201),
  },
  {
    method: 'PUT',
    path: '/api/admin/cases/:type/:id/assignment',
    url: (w) => `/api/admin/cases/appeal/${w.appealId}/assignment`,
    body: () => ({ assigneeId: null }),
    expect: staffOnly(200),
  },
  { method: 'GET', path: '/api/admin/reviews/flagged', url: () => '/api/admin/reviews/flagged', expect: staffOnly(200) },
  { method: 'GET', path: '/api/admin/waves', url: () => '/api/admin/waves', expect: staffOnly(200) },
  { method: 'POST', path: '/api/admin/waves/:id/release', url: (w) => `/api/admin/waves/${w.waveId}/release`, expect: staffOnly(200) },
  { method: 'POST', path: '/api/admin/waves/:id/remove', url: (w) => `/api/admin/waves/${w.waveId}/remove`, expect: staffOnly(200) },
  {
    method: 'POST',
    path: '/api/admin/waves/:id/reviews/:reviewId/release',
    url: (w) => `/api/admin/waves/${w.waveId}/reviews/${w.waveReviewId}/release`,
    expect: staffOnly(200),
  },
  {
    method: 'POST',
    path: '/api/admin/waves/:id/reviews/:reviewId/remove',
    url: (w) => `/api/admin/waves/${w.waveId}/reviews/${w.waveReviewId}/remove`,
    expect: staffOnly(200),
  },
  {
    method: 'POST',
    path: '/api/admin/reviews/:id/approve',
    url: (w) => `/api/admin/reviews/${w.othersReview.id}/approve`,
    expect: staffOnly(200),
  },
  {
    method: 'POST',
    path: '/api/admin/reviews/:id/reply/approve',
    url: (w) => `/api/admin/reviews/${w.othersReview.id}/reply/approve`,
    expect: staffOnly(200),
  },
  {
    method: 'PATCH',
    path: '/api/admin/officers/:id',
    url: (w) => `/api/admin/officers/${w.ownOfficer.id}`,
    body: officerForm,
    expect: adminOnly(200),
  },
  { method: 'DELETE', path: '/api/admin/officers/:id', url: (w) => `/api/admin/officers/${w.ownOfficer.id}`, expect: adminOnly(200) },
  { method: 'DELETE', path: '/api/admin/regiments/:id', url: (w) => `/api/admin/regiments/${w.regiment.id}`, expect: adminOnly(200) },
  {
    method: 'PUT',
    path: '/api/admin/regiments/:id/owner',
    url: (w) => `/api/admin/regiments/${w.regiment.id}/owner`,
    body: (w) => ({ username: w.member.username }),
    expect: adminOnly(200),
  },
];

const PROJECT = 'demo-wor-matrix';
let emulator: FakeAuthEmulator;
let firebaseMode: FirebaseTestContext | undefined;
let ctx: TestContext;
/** Every answer of the matrix, for the check that none is a server error. */
const answers: Array<{ cell: string; status: number; body: string }> = [];

beforeAll(async () => {
  firebaseMode = await createFirebaseTestContext(PROJECT);
  ({ ctx, emulator } = firebaseMode);
  smallPng = await sharp({ create: { width: 16, height: 16, channels: 3, background: { r: 90, g: 60, b: 30 } } })
    .png()
    .toBuffer();
});

afterAll(async () => {
  await firebaseMode?.close();
});

const key = (route: { method: string; path: string }) => `${route.method} ${route.path}`;
/** '/api/reviews/:id/vote' -> /^\/api\/reviews\/[^/]+\/vote$/ */
const routePattern = (path: string) =>
  new RegExp(
    `^${path
      .split('/')
      .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/')}$`,
  );

describe('authorization matrix', () => {
  it('has exactly one row for every registered endpoint', () => {
    const registered = ctx.app.routeList.filter((route) => route.method !== 'HEAD').map((route) => key({ method: route.method, path: route.url }));
    const rows = ROWS.map(key);
    expect(new Set(rows).size, 'duplicate rows').toBe(rows.length);
    expect([...rows].sort()).toEqual([...new Set(registered)].sort());
  });

  it.each(ROWS.map((row) => [key(row), row] as const))('%s', async (name, row) => {
    // The cells of a row share nothing, so they run side by side.
    const responses = await Promise.all(
      ROLES.map(async (role) => {
        const world = await buildWorld(ctx.db, { emulator });
        const client = await clientFor(ctx.app, world, role);
        const url = row.url(world);
        // A row calls its own route: a typo in url() must not quietly test another endpoint.
        expect(new URL(url, 'http://x').pathname, `${name}: url ${url}`).toMatch(routePattern(row.path));
        return send(ctx.app, client, row.method, url, row.body?.(world));
      }),
    );
    ROLES.forEach((role, i) => {
      const { statusCode, body } = responses[i]!;
      answers.push({ cell: `${name} as ${role}`, status: statusCode, body });
      expect.soft(statusCode, `${name} as ${role}: ${body.slice(0, 200)}`).toBe(row.expect[role]);
    });
  });

  it('never answers with a server error', () => {
    expect(answers.length).toBe(ROWS.length * ROLES.length);
    const serverErrors = answers.filter((answer) => answer.status >= 500).map((answer) => `${answer.cell}: ${answer.status} ${answer.body}`);
    expect(serverErrors).toEqual([]);
  });
});
