/**
 * Spec section 7 (calls, 'Handling of answers', CSRF rules) and section 8 (Generic errors), against
 * a stubbed fetch. The client keeps the CSRF token in module state, so every test imports it fresh.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { requestUrl } from '#web/test/request-url';

type ApiClient = typeof import('./api-client');

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  credentials: RequestCredentials | undefined;
  body: BodyInit | null | undefined;
}

type Answer = Response | (() => Response);

/**
 * A fetch that answers from per-route queues ('GET /api/csrf-token'); the last answer of a queue
 * repeats, and a route without answers fails the test.
 */
function stubFetch(routes: Record<string, Answer[]>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const method = (init.method ?? 'GET').toUpperCase();
    const url = requestUrl(input);
    calls.push({
      url,
      method,
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      credentials: init.credentials,
      body: init.body,
    });
    const queue = routes[`${method} ${url}`];
    if (!queue?.length) throw new Error(`unexpected call ${method} ${url}`);
    const answer = queue.length > 1 ? queue.shift()! : queue[0]!;
    return typeof answer === 'function' ? answer() : answer.clone();
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, writes: () => calls.filter((c) => c.method !== 'GET') };
}

const json = (status: number, body: unknown, statusText = status === 200 ? 'OK' : '') =>
  new Response(JSON.stringify(body), { status, statusText, headers: { 'Content-Type': 'application/json' } });
const text = (status: number, body: string, statusText = '') => new Response(body, { status, statusText });
const token = (value: string) => json(200, { csrfToken: value });

let client: ApiClient;

beforeEach(async () => {
  vi.resetModules();
  client = await import('./api-client');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Error) return error;
    throw new Error(`rejected with a non-Error: ${String(error)}`);
  }
  throw new Error('expected the call to fail');
}

describe('reads', () => {
  it('parse JSON, send cookies, and send no CSRF header before a token is known', async () => {
    const { calls } = stubFetch({ 'GET /api/sides': [json(200, [{ id: 1, name: 'Union' }])] });
    await expect(client.api.get('/api/sides')).resolves.toEqual([{ id: 1, name: 'Union' }]);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'GET', credentials: 'include' });
    expect(calls[0]!.headers).not.toHaveProperty('csrf-token');
  });

  it("fail with '{status}: {body text}'", async () => {
    stubFetch({ 'GET /api/officers/9': [text(404, 'Officer not found', 'Not Found')] });
    const error = await failure(client.api.get('/api/officers/9'));
    expect(error.message).toBe('404: Officer not found');
    expect(error).toBeInstanceOf(client.ApiError);
    expect(error).toMatchObject({ status: 404, bodyText: 'Officer not found' });
  });

  it("fail with '{status}: {statusText}' when the body is empty", async () => {
    stubFetch({ 'GET /api/regiments': [text(500, '', 'Internal Server Error')] });
    expect((await failure(client.api.get('/api/regiments'))).message).toBe('500: Internal Server Error');
  });

  it('keep a JSON error body as text in the message, and expose its server message', async () => {
    const body = { message: 'The database is down', code: 'INTERNAL' };
    stubFetch({ 'GET /api/regiments': [json(503, body, 'Service Unavailable')] });
    const error = await failure(client.api.get('/api/regiments'));
    expect(error.message).toBe(`503: ${JSON.stringify(body)}`);
    expect(client.errorMessage(error)).toBe('The database is down');
  });

  it("throw 'Authentication required' on 401 by default", async () => {
    stubFetch({ 'GET /api/reviews/my': [text(401, 'nope', 'Unauthorized')] });
    expect((await failure(client.api.get('/api/reviews/my'))).message).toBe('Authentication required');
    expect((await failure(client.api.get('/api/reviews/my', { on401: 'throw' }))).message).toBe('Authentication required');
  });

  it("yield null on 401 when asked with on401: 'null'", async () => {
    stubFetch({ 'GET /api/reviews/my': [text(401, '', 'Unauthorized')] });
    await expect(client.api.get('/api/reviews/my', { on401: 'null' })).resolves.toBeNull();
  });

  it('are never retried', async () => {
    const { calls } = stubFetch({ 'GET /api/sides': [text(500, 'boom')] });
    await failure(client.api.get('/api/sides'));
    expect(calls).toHaveLength(1);
  });

  it('send the CSRF header once a token is known', async () => {
    const { calls } = stubFetch({
      'GET /api/csrf-token': [token('tok-1')],
      'POST /api/reviews/1/vote': [json(200, { value: 1 })],
      'GET /api/sides': [json(200, [])],
    });
    await client.api.post('/api/reviews/1/vote', { value: 1 });
    await client.api.get('/api/sides');
    expect(calls.at(-1)).toMatchObject({ url: '/api/sides', credentials: 'include' });
    expect(calls.at(-1)!.headers['csrf-token']).toBe('tok-1');
  });
});

