/**
 * Work after the commit (docs/decisions/0036): the outbox worker of this process, started once the
 * app is ready and finished on close. The deliverers of each kind of row come from the features
 * that own them; the platform only runs them.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '#server/platform/db/client.js';
import { outboxQueuedIn, type OutboxKind } from './outbox.js';
import { OutboxWorker, type Deliverer, type OutboxTiming } from './worker.js';

export interface OutboxPluginOptions {
  db: Database;
  deliverers: Readonly<Partial<Record<OutboxKind, Deliverer>>>;
  timing: OutboxTiming;
  /** How long a delivery in progress may finish at close (the shutdown's drain time). */
  stopGraceMs: number;
}

export const outboxPlugin = fp<OutboxPluginOptions>(async (app, { db, deliverers, timing, stopGraceMs }) => {
  const outbox = new OutboxWorker(db, deliverers, app.log, timing);
  app.decorate('outbox', outbox);
  app.addHook('onReady', async () => outbox.start());
  app.addHook('onClose', async () => outbox.stop(stopGraceMs));
});

const kQueued = Symbol('outboxQueued');
type WatchedRequest = FastifyRequest & { [kQueued]?: { queued: boolean } };

/**
 * An API hook: a write runs with a record of whether it queued an outbox row (outbox.ts), so that
 * deliverOutboxSoon wakes the worker only then. A poke is a database round trip (the worker claims
 * due rows), and most writes, votes first, queue nothing (issue 38).
 */
export function watchOutboxRows(request: WatchedRequest, _reply: FastifyReply, done: () => void) {
  if (request.method === 'GET' || request.method === 'HEAD') return done();
  const record = { queued: false };
  request[kQueued] = record;
  outboxQueuedIn.run(record, done);
}

/** An API hook: a write that queued outbox rows has them delivered now rather than at the next poll. */
export async function deliverOutboxSoon(this: FastifyInstance, request: WatchedRequest) {
  if (request[kQueued]?.queued) this.outbox.poke();
}
