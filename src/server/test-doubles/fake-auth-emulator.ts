/**
 * A stand-in for the Firebase Auth emulator, for tests and the firebase-mode browser test without the
 * internet or the Firebase CLI (Java). It speaks the Identity Toolkit REST calls over HTTP, as the
 * emulator does, so both real clients talk to it unchanged:
 *
 * - firebase-admin: with FIREBASE_AUTH_EMULATOR_HOST set it accepts unsigned (alg "none") ID tokens
 *   but still asks the emulator about the token's user on every verifyIdToken (it forces the
 *   revocation check in emulator mode): POST .../v1/projects/{project}/accounts:lookup {localId: [uid]}
 *   with "Authorization: Bearer owner".
 * - the Firebase JS SDK in the browser (connectAuthEmulator): accounts:signUp, signInWithPassword,
 *   lookup, update (profile, applyActionCode), sendOobCode (VERIFY_EMAIL, PASSWORD_RESET),
 *   resetPassword (check a code without newPassword, apply it with one), delete, and the token
 *   refresh of securetoken.googleapis.com. Cross-origin, so every answer carries CORS headers.
 *
 * The mails the service would send are kept, and listed as the emulator lists them
 * (GET /emulator/v1/projects/{project}/oobCodes), so a test can open the link. Their links go to
 * `actionUrl`, the project's custom email action handler (Firebase console, Templates), which a
 * deployment points at its own /__/auth/action (spec section 2).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeFirebaseUser {
  uid: string;
  email?: string;
  emailVerified?: boolean;
  disabled?: boolean;
  /** Tokens whose auth_time is before this (seconds) count as revoked. */
  validSince?: number;
  password?: string;
  displayName?: string;
}

export type OobRequestType = 'VERIFY_EMAIL' | 'PASSWORD_RESET';

/** A mail the identity service would have sent, as the emulator's oobCodes list shows it. */
export interface FakeOobMail {
  email: string;
  requestType: OobRequestType;
  oobCode: string;
  oobLink: string;
}

export interface FakeAuthEmulatorOptions {
  /** Where mailed links point (the custom action handler); default the emulator's own /emulator/action. */
  actionUrl?: string;
  /** Hosts a continue address may name (the console's authorized domains). */
  authorizedDomains?: readonly string[];
}

/** Action codes live an hour at Firebase. */
const OOB_CODE_LIFETIME_MS = 60 * 60 * 1000;
const ID_TOKEN_LIFETIME_SECONDS = 3600;
const MIN_PASSWORD_LENGTH = 6;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface OobCode {
  uid: string;
  email: string;
  requestType: OobRequestType;
  expiresAt: number;
}

type Answer = [status: number, body: unknown];

/** An Identity Toolkit refusal: the JS SDK maps `message` (e.g. EMAIL_NOT_FOUND) to its auth/... code. */
class ToolkitError extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

const nowInSeconds = () => Math.floor(Date.now() / 1000);
const randomId = (bytes: number) => randomBytes(bytes).toString('base64url');

export class FakeAuthEmulator {
  private server: Server | null = null;
  private readonly users = new Map<string, FakeFirebaseUser>();
  private readonly refreshTokens = new Map<string, { uid: string; authTime: number }>();
  private readonly oobCodes = new Map<string, OobCode>();
  /** The calls received, for tests that check what firebase-admin asked. */
  readonly calls: Array<{ path: string; authorization: string | undefined; body: unknown }> = [];
  /** Every mail the identity service would have sent, oldest first. */
  readonly mails: FakeOobMail[] = [];
  private address = '';

  constructor(
    readonly projectId: string,
    private readonly options: FakeAuthEmulatorOptions = {},
  ) {}

  /** Starts on a loopback port (a free one by default); returns host:port for FIREBASE_AUTH_EMULATOR_HOST. */
  async start(port = 0): Promise<string> {
    const server = createServer((request, response) => this.handle(request, response));
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    this.server = server;
    this.address = `127.0.0.1:${(server.address() as AddressInfo).port}`;
    return this.address;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }

  /** Creates or replaces a user (the emulator's account store). */
  putUser(user: FakeFirebaseUser): void {
    this.users.set(user.uid, user);
  }

