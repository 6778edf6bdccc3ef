/**
 * The request hooks registered at the root and in the API's scopes, and for each one whether the
 * front server (front-server.ts) must do its work. The front answers kept public GETs and page
 * shells before Fastify sees the request, so no hook runs for those answers: each hook is either
 * safe to skip for them (the reason is given), or its effect is reproduced by the front (how is
 * given). front-hooks.test.ts compares this list with the hooks actually registered on the built
 * app, so a new hook cannot be added without this decision (docs/decisions/0013-front-server.md).
 *
 * Hooks are identified by their lifecycle name and their function's name: ours are named for it.
 * A third party's anonymous hook is recorded with an empty name and its owner; one more anonymous
 * hook of the same kind fails the comparison as well.
 */

/** The hooks that run around a request (not the application's: onRoute, onReady, onClose...). */
export const REQUEST_HOOKS = [
  'onRequest',
  'preParsing',
  'preValidation',
  'preHandler',
  'preSerialization',
  'onSend',
  'onResponse',
  'onError',
  'onTimeout',
  'onRequestAbort',
] as const;
export type RequestHook = (typeof REQUEST_HOOKS)[number];

export interface FrontHookDecision {
  hook: RequestHook;
  /** The hook function's name; empty for a third party's anonymous function. */
  name: string;
  /** The module or package that registers it. */
  owner: string;
  /** 'front skips: why that is safe' or 'front honours: how'. */
  front: `front skips: ${string}` | `front honours: ${string}`;
}

export const FRONT_HOOK_DECISIONS: readonly FrontHookDecision[] = [
  // The root scope: every request Fastify routes.
  {
    hook: 'onRequest',
    name: 'chooseReadRoute',
    owner: 'platform/db/read-routing.ts',
    front: 'front skips: an answer from memory reads no database, replica or primary',
  },
  {
    hook: 'onSend',
    name: 'markRecentWrite',
    owner: 'platform/db/read-routing.ts',
    front: 'front skips: the front answers only GETs, and only a write sets the recent-write cookie',
  },
  {
    hook: 'onRequest',
    name: 'setSecurityHeaders',
    owner: 'platform/http/security-headers.ts',
    front: 'front honours: it writes the same headers, worked out once, on every answer',
  },
  {
    hook: 'onResponse',
    name: 'countAnswer',
    owner: 'platform/http/metrics.ts',
    front: 'front honours: it counts its answers in http_ready_answers_total and writes the same access line',
  },
  {
    hook: 'onRequest',
    name: 'openPublicReads',
    owner: 'platform/http/public-api.ts',
    front:
      "front honours: it counts a kept public read against the address's limit before answering (a refused one goes to Fastify, which refuses it), adds the same CORS headers, and leaves preflights (never GETs) to Fastify",
  },
  {
    hook: 'onRequest',
    name: 'answerFromCache',
    owner: 'platform/read-cache/plugin.ts',
    front: 'front honours: it is the same lookup, by the exact URL, answered by the same answerWith',
  },
  {
    hook: 'onSend',
    name: 'storeOrInvalidate',
    owner: 'platform/read-cache/plugin.ts',
    front: 'front skips: a hit stores nothing, and a GET answered from memory writes nothing to invalidate',
  },
  {
    hook: 'onSend',
    name: '',
    owner: '@fastify/etag',
    front: "front honours: answerWith sends the entry's weak ETag and answers 304 to a matching If-None-Match",
  },
  {
    hook: 'onRequest',
    name: 'fastifyCookieHandler',
    owner: '@fastify/cookie',
    front: 'front skips: a kept answer depends on its URL alone and reads no cookie',
  },
  { hook: 'onSend', name: 'fastifyCookieOnSendHandler', owner: '@fastify/cookie', front: 'front skips: a kept answer sets no cookie' },
  // The API's scope (app.ts): every /api route.
  {
    hook: 'onRequest',
    name: 'refuseWhileDatabaseDown',
    owner: 'platform/db/availability.ts',
    front:
      'front skips: a kept answer needs no database (and while the database cannot be reached the bus is down with it, so the front has no fresh answer to give)',
  },
  {
    hook: 'preValidation',
    name: 'admitOrShed',
    owner: 'platform/http/load-shedding.ts',
    front: 'front skips: answers from memory cost next to nothing and were never shed (0009)',
  },
  {
    hook: 'preValidation',
    name: 'refuseNul',
    owner: 'platform/http/input-guard.ts',
    front: 'front skips: an entry exists only for a URL Fastify answered 200, so that exact URL passed the guard',
  },
  {
    hook: 'preValidation',
    name: 'readSessionAndCheckCsrf',
    owner: 'domain/identity/session-plugin.ts',
    front: "front skips: public answers never read the session (a visitor's idle timeout is not slid by them, 0009)",
  },
  {
    hook: 'onSend',
    name: 'revalidateByDefault',
    owner: 'platform/read-cache/plugin.ts',
    front: "front honours: answerWith sends Cache-Control: no-cache (and 'private' answers are never kept, so never answered in front)",
  },
  {
    hook: 'onRequest',
    name: 'watchOutboxRows',
    owner: 'platform/outbox/outbox-plugin.ts',
    front: 'front skips: it records whether a write queued an outbox row, and the front answers only GETs',
  },
  {
    hook: 'onResponse',
    name: 'deliverOutboxSoon',
    owner: 'platform/outbox/outbox-plugin.ts',
    front: 'front skips: it wakes the outbox after writes, and the front answers only GETs, which write no outbox row',
  },
  // Feature scopes inside the API.
  {
    hook: 'preValidation',
    name: 'requireAdminFirst',
    owner: 'domain/identity/admin-scope.ts',
    front: "front skips: admin answers are config.cache 'private', never kept",
  },
  {
    hook: 'preValidation',
    name: 'requireModeratorFirst',
    owner: 'domain/identity/admin-scope.ts',
    front: "front skips: moderators' answers are config.cache 'private', never kept",
  },
  {
    hook: 'onResponse',
    name: '',
    owner: '@fastify/multipart (uploads scope)',
    front: 'front skips: it removes upload temporary files; no upload route answer is kept',
  },
];

