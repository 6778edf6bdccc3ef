/**
 * How a kept answer goes out: the encoding the client prefers, its weak ETag and the 304 it allows,
 * and `answerWith`, the one place that turns an entry into status, headers and bytes, for Fastify
 * (plugin.ts) and for the front server (front-server.ts) alike.
 */
import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { Entry, ResponseCache } from './store.js';

export type Encoding = 'br' | 'gzip' | 'identity';

/**
 * A buffer that owns exactly its bytes. zlib's sync calls return a slice of their 16 KiB output
 * chunk, and Buffer.from(string) a slice of a shared 8 KiB pool slab: kept in the cache, a 600-byte
 * answer would hold on to the whole chunk or slab, and the memory actually used would be ten times
 * what the cache counts (measured: 16.5 MB counted, 180 MB held, for 10,000 small answers).
 */
export function exactCopy(body: Buffer): Buffer {
  if (body.byteOffset === 0 && body.buffer.byteLength === body.length) return body;
  const copy = Buffer.allocUnsafeSlow(body.length);
  body.copy(copy);
  return copy;
}

/** Text as UTF-8 in a buffer of its own (exactCopy says why), encoded there at once rather than into the pool and copied out; a buffer as exactCopy keeps it. */
export function ownedBytes(body: string | Buffer): Buffer {
  if (typeof body !== 'string') return exactCopy(body);
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(body));
  bytes.write(body);
  return bytes;
}

/** Accept-Encoding values already read: browsers send a handful of distinct ones, so reading each once is enough. */
const preferredOf = new Map<string, Encoding>();
const PREFERRED_REMEMBERED = 64;

/** The client's preferred encoding among those we produce (brotli, then gzip), from Accept-Encoding. */
export function preferredEncoding(header: string | undefined): Encoding {
  if (!header) return 'identity';
  let encoding = preferredOf.get(header);
  if (encoding === undefined) {
    encoding = readPreferredEncoding(header);
    // Past a few dozen distinct values someone is making them up: start over rather than grow.
    if (preferredOf.size >= PREFERRED_REMEMBERED) preferredOf.clear();
    preferredOf.set(header, encoding);
  }
  return encoding;
}

function readPreferredEncoding(header: string): Encoding {
  const accepted = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name!.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const allows = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return 'identity';
}

export function weakEtag(body: Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`;
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const strong = etag.slice(2);
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag === etag || tag === strong;
  });
}

/** What a kept entry answers a request with: its ETag (304 when the client has it), compressed as the client accepts. */
export interface ReadyAnswer {
  readonly status: 200 | 304 | 404;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer | undefined;
}

/**
 * The one place that turns a kept entry into an answer, for Fastify (sendEntry, and a computed miss
 * in the plugin's onSend) and for the front server, which answers before Fastify
 * (front-server.ts): both send the same headers and bytes.
 */
export function answerWith(
  entry: Entry,
  cache: ResponseCache,
  requestHeaders: IncomingHttpHeaders,
  status: 200 | 404 = 200,
  plainInHand?: Buffer,
): ReadyAnswer {
  // The entry's body sent as a 404 (the app's not-found page) is not the entry: no ETag, no 304.
  if (status === 200 && etagMatches(requestHeaders['if-none-match'], entry.etag)) {
    return { status: 304, headers: { ...headersOf(entry, cache, true), etag: entry.etag }, body: undefined };
  }
  const { body, encoding } = cache.variant(entry, preferredEncoding(requestHeaders['accept-encoding']), plainInHand);
  const headers: Record<string, string> = headersOf(entry, cache, status === 200);
  if (status === 200) headers.etag = entry.etag;
  // A set Content-Encoding also tells @fastify/compress the body is already encoded.
  if (encoding !== 'identity') headers['content-encoding'] = encoding;
  return { status, headers, body };
}

/**
 * Browsers revalidate every kept answer (no-cache: cheap with the ETag). With a CDN in front
 * (cdn.ts), an answer this process keeps fresh, sent as itself (not as a 404's body), also tells the
 * CDN to keep it and under which keys it is purged.
 */
function headersOf(entry: Entry, cache: ResponseCache, isTheEntry: boolean): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': entry.contentType, 'cache-control': 'no-cache', vary: 'Accept-Encoding' };
  const shared = isTheEntry && cache.cdn && cache.isKept(entry) ? cache.cdn.headersFor(entry, cache.now()) : undefined;
  return shared ? Object.assign(headers, shared) : headers;
}
