/**
 * Passkeys through the HTTP API (issue 34, item 2), with a software authenticator answering the
 * server's options: registered, listed, used as the second step, used alone, and removed; the
 * challenge is single use and bound to the browser that asked for it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthStatus } from '#core/api.js';
import { TestClient, createTestContext, signedInClient, type TestContext } from '#server/test/app.js';
import { SoftAuthenticator, type AuthenticationOptions, type RegistrationOptions } from '#server/test/soft-authenticator.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const ORIGIN = 'http://localhost:3000';
const PASSWORD = 'correct horse battery';

async function registerPasskey(client: TestClient, name: string, authenticator = new SoftAuthenticator(ORIGIN)) {
  const options = (await client.post('/api/auth/passkeys/registration-options')).json<RegistrationOptions>();
  const response = await client.post('/api/auth/passkeys', { name, response: authenticator.register(options) });
  return { authenticator, response };
}

async function assertWith(client: TestClient, authenticator: SoftAuthenticator) {
  const options = (await client.post('/api/auth/passkeys/authentication-options')).json<
    AuthenticationOptions & { allowCredentials?: { id: string }[] }
  >();
  const assertion = authenticator.authenticate(options);
  return { options, assertion, response: await client.post('/api/auth/passkeys/authenticate', { response: assertion }) };
}

async function statusOf(client: TestClient) {
  return (await client.get('/api/auth/status')).json<AuthStatus>();
}

describe('passkeys (issue 34, item 2)', () => {
  it('registers a named passkey: the first factor brings ten recovery codes, and the list shows it', async () => {
    const member = await signedInClient(ctx);
    const { authenticator, response } = await registerPasskey(member.client, 'Work laptop');
    expect(response.statusCode).toBe(201);
    const body = response.json<{ passkey: { id: string; name: string }; recoveryCodes: string[] }>();
    expect(body.passkey).toMatchObject({ id: authenticator.id, name: 'Work laptop' });
    expect(body.recoveryCodes).toHaveLength(10);
    expect((await statusOf(member.client)).user?.secondFactor).toEqual({ enrolled: true, methods: ['passkey'] });

    // A second passkey brings no new codes; the same one cannot be registered twice.
    const second = await registerPasskey(member.client, 'YubiKey');
    expect(second.response.statusCode).toBe(201);
    expect(second.response.json()).not.toHaveProperty('recoveryCodes');
    expect((await registerPasskey(member.client, 'Again', authenticator)).response.statusCode).toBe(409);
    const security = (await member.client.get('/api/auth/security')).json<{ passkeys: { name: string }[] }>();
    expect(security.passkeys.map((key) => key.name)).toEqual(['Work laptop', 'YubiKey']);
  });

  it('finishes a password sign-in with the passkey, and offers only that account’s passkeys', async () => {
    const member = await signedInClient(ctx);
    const { authenticator } = await registerPasskey(member.client, 'Phone');
    const client = new TestClient(ctx.app);
    const login = await client.post('/api/auth/login', { email: member.email, password: PASSWORD });
    expect(login.json()).toEqual({ needsSecondFactor: true, methods: ['passkey', 'recovery'] });

    const { options, response } = await assertWith(client, authenticator);
    expect(options.allowCredentials?.map((key) => key.id)).toEqual([authenticator.id]);
    expect(response.statusCode).toBe(200);
    expect(response.json().user.id).toBe(member.userId);
    expect((await statusOf(client)).authenticated).toBe(true);
  });

  it('signs in with the passkey alone, with a challenge of this browser only, and never twice with one assertion', async () => {
    const member = await signedInClient(ctx);
    const { authenticator } = await registerPasskey(member.client, 'Phone');
    const visitor = new TestClient(ctx.app);
    const options = (await visitor.post('/api/auth/passkeys/authentication-options')).json<
      AuthenticationOptions & { allowCredentials?: unknown[] }
    >();
    expect(options.allowCredentials ?? []).toEqual([]);
    const assertion = authenticator.authenticate(options);

    // Sent from another browser, the assertion is refused: the challenge was not given to it.
    const thief = new TestClient(ctx.app);
    const stolen = await thief.post('/api/auth/passkeys/authenticate', { response: assertion });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().message).toBe('The passkey could not be verified. Try again.');
    expect((await statusOf(thief)).authenticated).toBe(false);

    const signedIn = await visitor.post('/api/auth/passkeys/authenticate', { response: assertion });
    expect(signedIn.statusCode).toBe(200);
    expect((await statusOf(visitor)).user?.id).toBe(member.userId);
    // Once used, the challenge is spent.
    expect((await visitor.post('/api/auth/passkeys/authenticate', { response: assertion })).statusCode).toBe(400);
  });

  it("refuses another account's passkey at a sign-in's second step", async () => {
    const member = await signedInClient(ctx);
    await registerPasskey(member.client, 'Mine');
    const other = await signedInClient(ctx);
    const { authenticator: othersKey } = await registerPasskey(other.client, 'Theirs');
    const client = new TestClient(ctx.app);
    await client.post('/api/auth/login', { email: member.email, password: PASSWORD });
    const { response } = await assertWith(client, othersKey);
    expect(response.statusCode).toBe(400);
    expect((await statusOf(client)).authenticated).toBe(false);
  });

  it('removes a passkey after a recent check; with the last one gone, the password alone signs in', async () => {
    const member = await signedInClient(ctx);
    const { authenticator } = await registerPasskey(member.client, 'Old phone');
    // Registering counted as the check: removal goes ahead.
    const removed = await member.client.write('DELETE', `/api/auth/passkeys/${authenticator.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe('Passkey "Old phone" removed.');
    expect((await member.client.get('/api/auth/security')).json()).toMatchObject({ passkeys: [], recoveryCodesRemaining: 0 });
    const login = await new TestClient(ctx.app).post('/api/auth/login', { email: member.email, password: PASSWORD });
    expect(login.json().user.id).toBe(member.userId);
  });

  it('a passkey steps up a signed-in session', async () => {
    const member = await signedInClient(ctx);
    const { authenticator } = await registerPasskey(member.client, 'Phone');
    const { response } = await assertWith(member.client, authenticator);
    expect(response.statusCode).toBe(200);
    expect(response.json().user.id).toBe(member.userId);
  });
});
