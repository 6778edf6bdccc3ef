/**
 * The `next` return path of /login and /register (issue 13): where a reader goes after signing in,
 * when they came from a page that needed an account. Without it, login goes to / (spec section 2).
 *
 * The value arrives in the address bar, so anyone can write one into a link: it is followed only
 * when it is a path on this site. Anything else (another site, a protocol-relative '//host' or
 * '/\host', which browsers read as '//host', a scheme such as 'javascript:', control characters,
 * which browsers strip so that '/\t/host' becomes '//host', or a path that normalizes to '//host')
 * is ignored, and the reader lands on / as without it.
 */
export const RETURN_PATH_PARAM = 'next';

/** Longer than any path of this site; a bound for what is parsed. */
const MAX_RETURN_PATH_LENGTH = 2048;

/** Any origin would do: only whether the value stays on it matters. */
const PROBE_ORIGIN = 'https://return-path.invalid';

/**
 * The path to return to, normalized (dot segments resolved, unsafe characters percent-encoded), or
 * null when `value` is not a path on this site.
 */
export function parseReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_RETURN_PATH_LENGTH) return null;
  if (value[0] !== '/' || value[1] === '/' || value.includes('\\')) return null;
  // Control characters are exactly what this refuses (a header or log line must not be split).
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN || url.pathname.startsWith('//')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * `/login` or `/register` carrying `returnTo` as `next` when it is a path on this site; the bare
 * page otherwise (which goes to / after signing in).
 */
export function authPathReturningTo(page: '/login' | '/register', returnTo: string | null | undefined): string {
  const path = parseReturnPath(returnTo);
  return path === null ? page : `${page}?${RETURN_PATH_PARAM}=${encodeURIComponent(path)}`;
}
