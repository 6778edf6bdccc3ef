/**
 * The fixtures of the authorization matrix (authorization-matrix.test.ts): a small "world" of rows
 * built directly in the database, one per endpoint and role so that destructive calls (deletes,
 * bans, approvals) never change what another cell of the matrix sees, and a client per role.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { computeOverallRating } from '#core/rating.js';
import { mintEmulatorIdToken, type FakeAuthEmulator } from '#server/test-doubles/fake-auth-emulator.js';
import type { Database } from '#server/platform/db/client.js';
import {
  images,
  officerRegistrations,
  officers,
  regimentRegistrations,
  regiments,
  reviewFlags,
  reviewReplies,
  moderationActions,
  appeals,
  follows,
  reviews,
  reviewWaves,
  users,
} from '#server/platform/db/schema.js';
import { hashPassword } from '#server/features/auth/accounts.js';
import { createSession, sessionLifetimes, sessionUserColumns } from '#server/domain/identity/sessions.js';
import { issueToken } from '#server/features/auth/tokens.js';
import {
  recomputeOfficerAggregates,
  recomputeRegimentAggregates,
  recomputeReviewPositions,
  recomputeUserReviewCounts,
} from '#server/domain/figures/aggregates.js';
import type { App } from '#server/platform/types.js';
import { TestClient } from './app.js';
import { enrolTotp } from './second-factor.js';
import {
  createUser,
  PRIVATE_EMAIL_DOMAIN,
  PRIVATE_PASSWORD_HASH,
  type OfficerRow,
  type RegimentRow,
  type ReviewRow,
  type UserRow,
} from './fixtures.js';

/** Who asks: a visitor, a signed-in user, the owner of the target, a moderator and an admin (issue 33). */
export const ROLES = ['visitor', 'user', 'owner', 'moderator', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** The recruit's password: the one account of a world that signs in through the real login calls. */
export const RECRUIT_PASSWORD = 'correct horse battery';
// argon2 is deliberately slow: one hash serves every world.
let recruitPasswordHash: Promise<string> | undefined;

let worldCounter = 0;
let clientCounter = 0;
let steamCounter = 0;
/** Steam ids are unique in the users table: a fresh 17-digit one each time. */
function nextSteamId(): string {
  steamCounter += 1;
  return `7656119${String(steamCounter).padStart(10, '0')}`;
}

export interface World {
  /** Unique in this test database: makes names, emails and Firebase ids of this world fresh. */
  tag: string;
  /** Owns `regiment`, is the officer `ownOfficer`, and wrote `ownerReview`. Has a linked Steam account. */
  owner: UserRow;
  regiment: RegimentRow;
  ownOfficer: OfficerRow;
  /** A second officer of the regiment, reviewed by the owner. */
  otherOfficer: OfficerRow;
  /** An open review wave on `otherOfficer`, holding one review by the member (`waveReviewId`). */
  waveId: number;
  waveReviewId: number;
  /** Nobody has reviewed this one yet: a target anyone may review (the fuzz test's POST /api/reviews). */
  unreviewedOfficer: OfficerRow;
  ownerReview: ReviewRow;
  /** Someone else's review of the owner's officer, with a pending flag. */
  othersReview: ReviewRow;
  /** An account with a real password and a Firebase identity, no officer, and a pending officer registration. */
  recruit: UserRow;
  recruitIdToken: string;
  /** A Firebase identity with no account here yet (firebase-register). */
  newcomerIdToken: string;
  verifyEmailCode: string;
  resetPasswordCode: string;
  /** The owner's pending regiment registration. */
  regimentRegistrationId: number;
  /** The recruit's pending officer registration. */
  officerRegistrationId: number;
  /** A staff action on the owner, not appealed; and an appeal of another, not decided (issue 33). */
  actionId: number;
  appealId: number;
  /** The owner's follow of the regiment (issue 36): only the owner may remove it. */
  ownerFollowId: number;
  /** Ban targets. */
  member: UserRow;
  bannedMember: UserRow;
  imageFileName: string;
}

export interface WorldOptions {
  emulator: FakeAuthEmulator;
}

export async function buildWorld(db: Database, { emulator }: WorldOptions): Promise<World> {
  worldCounter += 1;
  const tag = `w${worldCounter}${randomBytes(3).toString('hex')}`;
  recruitPasswordHash ??= hashPassword(RECRUIT_PASSWORD);
  const recruitUid = `recruit-${tag}`;
  const recruitEmail = `recruit.${tag}@example.test`;
  const newcomerUid = `newcomer-${tag}`;
  const newcomerEmail = `newcomer.${tag}@example.test`;

  // Few statements per world (one insert per table), since every cell of the matrix builds one.
  const people = await db
    .insert(users)
    .values(
      [
        { username: `Owner_${tag}`, email: `owner.${tag}@${PRIVATE_EMAIL_DOMAIN}`, steamId: nextSteamId() },
        { username: `Author_${tag}`, email: `author.${tag}@${PRIVATE_EMAIL_DOMAIN}`, steamId: nextSteamId() },
        // The recruit signs in through the real login calls: a real password hash and a Firebase identity.
        { username: `Recruit_${tag}`, email: recruitEmail, passwordHash: await recruitPasswordHash, firebaseUid: recruitUid },
        { username: `Member_${tag}`, email: `member.${tag}@${PRIVATE_EMAIL_DOMAIN}` },
        { username: `Banned_${tag}`, email: `banned.${tag}@${PRIVATE_EMAIL_DOMAIN}`, isBanned: true },
      ].map((person) => ({ passwordHash: PRIVATE_PASSWORD_HASH, emailVerified: true, ...person })),
    )
    .returning();
  const [owner, author, recruit, member, bannedMember] = people as [UserRow, UserRow, UserRow, UserRow, UserRow];

  const [regiment] = await db
    .insert(regiments)
    .values({ name: `Regiment_${tag}`, sideId: 1, userId: owner.id })
    .returning();
  const [ownOfficer, otherOfficer, unreviewedOfficer] = (await db
    .insert(officers)
    .values(['Own', 'Other', 'Fresh'].map((name) => ({ name: `${name}_${tag}`, rank: 'Capt.', regimentId: regiment!.id })))
    .returning()) as [OfficerRow, OfficerRow, OfficerRow];
  // Spec section 6: the officer owner is the account with isOfficer and this officerId.
  const [linkedOwner] = await db.update(users).set({ isOfficer: true, officerId: ownOfficer.id }).where(eq(users.id, owner.id)).returning();

  const reviewOf = (userId: number, officerId: number, rating: number) => {
    const categories = { leadership: rating, tactics: rating, communication: rating, fairness: rating };
    return { userId, officerId, text: `A fair and steady officer, world ${tag}.`, ...categories, overallRating: computeOverallRating(categories) };
  };
  // An open review wave on the other officer, holding the member's review (issue 17). One insert:
  // positions start at 0 and are numbered after.
  const [wave] = await db
    .insert(reviewWaves)
    .values({ officerId: otherOfficer.id, detections: [], fromAt: new Date(), toAt: new Date() })
    .returning({ id: reviewWaves.id });
  const [ownerReview, othersReview, waveReview] = (await db
    .insert(reviews)
    .values([
      reviewOf(owner.id, otherOfficer.id, 4),
      reviewOf(author.id, ownOfficer.id, 2),
      { ...reviewOf(member.id, otherOfficer.id, 1), held: true, waveId: wave!.id, position: -1 },
    ])
    .returning()) as [ReviewRow, ReviewRow, ReviewRow];
  await recomputeReviewPositions(db, [ownOfficer.id, otherOfficer.id]);
  await recomputeOfficerAggregates(db, [ownOfficer.id, otherOfficer.id]);
  await recomputeRegimentAggregates(db, [regiment!.id]);
  await recomputeUserReviewCounts(db, [owner.id, author.id, member.id]);
  await db.insert(reviewFlags).values({ reviewId: othersReview.id, userId: member.id, reason: 'Insults the officer by name.' });
  // Issue 18, item 1: the owner's reply to the review of his officer, and a reply to his own review
  // (which only he, its author, may mark resolved).
  const [othersReply] = await db
    .insert(reviewReplies)
    .values([
      { reviewId: othersReview.id, userId: owner.id, text: `Thank you for the review, world ${tag}.` },
      { reviewId: ownerReview.id, userId: null, text: `We will drill it again, world ${tag}.` },
    ])
    .returning({ id: reviewReplies.id });
  // The reply's flag is a case of its own (issue 33: approving flags that are not there is a 409).
  await db
    .insert(reviewFlags)
    .values({ reviewId: othersReview.id, replyId: othersReply!.id, onReply: true, userId: author.id, reason: 'Mocks the reviewer.' });

  const [regimentRegistration] = await db
    .insert(regimentRegistrations)
    .values({ userId: owner.id, name: `Requested_${tag}`, sideId: 2 })
    .returning({ id: regimentRegistrations.id });
  const [officerRegistration] = await db
    .insert(officerRegistrations)
    .values({ userId: recruit.id, name: `Recruit_${tag}`, rank: 'Lt.', regimentId: regiment!.id })
    .returning({ id: officerRegistrations.id });

  // Issue 33: two staff actions on the owner (taken by an account that is none of the matrix's
  // roles): one to appeal, and one already appealed, to decide.
  const statement = {
    kind: 'registration_rejection' as const,
    userId: owner.id,
    ground: 'false-registration',
    facts: 'No such regiment plays on the servers.',
    actorId: author.id,
    actorRole: 'admin' as const,
    targetType: 'regiment_registration' as const,
    targetId: regimentRegistration!.id,
    subject: `your registration of the regiment 'Requested_${tag}'`,
    appealableUntil: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000),
  };
  const [action, appealedAction] = await db.insert(moderationActions).values([statement, statement]).returning({ id: moderationActions.id });
  const [appeal] = await db
    .insert(appeals)
    .values({ actionId: appealedAction!.id, userId: owner.id, text: 'The regiment is real; see our Discord.' })
    .returning({ id: appeals.id });

  const imageId = randomBytes(16).toString('base64url');
  await db.insert(images).values({
    id: imageId,
    userId: owner.id,
    kind: 'profile',
    contentType: 'image/webp',
    width: 1,
    height: 1,
    byteSize: 4,
    data: Buffer.from('RIFF'),
  });

  const [ownerFollow] = await db.insert(follows).values({ userId: owner.id, regimentId: regiment!.id }).returning({ id: follows.id });

  emulator.putUser({ uid: recruitUid, email: recruitEmail, emailVerified: true });
  emulator.putUser({ uid: newcomerUid, email: newcomerEmail, emailVerified: true });

  return {
    tag,
    owner: linkedOwner!,
    regiment: regiment!,
    ownOfficer,
    otherOfficer,
    unreviewedOfficer,
    ownerReview,
    othersReview,
    recruit,
    recruitIdToken: mintEmulatorIdToken(emulator.projectId, { uid: recruitUid, email: recruitEmail, emailVerified: true }),
    newcomerIdToken: mintEmulatorIdToken(emulator.projectId, { uid: newcomerUid, email: newcomerEmail, emailVerified: true }),
    verifyEmailCode: await issueToken(db, recruit.id, 'verify_email'),
    resetPasswordCode: await issueToken(db, recruit.id, 'reset_password'),
    regimentRegistrationId: regimentRegistration!.id,
    officerRegistrationId: officerRegistration!.id,
    actionId: action!.id,
    appealId: appeal!.id,
    waveId: wave!.id,
    waveReviewId: waveReview.id,
    ownerFollowId: ownerFollow!.id,
    member,
    bannedMember,
    imageFileName: `${imageId}.webp`,
  };
}