/** The description of the symbol under which Fastify keeps each instance's hooks. */
const HOOKS_SYMBOL = 'fastify.hooks';

/** The request hooks registered on these Fastify instances (scopes), each function once per hook. */
export function registeredRequestHooks(scopes: Iterable<object>): Array<{ hook: RequestHook; name: string }> {
  // A scope holds a copy of its parent's hooks: the same function in several scopes is one hook.
  const seen = new Map<RequestHook, Set<unknown>>(REQUEST_HOOKS.map((hook) => [hook, new Set()]));
  const found: Array<{ hook: RequestHook; name: string }> = [];
  for (const scope of scopes) {
    const kHooks = Object.getOwnPropertySymbols(scope).find((symbol) => symbol.description === HOOKS_SYMBOL);
    if (!kHooks) throw new Error(`No '${HOOKS_SYMBOL}' symbol on this instance: has Fastify moved its hooks?`);
    const hooks = (scope as Record<symbol, Partial<Record<string, Array<{ name: string }>>>>)[kHooks]!;
    for (const hook of REQUEST_HOOKS) {
      for (const fn of hooks[hook] ?? []) {
        if (seen.get(hook)!.has(fn)) continue;
        seen.get(hook)!.add(fn);
        found.push({ hook, name: fn.name });
      }
    }
  }
  return found;
}

/**
 * How the registered hooks and the decisions differ: a hook registered without a decision, or a
 * decision about a hook no longer registered (so the list cannot go stale). Empty when they agree.
 */
export function frontHookProblems(
  registered: ReadonlyArray<{ hook: RequestHook; name: string }>,
  decisions: readonly FrontHookDecision[] = FRONT_HOOK_DECISIONS,
): string[] {
  const label = ({ hook, name }: { hook: string; name: string }) => `${hook} ${name || '(anonymous)'}`;
  const remaining = decisions.map(label);
  const problems: string[] = [];
  for (const hook of registered) {
    const at = remaining.indexOf(label(hook));
    if (at === -1) problems.push(`${label(hook)}: registered, but no decision on whether the front server honours it (read-cache/front-hooks.ts)`);
    else remaining.splice(at, 1);
  }
  for (const stale of remaining) problems.push(`${stale}: decided on, but no longer registered`);
  return problems;
}
