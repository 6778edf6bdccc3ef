/**
 * Work after the commit (docs/decisions/0036): the outbox worker of this process, started once the
 * app is ready and finished on close. The deliverers of each kind of row come from the features
 * that own them; the platform only runs them.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '#server/platform/db/client.js';
import type { OutboxKind } from './outbox.js';
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

/** An API hook: a write may have left outbox rows, so deliver them now rather than at the next poll. */
export async function deliverOutboxSoon(this: FastifyInstance, request: FastifyRequest) {
  if (request.method !== 'GET' && request.method !== 'HEAD') this.outbox.poke();
}