/** A browser of the given role in the world: cookie and CSRF token, ready for any call. */
export async function clientFor(app: App, world: World, role: Role): Promise<TestClient> {
  const client = new TestClient(app);
  if (role === 'visitor') {
    // An anonymous session with a valid CSRF token: the matrix tests authorization, not CSRF.
    await client.fetchCsrfToken();
    return client;
  }
  const user =
    role === 'owner'
      ? world.owner
      : await createUser(app.db, {
          username: `${role}_${world.tag}_${(clientCounter += 1)}`,
          steamId: nextSteamId(),
          role: role === 'user' ? 'user' : role,
        });
  // Staff hold a second factor (issue 34, item 4), checked just now so the dangerous actions need no step-up.
  const isStaff = role === 'moderator' || role === 'admin';
  if (isStaff) await enrolTotp(app.db, app.config, user.id);
  // Signed in by creating the session directly (the login calls have rows of their own).
  const [sessionUser] = await app.db.select(sessionUserColumns()).from(users).where(eq(users.id, user.id));
  const created = await createSession(app.db, sessionLifetimes(app.config), sessionUser!, { secondFactorAt: isStaff ? new Date() : null });
  client.cookie = `wor_sid=${created.token}`;
  client.csrfToken = created.session.csrfToken;
  return client;
}

/** A multipart/form-data body (POST /api/upload), encoded by the platform's FormData. */
export class MultipartBody {
  constructor(readonly files: Array<{ field: string; data: Buffer; filename: string; type: string }>) {}

  async encode(): Promise<{ payload: Buffer; contentType: string }> {
    const form = new FormData();
    for (const file of this.files) form.append(file.field, new Blob([new Uint8Array(file.data)], { type: file.type }), file.filename);
    const request = new Request('http://x', { method: 'POST', body: form });
    return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
  }
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Sends the call as the client would: its cookie and CSRF token on every request, JSON or multipart body. */
export async function send(app: App, client: TestClient, method: Method, url: string, body: unknown): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { cookie: client.cookie, 'csrf-token': client.csrfToken };
  if (body instanceof MultipartBody) {
    const { payload, contentType } = await body.encode();
    return app.inject({ method, url, headers: { ...headers, 'content-type': contentType }, payload });
  }
  return app.inject({ method, url, headers, ...(body === undefined ? {} : { payload: body as object }) });
}