  /** The stored user, for tests that check what a flow changed. */
  getUser(uid: string): FakeFirebaseUser | undefined {
    return this.users.get(uid);
  }

  private handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const url = new URL(request.url ?? '/', 'http://emulator');
      let body: unknown = null;
      try {
        // The token refresh is form-encoded; everything else is JSON.
        body = /x-www-form-urlencoded/.test(request.headers['content-type'] ?? '')
          ? Object.fromEntries(new URLSearchParams(raw))
          : JSON.parse(raw || 'null');
      } catch {
        // answered below as a bad request
      }
      this.calls.push({ path: request.url ?? '', authorization: request.headers.authorization, body });
      // The browser SDK calls from the site's origin: the emulator allows any, as this one does.
      const cors = {
        'access-control-allow-origin': request.headers.origin ?? '*',
        'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
        'access-control-allow-headers': request.headers['access-control-request-headers'] ?? '*',
        'access-control-max-age': '3600',
        vary: 'Origin',
      };
      if (request.method === 'OPTIONS') {
        response.writeHead(204, cors);
        response.end();
        return;
      }
      let answer: Answer;
      try {
        answer = this.answer(request.method ?? 'GET', url.pathname, (body ?? {}) as Record<string, unknown>, request.headers.authorization);
      } catch (error) {
        // A bug here must fail the test that hit it, not leave its client waiting for an answer.
        const status = error instanceof ToolkitError ? error.status : 500;
        const message = error instanceof ToolkitError ? error.message : `INTERNAL_ERROR : ${String(error)}`;
        answer = [status, { error: { code: status, message, errors: [{ message, reason: 'invalid' }] } }];
      }
      response.writeHead(answer[0], { 'content-type': 'application/json', ...cors });
      response.end(JSON.stringify(answer[1]));
    });
  }

  private answer(method: string, path: string, body: Record<string, unknown>, authorization: string | undefined): Answer {
    if (method === 'GET' && path === `/emulator/v1/projects/${this.projectId}/oobCodes`) return [200, { oobCodes: this.mails }];
    if (method !== 'POST') throw new ToolkitError('NOT_FOUND', 404);
    if (path === '/securetoken.googleapis.com/v1/token') return [200, this.refreshIdToken(body)];
    // The SDK calls /v1/accounts:x?key=..., firebase-admin /v1/projects/{project}/accounts:x.
    const match = /^\/identitytoolkit\.googleapis\.com\/v1\/(?:projects\/([^/]+)\/)?accounts:(\w+)$/.exec(path);
    if (!match || (match[1] !== undefined && match[1] !== this.projectId)) throw new ToolkitError('NOT_FOUND', 404);
    const isAdmin = authorization === 'Bearer owner';
    switch (match[2]) {
      case 'lookup':
        return [200, this.lookup(body, isAdmin)];
      case 'signUp':
        return [200, this.signUp(body)];
      case 'signInWithPassword':
        return [200, this.signInWithPassword(body)];
      case 'update':
        return [200, this.update(body)];
      case 'sendOobCode':
        return [200, this.sendOobCode(body)];
      case 'resetPassword':
        return [200, this.resetPassword(body)];
      case 'delete':
        return [200, this.deleteAccount(body, isAdmin)];
      default:
        throw new ToolkitError('NOT_FOUND', 404);
    }
  }

  // --- accounts ------------------------------------------------------------------------------

  private findByEmail(email: string): FakeFirebaseUser | undefined {
    const wanted = email.toLowerCase();
    for (const user of this.users.values()) if (user.email?.toLowerCase() === wanted) return user;
    return undefined;
  }

  /** The user an ID token from this emulator names (the SDK's calls that act as the signed-in user). */
  private userOfIdToken(idToken: unknown): FakeFirebaseUser {
    if (typeof idToken !== 'string') throw new ToolkitError('MISSING_ID_TOKEN');
    let claims: { sub?: unknown; exp?: unknown; auth_time?: unknown };
    try {
      claims = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as typeof claims;
    } catch {
      throw new ToolkitError('INVALID_ID_TOKEN');
    }
    if (typeof claims.exp !== 'number' || claims.exp < nowInSeconds()) throw new ToolkitError('TOKEN_EXPIRED');
    const user = this.users.get(String(claims.sub));
    if (!user) throw new ToolkitError('USER_NOT_FOUND');
    if (user.disabled) throw new ToolkitError('USER_DISABLED');
    if (user.validSince !== undefined && Number(claims.auth_time) < user.validSince) throw new ToolkitError('TOKEN_EXPIRED');
    return user;
  }

  private accountInfo(user: FakeFirebaseUser) {
    return {
      localId: user.uid,
      ...(user.email ? { email: user.email } : {}),
      ...(user.displayName ? { displayName: user.displayName } : {}),
      emailVerified: user.emailVerified ?? false,
      disabled: user.disabled ?? false,
      ...(user.validSince !== undefined ? { validSince: String(user.validSince) } : {}),
      ...(user.password !== undefined ? { passwordUpdatedAt: Date.now() } : {}),
      providerUserInfo:
        user.email && user.password !== undefined
          ? [{ providerId: 'password', email: user.email, federatedId: user.email, rawId: user.email, displayName: user.displayName }]
          : [],
      createdAt: '1700000000000',
      lastLoginAt: String(Date.now()),
    };
  }

  private lookup(body: Record<string, unknown>, isAdmin: boolean) {
    let found: FakeFirebaseUser[];
    if (isAdmin && Array.isArray(body.localId)) {
      found = body.localId.map((id) => this.users.get(String(id))).filter((u): u is FakeFirebaseUser => u !== undefined);
    } else {
      found = [this.userOfIdToken(body.idToken)];
    }
    // Like the emulator: no "users" field at all when nothing matched.
    if (found.length === 0) return { kind: 'identitytoolkit#GetAccountInfoResponse' };
    return { kind: 'identitytoolkit#GetAccountInfoResponse', users: found.map((u) => this.accountInfo(u)) };
  }

  /** The tokens of a password sign-in: an ID token, and a refresh token that mints more with the same auth_time. */
  private signedIn(user: FakeFirebaseUser, authTime = nowInSeconds()) {
    const refreshToken = randomId(32);
    this.refreshTokens.set(refreshToken, { uid: user.uid, authTime });
    return { idToken: this.idTokenFor(user, authTime), refreshToken, expiresIn: String(ID_TOKEN_LIFETIME_SECONDS) };
  }

  private idTokenFor(user: FakeFirebaseUser, authTime: number): string {
    return mintEmulatorIdToken(this.projectId, { uid: user.uid, email: user.email, emailVerified: user.emailVerified ?? false, authTime });
  }

  private signUp(body: Record<string, unknown>) {
    const email = requireEmail(body.email);
    const password = requirePassword(body.password);
    if (this.findByEmail(email)) throw new ToolkitError('EMAIL_EXISTS');
    const user: FakeFirebaseUser = { uid: randomId(21), email: email.toLowerCase(), emailVerified: false, password };
    this.users.set(user.uid, user);
    return { kind: 'identitytoolkit#SignupNewUserResponse', localId: user.uid, email: user.email, ...this.signedIn(user) };
  }

  private signInWithPassword(body: Record<string, unknown>) {
    const email = requireEmail(body.email);
    if (typeof body.password !== 'string' || body.password === '') throw new ToolkitError('MISSING_PASSWORD');
    const user = this.findByEmail(email);
    // Email enumeration protection (on by default for new projects): one answer for both cases.
    if (!user || user.password !== body.password) throw new ToolkitError('INVALID_LOGIN_CREDENTIALS');
    if (user.disabled) throw new ToolkitError('USER_DISABLED');
    return {
      kind: 'identitytoolkit#VerifyPasswordResponse',
      localId: user.uid,
      email: user.email,
      displayName: user.displayName ?? '',
      registered: true,
      ...this.signedIn(user),
    };
  }

  private refreshIdToken(body: Record<string, unknown>) {
    if (body.grant_type !== 'refresh_token') throw new ToolkitError('INVALID_GRANT_TYPE');
    const session = this.refreshTokens.get(String(body.refresh_token));
    if (!session) throw new ToolkitError('INVALID_REFRESH_TOKEN');
    const user = this.users.get(session.uid);
    if (!user) throw new ToolkitError('USER_NOT_FOUND');
    if (user.disabled) throw new ToolkitError('USER_DISABLED');
    if (user.validSince !== undefined && session.authTime < user.validSince) throw new ToolkitError('TOKEN_EXPIRED');
    const idToken = this.idTokenFor(user, session.authTime);
    return {
      access_token: idToken,
      id_token: idToken,
      expires_in: String(ID_TOKEN_LIFETIME_SECONDS),
      token_type: 'Bearer',
      refresh_token: body.refresh_token,
      user_id: user.uid,
      project_id: this.projectId,
    };
  }

  /** accounts:update: applyActionCode (oobCode), or a signed-in user's profile, email or password. */
  private update(body: Record<string, unknown>) {
    if (typeof body.oobCode === 'string') {
      const { user } = this.takeOobCode(body.oobCode, 'VERIFY_EMAIL');
      user.emailVerified = true;
      return { kind: 'identitytoolkit#SetAccountInfoResponse', localId: user.uid, email: user.email, emailVerified: true };
    }
    const user = this.userOfIdToken(body.idToken);
    if (typeof body.displayName === 'string') user.displayName = body.displayName;
    let tokens = {};
    if (typeof body.email === 'string') {
      const email = requireEmail(body.email);
      const other = this.findByEmail(email);
      if (other && other !== user) throw new ToolkitError('EMAIL_EXISTS');
      user.email = email.toLowerCase();
      user.emailVerified = false;
      tokens = this.signedIn(user);
    }
    if (typeof body.password === 'string') {
      user.password = requirePassword(body.password);
      user.validSince = nowInSeconds();
      tokens = this.signedIn(user);
    }
    return {
      kind: 'identitytoolkit#SetAccountInfoResponse',
      localId: user.uid,
      email: user.email,
      displayName: user.displayName,
      emailVerified: user.emailVerified ?? false,
      providerUserInfo: this.accountInfo(user).providerUserInfo,
      ...tokens,
    };
  }

  private deleteAccount(body: Record<string, unknown>, isAdmin: boolean) {
    const user = isAdmin && typeof body.localId === 'string' ? this.users.get(body.localId) : this.userOfIdToken(body.idToken);
    if (!user) throw new ToolkitError('USER_NOT_FOUND');
    this.users.delete(user.uid);
    return { kind: 'identitytoolkit#DeleteAccountResponse' };
  }

  // --- mailed action codes -----------------------------------------------------------------

  private sendOobCode(body: Record<string, unknown>) {
    let user: FakeFirebaseUser | undefined;
    if (body.requestType === 'VERIFY_EMAIL') {
      user = this.userOfIdToken(body.idToken);
      if (!user.email) throw new ToolkitError('MISSING_EMAIL');
    } else if (body.requestType === 'PASSWORD_RESET') {
      user = this.findByEmail(requireEmail(body.email));
    } else {
      throw new ToolkitError('INVALID_REQ_TYPE');
    }
    const continueUrl = this.checkContinueUrl(body);
    if (!user?.email) throw new ToolkitError('EMAIL_NOT_FOUND');

    const oobCode = randomId(32);
    const requestType = body.requestType;
    this.oobCodes.set(oobCode, { uid: user.uid, email: user.email, requestType, expiresAt: Date.now() + OOB_CODE_LIFETIME_MS });
    const link = new URL(this.options.actionUrl ?? `http://${this.address}/emulator/action`);
    link.searchParams.set('mode', requestType === 'PASSWORD_RESET' ? 'resetPassword' : 'verifyEmail');
    link.searchParams.set('oobCode', oobCode);
    link.searchParams.set('apiKey', 'fake-api-key');
    if (continueUrl) link.searchParams.set('continueUrl', continueUrl);
    link.searchParams.set('lang', 'en');
    this.mails.push({ email: user.email, requestType, oobCode, oobLink: link.toString() });
    return { kind: 'identitytoolkit#GetOobConfirmationCodeResponse', email: user.email };
  }

  /** A continue address is needed when the app handles the code itself, and must be on an authorized domain. */
  private checkContinueUrl(body: Record<string, unknown>): string | null {
    const continueUrl = typeof body.continueUrl === 'string' ? body.continueUrl : '';
    if (continueUrl === '') {
      if (body.canHandleCodeInApp === true) throw new ToolkitError('MISSING_CONTINUE_URI');
      return null;
    }
    let host: string;
    try {
      host = new URL(continueUrl).hostname;
    } catch {
      throw new ToolkitError('INVALID_CONTINUE_URI');
    }
    const authorized = this.options.authorizedDomains ?? ['localhost', '127.0.0.1', `${this.projectId}.firebaseapp.com`, `${this.projectId}.web.app`];
    if (!authorized.includes(host)) throw new ToolkitError('UNAUTHORIZED_DOMAIN');
    return continueUrl;
  }

  private takeOobCode(code: string, requestType: OobRequestType, { consume = true } = {}): { user: FakeFirebaseUser; oob: OobCode } {
    const oob = this.oobCodes.get(code);
    if (!oob || oob.requestType !== requestType) throw new ToolkitError('INVALID_OOB_CODE');
    if (oob.expiresAt < Date.now()) throw new ToolkitError('EXPIRED_OOB_CODE');
    const user = this.users.get(oob.uid);
    // A code mailed to an address the account no longer has is void.
    if (!user || user.email !== oob.email) throw new ToolkitError('INVALID_OOB_CODE');
    if (user.disabled) throw new ToolkitError('USER_DISABLED');
    if (consume) this.oobCodes.delete(code);
    return { user, oob };
  }

  /** accounts:resetPassword: without newPassword it checks the code (verifyPasswordResetCode); with one it applies it. */
  private resetPassword(body: Record<string, unknown>) {
    if (typeof body.oobCode !== 'string' || body.oobCode === '') throw new ToolkitError('MISSING_OOB_CODE');
    const isApplying = body.newPassword !== undefined;
    const { user } = this.takeOobCode(body.oobCode, 'PASSWORD_RESET', { consume: false });
    if (isApplying) {
      user.password = requirePassword(body.newPassword);
      // Firebase revokes the sessions of a changed password, and the other reset links with them.
      user.validSince = nowInSeconds();
      for (const [code, oob] of this.oobCodes) if (oob.uid === user.uid && oob.requestType === 'PASSWORD_RESET') this.oobCodes.delete(code);
    }
    return { kind: 'identitytoolkit#ResetPasswordResponse', email: user.email, requestType: 'PASSWORD_RESET' };
  }
}

