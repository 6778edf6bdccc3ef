/**
 * `apiUpload` (api-upload.ts; spec sections 7 and 8, Upload): an XMLHttpRequest POST that follows
 * the writes' CSRF rules. The client keeps the CSRF token in module state, so every test imports it fresh.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubUploads } from '#web/test/fake-upload';
import { requestUrl } from '#web/test/request-url';

type ApiClient = typeof import('./api-client');
let client: ApiClient;
let upload: typeof import('./api-upload');

beforeEach(async () => {
  vi.resetModules();
  client = await import('./api-client');
  upload = await import('./api-upload');
});
afterEach(() => vi.unstubAllGlobals());

/** The token endpoint answers `tokens` in turn (the last one repeats). */
function stubTokens(...tokens: Array<string | Response>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      calls.push(requestUrl(input));
      const next = tokens.length > 1 ? tokens.shift()! : tokens[0]!;
      return typeof next === 'string' ? new Response(JSON.stringify({ csrfToken: next }), { status: 200 }) : next.clone();
    }),
  );
  return calls;
}

function form(): FormData {
  const data = new FormData();
  data.append('kind', 'icon');
  data.append('file', new File(['x'], 'icon.png', { type: 'image/png' }));
  return data;
}

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Error) return error;
    throw new Error(`rejected with a non-Error: ${String(error)}`);
  }
  throw new Error('expected the upload to fail');
}

describe('apiUpload', () => {
  it('sends the form with cookies and the CSRF token, reports progress and parses the answer', async () => {
    const tokenCalls = stubTokens('tok-1');
    const { requests } = stubUploads('manual');
    const progress: number[] = [];

    const done = upload.apiUpload<{ url: string }>('/api/upload', form(), { onProgress: (p) => progress.push(p) });
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    requests[0]!.progress(0.25);
    requests[0]!.progress(1);
    requests[0]!.respond(201, { success: true, url: '/api/images/x.webp' });

    await expect(done).resolves.toEqual({ success: true, url: '/api/images/x.webp' });
    expect(tokenCalls).toEqual(['/api/csrf-token']);
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/api/upload', withCredentials: true, kind: 'icon' });
    expect(requests[0]!.headers['csrf-token']).toBe('tok-1');
    expect(progress).toEqual([0.25, 1]);
  });

  it('after a 403 that mentions the CSRF token: refetches it and retries once', async () => {
    const tokenCalls = stubTokens('stale', 'fresh');
    const { requests } = stubUploads((request) =>
      request.headers['csrf-token'] === 'stale'
        ? { status: 403, body: { message: 'Invalid or missing CSRF token', code: 'CSRF' } }
        : { status: 201, body: { success: true, url: '/api/images/y.webp' } },
    );

    await expect(upload.apiUpload('/api/upload', form())).resolves.toMatchObject({ url: '/api/images/y.webp' });
    expect(tokenCalls).toHaveLength(2);
    expect(requests.map((r) => r.headers['csrf-token'])).toEqual(['stale', 'fresh']);
  });

  it('retries only once: a second CSRF rejection gives the security validation message', async () => {
    stubTokens('tok-1', 'tok-2');
    const { requests } = stubUploads(() => ({ status: 403, body: { message: 'Invalid or missing CSRF token', code: 'CSRF' } }));

    const error = await failure(upload.apiUpload('/api/upload', form()));
    expect(error.message).toBe('Security validation failed. Please refresh and try again.');
    expect(requests).toHaveLength(2);
  });

  it("fails with an ApiError '{status}: {body}' whose server message is shown, without retrying", async () => {
    stubTokens('tok-1');
    const body = { message: 'Image is too large. The maximum size is 5 MB.', code: 'PAYLOAD_TOO_LARGE' };
    const { requests } = stubUploads(() => ({ status: 413, body }));

    const error = await failure(upload.apiUpload('/api/upload', form()));
    expect(error).toBeInstanceOf(client.ApiError);
    expect(error.message).toBe(`413: ${JSON.stringify(body)}`);
    expect(client.errorMessage(error)).toBe('Image is too large. The maximum size is 5 MB.');
    expect(requests).toHaveLength(1);
  });

  it("keeps the token fetch's own messages (spec section 8, Upload)", async () => {
    stubTokens(new Response(JSON.stringify({}), { status: 200 }));
    stubUploads();
    expect((await failure(upload.apiUpload('/api/upload', form()))).message).toBe('CSRF token not received');

    stubTokens(new Response('', { status: 500, statusText: 'Internal Server Error' }));
    expect((await failure(upload.apiUpload('/api/upload', form()))).message).toBe('Failed to fetch CSRF token: 500 Internal Server Error');
  });

  it("fails with 'Upload failed' on a network error", async () => {
    stubTokens('tok-1');
    const { requests } = stubUploads('manual');
    const done = upload.apiUpload('/api/upload', form());
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    requests[0]!.fail();
    expect((await failure(done)).message).toBe('Upload failed');
  });

  it('stops when its signal aborts', async () => {
    stubTokens('tok-1');
    const { requests } = stubUploads('manual');
    const controller = new AbortController();
    const done = upload.apiUpload('/api/upload', form(), { signal: controller.signal });
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    controller.abort();
    await expect(done).rejects.toMatchObject({ name: 'AbortError' });
  });
});
