/**
 * Renders whole routes as a user would meet them: the real router, the real query client settings,
 * and the real API client, with `fetch` answering from a table of canned API responses.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { flushSync } from 'react-dom';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { createQueryClient } from '#web/app/query-client';
import { routes } from '#web/app/routes';
import { requestUrl } from './request-url';
import { stubProblem } from './response-schemas';

/** A fixed answer body, or a function of the request that returns one. */
// eslint-disable-next-line @typescript-eslint/no-redundant-type-constituents -- the union documents the function form
export type ApiHandler = unknown | ((request: { url: URL; method: string; body: unknown }) => unknown);
interface ApiResponse {
  status: number;
  body: unknown;
  /** Headers beside Content-Type (a download's Content-Disposition, say). */
  headers?: Record<string, string>;
}

/** A handler may return a plain body (200) or `reply(status, body, headers?)`. */
export function reply(status: number, body: unknown, headers?: Record<string, string>): ApiResponse & { __reply: true } {
  return { status, body, headers, __reply: true };
}

export interface MockApi {
  calls: Array<{ method: string; url: string; body: unknown }>;
}

/**
 * Replaces fetch: the key is 'METHOD /path' or '/path' (GET), matched against the path without the
 * query string; an unlisted call answers 404 so a test notices it. Every stubbed answer is checked
 * against the call's response schema (response-schemas.ts): one the real server could never send
 * is logged with console.error, which fails the test (setup.ts), and still served as written.
 */
export function mockApi(handlers: Record<string, ApiHandler>): MockApi {
  const calls: MockApi['calls'] = [];
  const defaults: Record<string, ApiHandler> = {
    '/api/auth/status': { authenticated: false, user: null },
    '/api/csrf-token': { csrfToken: 'test-token' },
  };
  const table = { ...defaults, ...handlers };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(requestUrl(input), 'http://localhost');
      const method = (init?.method ?? 'GET').toUpperCase();
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, url: url.pathname + url.search, body });
      const handler = table[`${method} ${url.pathname}`] ?? (method === 'GET' ? table[url.pathname] : undefined);
      if (handler === undefined) return jsonResponse(404, { message: 'not mocked', code: 'NOT_FOUND' });
      const result = typeof handler === 'function' ? await handler({ url, method, body }) : handler;
      const answer: ApiResponse =
        result && typeof result === 'object' && '__reply' in result ? (result as ApiResponse) : { status: 200, body: result };
      const problem = stubProblem(method, url.pathname, answer.status, answer.body);
      if (problem) console.error(`mockApi: ${problem}`);
      return jsonResponse(answer.status, answer.body, answer.headers);
    }),
  );
  return { calls };
}

function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? '' : JSON.stringify(body), {
    status,
    statusText: status === 200 ? 'OK' : 'Error',
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

export function renderRoute(path: string) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const utils = render(
    <QueryClientProvider client={queryClient}>
      {/* As in main.tsx: a navigation can commit synchronously when asked to (flushSync). */}
      <RouterProvider router={router} flushSync={(update) => void flushSync(update)} />
    </QueryClientProvider>,
  );
  return { ...utils, router, queryClient };
}