function requireEmail(value: unknown): string {
  if (typeof value !== 'string' || value === '') throw new ToolkitError('MISSING_EMAIL');
  if (!EMAIL_PATTERN.test(value)) throw new ToolkitError('INVALID_EMAIL');
  return value;
}

function requirePassword(value: unknown): string {
  if (typeof value !== 'string' || value === '') throw new ToolkitError('MISSING_PASSWORD');
  if (value.length < MIN_PASSWORD_LENGTH) throw new ToolkitError(`WEAK_PASSWORD : Password should be at least ${MIN_PASSWORD_LENGTH} characters`);
  return value;
}

export interface IdTokenClaims {
  uid: string;
  email?: string;
  emailVerified?: boolean;
  /** Seconds since the epoch; default now. */
  authTime?: number;
  issuedAt?: number;
  expiresAt?: number;
  /** Default: the project the emulator was made for. */
  audience?: string;
  issuer?: string;
}

/** An unsigned ID token as the Auth emulator issues it (alg "none", empty signature). */
export function mintEmulatorIdToken(projectId: string, claims: IdTokenClaims): string {
  const now = Math.floor(Date.now() / 1000);
  const issuedAt = claims.issuedAt ?? now;
  const payload = {
    iss: claims.issuer ?? `https://securetoken.google.com/${projectId}`,
    aud: claims.audience ?? projectId,
    auth_time: claims.authTime ?? now,
    user_id: claims.uid,
    sub: claims.uid,
    iat: issuedAt,
    exp: claims.expiresAt ?? issuedAt + 3600,
    ...(claims.email ? { email: claims.email, email_verified: claims.emailVerified ?? false } : {}),
    firebase: { identities: claims.email ? { email: [claims.email] } : {}, sign_in_provider: 'password' },
  };
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(payload)}.`;
}
