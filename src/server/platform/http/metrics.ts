/**
 * Prometheus metrics of one process (prom-client), served on a port of their own (METRICS_PORT,
 * docs/operations.md), never on the public one: request counts and latency by route and status,
 * requests in flight and refused, response-cache hits and misses, database pool use. Each app has
 * its own registry, so several apps in one process (the tests) never mix their counts.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** What a database pool can tell about itself (pg.Pool; PGlite has no pool). */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/** Route label of a request no route matched: one label, not one per URL tried. */
const UNMATCHED = '(unmatched)';

export class Metrics {
  readonly registry = new Registry();
  private readonly requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered by Fastify, by route pattern, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [this.registry],
  });
  private readonly duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to its answer, by route pattern, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  /** Answers the front server wrote from memory before Fastify saw the request (front-server.ts). */
  readonly readyAnswers = new Counter({
    name: 'http_ready_answers_total',
    help: 'Requests answered from memory by the front server, before routing',
    registers: [this.registry],
  });
  readonly inFlight = new Gauge({
    name: 'http_requests_in_flight',
    help: 'API requests being worked on (counted once their body has arrived)',
    registers: [this.registry],
  });
  readonly shed = new Counter({
    name: 'http_requests_shed_total',
    help: 'API requests refused with 503 because too many were in flight',
    registers: [this.registry],
  });
  readonly cacheLookups = new Counter({
    name: 'response_cache_lookups_total',
    help: 'Response-cache lookups of public GETs by result (hit or miss); front-server hits are http_ready_answers_total',
    labelNames: ['result'] as const,
    registers: [this.registry],
  });

  /** Process figures (CPU, memory, event-loop delay, GC): for a served process, not every test app. */
  collectProcessMetrics(): void {
    collectDefaultMetrics({ register: this.registry });
  }

  /** Database pool figures, read at each scrape. */
  watchPool(stats: () => PoolStats): void {
    const gauge = (name: string, help: string, read: (s: PoolStats) => number) =>
      new Gauge({
        name,
        help,
        registers: [this.registry],
        collect() {
          this.set(read(stats()));
        },
      });
    gauge('db_pool_connections', 'Connections the pool holds', (s) => s.total);
    gauge('db_pool_idle_connections', 'Connections the pool holds unused', (s) => s.idle);
    gauge('db_pool_waiting_requests', 'Queries waiting for a connection', (s) => s.waiting);
  }

  /**
   * Memory outside the V8 heap that the process figures cannot name: the embedded engine's
   * WebAssembly heap (PGlite only; it never shrinks, decision 0018) and the response cache's bodies.
   */
  watchMemory(read: { embeddedDatabase?: () => number; responseCache: () => number }): void {
    const { embeddedDatabase, responseCache } = read;
    if (embeddedDatabase) {
      new Gauge({
        name: 'db_embedded_memory_bytes',
        help: 'WebAssembly heap of the embedded database (PGlite)',
        registers: [this.registry],
        collect() {
          this.set(embeddedDatabase());
        },
      });
    }
    new Gauge({
      name: 'response_cache_bytes',
      help: 'Bytes the response cache holds (bodies, keys and a fixed overhead per entry)',
      registers: [this.registry],
      collect() {
        this.set(responseCache());
      },
    });
  }

  observe(route: string | undefined, method: string, status: number, seconds: number): void {
    const labels = { route: route ?? UNMATCHED, method, status: String(status) };
    this.requests.inc(labels);
    this.duration.observe(labels, seconds);
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }
}

/** Counts every answer Fastify makes, by the route that answered it. */
export const metricsPlugin = fp<{ metrics: Metrics }>(async (app, { metrics }) => {
  app.addHook('onResponse', async function countAnswer(request, reply) {
    metrics.observe(request.routeOptions.url, request.method, reply.statusCode, reply.elapsedTime / 1000);
  });
});

/** The metrics endpoint: GET /metrics on its own port (bind it to a private interface). */
export async function startMetricsServer(metrics: Metrics, port: number, host: string): Promise<{ port: number; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?', 1)[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    metrics.text().then(
      (body) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(body),
      () => response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics unavailable\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
