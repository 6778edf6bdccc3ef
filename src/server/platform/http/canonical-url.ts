/**
 * One spelling for every path, before Fastify routes it (its `rewriteUrl`). Fastify's router matches
 * the percent-decoded path, but anything that reads the raw URL would see `/%61pi/auth/logout` and
 * `/api/auth/logout` as two paths; and dot segments and doubled slashes reach the server raw from any
 * client that is not a browser. The normal form of RFC 3986 section 6.2.2 makes them one path:
 * - percent-encoded unreserved characters are decoded (`%61` -> `a`), other escapes keep their
 *   meaning with upper-case hex (`%2f` -> `%2F`: an encoded slash is not a separator);
 * - runs of slashes become one;
 * - `.` and `..` segments are resolved (never above the root).
 * Letter case is left to the router (`caseSensitive: false`), which keeps the case of parameters.
 * The query string is left as it is.
 */

/** Fast check: a path with none of these is already in normal form (nearly every request). */
const NEEDS_WORK = /%|\/\/|\/\.\.?(?:\/|$)/;
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

export function canonicalUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (!NEEDS_WORK.test(path) || !path.startsWith('/')) return url;
  const query = queryAt === -1 ? '' : url.slice(queryAt);
  return canonicalPath(path) + query;
}

function canonicalPath(path: string): string {
  const decoded = path.replace(/%([0-9A-Fa-f]{2})/g, (_escape, hex: string) => {
    const character = String.fromCharCode(parseInt(hex, 16));
    return UNRESERVED.test(character) ? character : `%${hex.toUpperCase()}`;
  });
  const segments: string[] = [];
  const parts = decoded.split('/');
  for (let i = 1; i < parts.length; i++) {
    const segment = parts[i]!;
    const isLast = i === parts.length - 1;
    if (segment === '..') segments.pop();
    // An empty segment is a doubled slash, unless it is the last one (a trailing slash, kept).
    if (segment === '.' || segment === '..' || (segment === '' && !isLast)) {
      if (isLast) segments.push('');
      continue;
    }
    segments.push(segment);
  }
  return `/${segments.join('/')}`;
}
