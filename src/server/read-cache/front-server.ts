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
import http, { type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyServerFactory } from 'fastify';
import { answerWith, type ReadyAnswer } from './encoding.js';
import type { Entry, ResponseCache } from './store.js';
import type { Metrics } from '#server/http/metrics.js';
import type { SecurityHeaders } from '#server/http/security-headers.js';

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

/** Logger levels at which Fastify logs each request it completes. */
const ACCESS_LOG_LEVELS = new Set(['trace', 'debug', 'info']);

export class FrontServer {
  private readonly sources: ReadyAnswerSource[] = [];
  /** headersFor's, by answer: gone with the answer (its entry replaced or dropped). */
  private readonly headersMade = new WeakMap<ReadyAnswer, { extraHeaders: object | undefined; headers: OutgoingHttpHeaders }>();
  private isOpen = true;

  constructor(
    private readonly securityHeaders: SecurityHeaders,
    private readonly log: () => FastifyBaseLogger,
    private readonly metrics: Metrics,
    private readonly publicReads?: PublicReadFront,
  ) {}

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
   * Every header of an answer: made once for a kept answer (answerWith keeps each entry's 200s),
   * which is most of what a hit costs besides the socket. Node's writeHead reads the object and
   * leaves it as it is, so one object serves every request for it.
   */
  private headersFor(answer: ReadyAnswer, extraHeaders: Readonly<Record<string, string>> | undefined): OutgoingHttpHeaders {
    const made = this.headersMade.get(answer);
    if (made && made.extraHeaders === extraHeaders) return made.headers;
    const headers: OutgoingHttpHeaders = {
      ...this.securityHeaders,
      ...extraHeaders,
      ...answer.headers,
      ...(answer.body ? { 'content-length': answer.body.length } : {}),
    };
    this.headersMade.set(answer, { extraHeaders, headers });
    return headers;
  }

  private find(url: string): ReadyEntry | undefined {
    for (const source of this.sources) {
      const ready = source(url);
      if (ready) return ready;
    }
    return undefined;
  }
}
