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
import { answerWith } from './encoding.js';
import type { Entry, ResponseCache } from './store.js';
import type { Metrics } from '#server/http/metrics.js';
import type { SecurityHeaders } from '#server/http/security-headers.js';

/** A kept answer for a URL, with the cache that keeps it (it compresses on first demand). */
export interface ReadyEntry {
  entry: Entry;
  cache: ResponseCache;
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
  private isOpen = true;

  constructor(
    private readonly securityHeaders: SecurityHeaders,
    private readonly log: () => FastifyBaseLogger,
    private readonly metrics: Metrics,
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
      if (!this.answer(request, response)) handler(request, response);
    });
    server.keepAliveTimeout = options.keepAliveTimeout;
    server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout);
    if (options.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };

  /** Answers the request if its answer is ready; false hands it to Fastify. */
  answer(request: IncomingMessage, response: ServerResponse): boolean {
    if (!this.isOpen || request.method !== 'GET' || request.url === undefined) return false;
    const ready = this.find(request.url);
    if (!ready) return false;
    const startedAt = performance.now();
    const answer = answerWith(ready.entry, ready.cache, request.headers);
    response.writeHead(answer.status, {
      ...this.securityHeaders,
      ...answer.headers,
      ...(answer.body ? { 'content-length': answer.body.length } : {}),
    });
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
    return true;
  }

  private find(url: string): ReadyEntry | undefined {
    for (const source of this.sources) {
      const ready = source(url);
      if (ready) return ready;
    }
    return undefined;
  }
}
