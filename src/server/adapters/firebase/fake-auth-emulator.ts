/**
 * A stand-in for the Firebase Auth emulator, for tests without the internet or the Firebase CLI.
 *
 * With FIREBASE_AUTH_EMULATOR_HOST set, firebase-admin accepts unsigned (alg "none") ID tokens but
 * still asks the emulator about the token's user on every verifyIdToken (it forces the revocation
 * check in emulator mode): POST /identitytoolkit.googleapis.com/v1/projects/{project}/accounts:lookup
 * with {localId: [uid]} and "Authorization: Bearer owner". This server answers that call with the
 * emulator's JSON, and mints the tokens the emulator would issue.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeFirebaseUser {
  uid: string;
  email?: string;
  emailVerified?: boolean;
  disabled?: boolean;
  /** Tokens whose auth_time is before this (seconds) count as revoked. */
  validSince?: number;
}

export class FakeAuthEmulator {
  private server: Server | null = null;
  private readonly users = new Map<string, FakeFirebaseUser>();
  /** The calls received, for tests that check what firebase-admin asked. */
  readonly calls: Array<{ path: string; authorization: string | undefined; body: unknown }> = [];

  constructor(readonly projectId: string) {}

  /** Starts on a free loopback port; returns host:port for FIREBASE_AUTH_EMULATOR_HOST. */
  async start(): Promise<string> {
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        let body: unknown = null;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null');
        } catch {
          // answered below as a bad request
        }
        const path = request.url ?? '';
        this.calls.push({ path, authorization: request.headers.authorization, body });
        const [status, answer] = this.answer(request.method ?? 'GET', path, body);
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.server = server;
    return `127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Creates or replaces a user (the emulator's account store). */
  putUser(user: FakeFirebaseUser): void {
    this.users.set(user.uid, user);
  }

  private answer(method: string, path: string, body: unknown): [number, unknown] {
    const lookupPath = `/identitytoolkit.googleapis.com/v1/projects/${this.projectId}/accounts:lookup`;
    if (method !== 'POST' || path !== lookupPath) {
      return [404, { error: { code: 404, message: 'NOT_FOUND', status: 'NOT_FOUND' } }];
    }
    const localIds = (body as { localId?: unknown } | null)?.localId;
    if (!Array.isArray(localIds)) return [400, { error: { code: 400, message: 'INVALID_ID_TOKEN', status: 'INVALID_ARGUMENT' } }];
    const found = localIds.map((id) => this.users.get(String(id))).filter((u): u is FakeFirebaseUser => u !== undefined);
    // Like the emulator: no "users" field at all when nothing matched.
    if (found.length === 0) return [200, { kind: 'identitytoolkit#GetAccountInfoResponse' }];
    return [
      200,
      {
        kind: 'identitytoolkit#GetAccountInfoResponse',
        users: found.map((u) => ({
          localId: u.uid,
          ...(u.email ? { email: u.email } : {}),
          emailVerified: u.emailVerified ?? false,
          disabled: u.disabled ?? false,
          ...(u.validSince !== undefined ? { validSince: String(u.validSince) } : {}),
          createdAt: '1700000000000',
          lastLoginAt: String(Date.now()),
        })),
      },
    ];
  }
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
