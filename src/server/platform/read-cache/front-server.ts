/**
 * The HTTP server in front of Fastify. A GET whose answer is already in memory, a kept public API
 * answer (store.ts) or a page's HTML shell (page-shell.ts), is written straight to the
 * socket; everything else goes to Fastify as usual. Such an answer depends on its URL alone and is
 * complete bytes with its headers, so Fastify's routing, hooks and reply machinery, which cost
 * several times the answer itself, have nothing to add (docs/decisions/0013-front-server.md).
 *
 * What it leaves to Fastify: every method but GET, every URL without a ready answer (a miss is
 * computed, stored and answered there, and the next request for it is answered here), and every
 * request once the app is closing, so Fastify's own closing behaviour applies.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyServerFactory } from 'fastify';
import { answerWith, type ReadyAnswer } from './encoding.js';
import type { Entry, ResponseCache } from './store.js';
import type { Metrics } from '#server/platform/http/metrics.js';
import type { SecurityHeaders } from '#server/platform/http/security-headers.js';

/** A kept answer for a URL, with the cache that keeps it (it compresses on first demand). */
export interface ReadyEntry {
  entry: Entry;
  cache: ResponseCache;
  /** An answer of the public read API (http/public-api.ts): it carries its CORS headers and is counted by its limit. */
  publicRead?: boolean;
}

/** What the front does for the public read API's answers, as Fastify's hook does for the others (http/public-api.ts). */
export interface PublicReadFront {
  headers: Readonly<Record<string, string>>;
  /** Counts the request against its address's limit; false when it must be refused. */
  admits(request: IncomingMessage): Promise<boolean>;
}

/** Where ready answers are looked up, first match wins: each must answer only URLs Fastify would answer the same way. */
export type ReadyAnswerSource = (url: string) => ReadyEntry | undefined;

/** Fastify's server settings the factory applies, as Fastify applies them to the server it makes. */
interface ServerSettings {
  http?: http.ServerOptions;
  keepAliveTimeout: number;
  requestTimeout: number;
  connectionTimeout: number;
  maxRequestsPerSocket: number;
}

/** What an answer sets itself (encoding.ts, answerWith): a list sends every name it holds, so no other may. */
const ANSWER_HEADERS = new Set([
  'content-type',
  'cache-control',
  'vary',
  'etag',
  'content-encoding',
  'content-length',
  // With a CDN in front (cdn.ts).
  'surrogate-key',
  'cache-tag',
]);

/** Headers as writeHead's flat list: each name followed by its value. */
function headerList(headers: Readonly<Record<string, string>>): string[] {
  return Object.entries(headers).flat();
}

/** The headers every answer carries before its own: none may be one an answer sets, or it would go out twice. */
function leadingList(headers: Readonly<Record<string, string>>): string[] {
  const taken = Object.keys(headers).filter((name) => ANSWER_HEADERS.has(name.toLowerCase()));
  if (taken.length > 0) throw new Error(`The front server cannot add ${taken.join(', ')}: the kept answer sets it`);
  return headerList(headers);
}

/** Logger levels at which Fastify logs each request it completes. */
const ACCESS_LOG_LEVELS = new Set(['trace', 'debug', 'info']);

export class FrontServer {
  private readonly sources: ReadyAnswerSource[] = [];
  /** The security headers as a flat list (headersFor), and with each set of extra headers after them. */
  private readonly securityList: readonly string[];
  private readonly leadingLists = new WeakMap<object, readonly string[]>();
  private isOpen = true;

  constructor(
    securityHeaders: SecurityHeaders,
    private readonly log: () => FastifyBaseLogger,
    private readonly metrics: Metrics,
    private readonly publicReads?: PublicReadFront,
  ) {
    this.securityList = leadingList(securityHeaders);
  }

  addSource(source: ReadyAnswerSource): void {
    this.sources.push(source);
  }

  /** From now on every request goes to Fastify (called as the app starts closing). */
  close(): void {
    this.isOpen = false;
  }

  /** Fastify's `serverFactory`: an HTTP/1 server set up as Fastify sets up its own. */
  readonly serverFactory: FastifyServerFactory = (handler, fastifyOptions) => {
    // Fastify has filled in its defaults by the time it calls the factory.
    const options = fastifyOptions as unknown as ServerSettings;
    const server = http.createServer(options.http ?? {}, (request, response) => {
      if (!this.answer(request, response, handler)) handler(request, response);
    });
    server.keepAliveTimeout = options.keepAliveTimeout;
    server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout);
    if (options.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };

  /**
   * Answers the request if its answer is ready; false hands it to Fastify. A public read is first
   * counted by its limit: one refused, or gone from memory meanwhile, goes to `fastify` after all,
   * whose hook counts it again and refuses it with the one error handler's 429.
   */
  answer(request: IncomingMessage, response: ServerResponse, fastify: (request: IncomingMessage, response: ServerResponse) => void): boolean {
    if (!this.isOpen || request.method !== 'GET' || request.url === undefined) return false;
    const url = request.url;
    const ready = this.find(url);
    if (!ready) return false;
    const startedAt = performance.now();
    const { publicReads } = this;
    if (!ready.publicRead || !publicReads) {
      this.write(request, response, ready, startedAt);
      return true;
    }
    publicReads.admits(request).then(
      (admitted) => {
        const still = admitted && this.isOpen ? this.find(url) : undefined;
        if (still) this.write(request, response, still, startedAt, publicReads.headers);
        else fastify(request, response);
      },
      // The store failed (Redis away): Fastify's hook meets the same failure and answers it.
      () => fastify(request, response),
    );
    return true;
  }

  private write(
    request: IncomingMessage,
    response: ServerResponse,
    ready: ReadyEntry,
    startedAt: number,
    extraHeaders?: Readonly<Record<string, string>>,
  ) {
    const answer = answerWith(ready.entry, ready.cache, request.headers);
    response.writeHead(answer.status, this.headersFor(answer, extraHeaders));
    response.end(answer.body);
    this.metrics.readyAnswers.inc();
    const log = this.log();
    // The same access line Fastify writes for the requests it answers, when that level is on.
    if (ACCESS_LOG_LEVELS.has(log.level)) {
      log.info(
        {
          req: { method: request.method, url: request.url },
          res: { statusCode: answer.status },
          responseTime: performance.now() - startedAt,
          ready: true,
        },
        'request completed',
      );
    }
  }

  /**
   * Every header of an answer, as the flat list of names and values writeHead also takes: the
   * security headers and those of the public read API are listed once, and each request only joins
   * its answer's few to them. Spreading them all into a new object for every hit was most of what a
   * hit cost besides the socket.
   */
  private headersFor(answer: ReadyAnswer, extraHeaders: Readonly<Record<string, string>> | undefined): string[] {
    let leading = this.securityList;
    if (extraHeaders) {
      let withExtra = this.leadingLists.get(extraHeaders);
      if (!withExtra) {
        withExtra = [...this.securityList, ...leadingList(extraHeaders)];
        this.leadingLists.set(extraHeaders, withExtra);
      }
      leading = withExtra;
    }
    const list = leading.concat(headerList(answer.headers));
    if (answer.body) list.push('content-length', String(answer.body.length));
    return list;
  }

  private find(url: string): ReadyEntry | undefined {
    for (const source of this.sources) {
      const ready = source(url);
      if (ready) return ready;
    }
    return undefined;
  }
}