describe('writes', () => {
  it('fetch the token lazily before the first write, send it as CSRF-Token with a JSON body, and reuse it', async () => {
    const { calls, writes } = stubFetch({
      'GET /api/csrf-token': [token('tok-1')],
      'POST /api/reviews/1/flag': [json(200, { ok: true })],
      'DELETE /api/reviews/1': [new Response(null, { status: 204 })],
    });
    expect(calls).toHaveLength(0);

    await expect(client.api.post('/api/reviews/1/flag', { reason: 'Abusive language here' })).resolves.toEqual({ ok: true });
    await expect(client.api.delete('/api/reviews/1')).resolves.toBeUndefined();

    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/csrf-token', 'POST /api/reviews/1/flag', 'DELETE /api/reviews/1']);
    expect(calls.every((c) => c.credentials === 'include')).toBe(true);
    const [post, del] = writes();
    expect(post!.headers).toMatchObject({ 'csrf-token': 'tok-1', 'content-type': 'application/json' });
    expect(post!.body).toBe(JSON.stringify({ reason: 'Abusive language here' }));
    expect(del!.headers['csrf-token']).toBe('tok-1');
    expect(del!.headers).not.toHaveProperty('content-type');
    expect(del!.body).toBeUndefined();
  });

  it.each(['PUT', 'PATCH'] as const)('send %s with the token', async (method) => {
    const { writes } = stubFetch({ 'GET /api/csrf-token': [token('tok-1')], [`${method} /api/x`]: [json(200, {})] });
    await (method === 'PUT' ? client.api.put('/api/x', { a: 1 }) : client.api.patch('/api/x', { a: 1 }));
    expect(writes()[0]).toMatchObject({ method, credentials: 'include', headers: { 'csrf-token': 'tok-1' } });
  });

  it('after a 403 that mentions the CSRF token: clear it, refetch it and retry once', async () => {
    const { calls, writes } = stubFetch({
      'GET /api/csrf-token': [token('stale'), token('fresh')],
      'POST /api/reviews': [json(403, { message: 'Invalid or missing CSRF token', code: 'CSRF' }, 'Forbidden'), json(201, { id: 5 })],
    });

    await expect(client.api.post('/api/reviews', { text: 'x' })).resolves.toEqual({ id: 5 });

    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/csrf-token',
      'POST /api/reviews',
      'GET /api/csrf-token',
      'POST /api/reviews',
    ]);
    expect(writes().map((w) => w.headers['csrf-token'])).toEqual(['stale', 'fresh']);
    expect(writes()[1]!.body).toBe(JSON.stringify({ text: 'x' }));
  });

  it('retry only once: a second CSRF rejection gives the security validation message', async () => {
    const { writes } = stubFetch({
      'GET /api/csrf-token': [token('tok-1'), token('tok-2')],
      'POST /api/reviews': [text(403, 'invalid csrf token', 'Forbidden')],
    });
    const error = await failure(client.api.post('/api/reviews', {}));
    expect(writes()).toHaveLength(2);
    expect(error.message).toBe('Security validation failed. Please refresh and try again.');
    expect((error.cause as Error).message).toBe('403: invalid csrf token');
  });

  it('do not retry a 403 that does not mention the CSRF token', async () => {
    const { calls, writes } = stubFetch({
      'GET /api/csrf-token': [token('tok-1')],
      'DELETE /api/admin/regiments/3': [text(403, 'Admin access required.', 'Forbidden')],
    });
    const error = await failure(client.api.delete('/api/admin/regiments/3'));
    expect(error.message).toBe('403: Admin access required.');
    expect(writes()).toHaveLength(1);
    expect(calls.filter((c) => c.url === '/api/csrf-token')).toHaveLength(1);
  });

  it("fail with '{status}: {body}' on other errors, without retrying", async () => {
    const { writes } = stubFetch({
      'GET /api/csrf-token': [token('tok-1')],
      'POST /api/regiments/register': [text(400, 'Regiment name cannot be empty', 'Bad Request')],
    });
    expect((await failure(client.api.post('/api/regiments/register', {}))).message).toBe('400: Regiment name cannot be empty');
    expect(writes()).toHaveLength(1);
  });

  it("tell the user 'Security validation failed' when the token cannot be fetched", async () => {
    const { writes } = stubFetch({ 'GET /api/csrf-token': [text(500, '', 'Internal Server Error')] });
    const error = await failure(client.api.post('/api/reviews', {}));
    expect(error.message).toBe('Security validation failed. Please refresh and try again.');
    expect(error.cause).toBeInstanceOf(Error);
    expect((error.cause as Error).message).toBe('Failed to fetch CSRF token: 500 Internal Server Error');
    expect(writes()).toHaveLength(0);
  });

  it("give the cause 'CSRF token not received' when the answer has no csrfToken", async () => {
    stubFetch({ 'GET /api/csrf-token': [json(200, { somethingElse: true })] });
    const error = await failure(client.api.post('/api/reviews', {}));
    expect(error.message).toBe('Security validation failed. Please refresh and try again.');
    expect((error.cause as Error).message).toBe('CSRF token not received');
  });

  it("give the cause 'Invalid CSRF token response' when the answer is not JSON", async () => {
    stubFetch({ 'GET /api/csrf-token': [text(200, '<html>', 'OK')] });
    const error = await failure(client.api.post('/api/reviews', {}));
    expect((error.cause as Error).message).toBe('Invalid CSRF token response');
  });

  it('fetch the token again after a failed token fetch', async () => {
    const { writes } = stubFetch({
      'GET /api/csrf-token': [text(500, '', 'Internal Server Error'), token('tok-2')],
      'POST /api/reviews': [json(201, { id: 1 })],
    });
    await failure(client.api.post('/api/reviews', {}));
    await expect(client.api.post('/api/reviews', {})).resolves.toEqual({ id: 1 });
    expect(writes()[0]!.headers['csrf-token']).toBe('tok-2');
  });

  it('fetch a new token after resetCsrfToken (a new session)', async () => {
    const { writes } = stubFetch({
      'GET /api/csrf-token': [token('before'), token('after')],
      'POST /api/auth/logout': [json(200, { success: true })],
    });
    await client.api.post('/api/auth/logout', {});
    client.resetCsrfToken();
    await client.api.post('/api/auth/logout', {});
    expect(writes().map((w) => w.headers['csrf-token'])).toEqual(['before', 'after']);
  });
});
