/**
 * The digest sweep's timer (issue 36, item 1): every process looks for due digests every few
 * minutes (follow-digest.ts makes each one once whichever process finds it), and wakes its outbox
 * worker when it queued any. A digest is due at the start of a day or a week: a few minutes late
 * is on time. `app.sweepFollowDigests` runs one sweep at a given time (tests, an operator).
 */
import fp from 'fastify-plugin';
import { queueDueDigests } from './follow-digest.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Queues the follow digests due at `at` (now by default); says how many. */
    sweepFollowDigests: (at?: Date) => Promise<number>;
  }
}

export const DIGEST_SWEEP_MS = 10 * 60 * 1000;

export const followDigestPlugin = fp(async (app) => {
  const sweep = async (at = new Date(app.now())) => {
    const queued = await queueDueDigests(app.db, at);
    if (queued > 0) app.outbox.poke();
    return queued;
  };
  app.decorate('sweepFollowDigests', sweep);
  const timer = setInterval(() => {
    sweep().catch((error: unknown) => app.log.warn({ err: error }, 'follow digests: the sweep failed; will retry'));
  }, DIGEST_SWEEP_MS);
  // The timer alone never keeps a process (a test, a CLI) alive.
  timer.unref();
  app.addHook('onClose', () => clearInterval(timer));
});
