/**
 * Load shedding: past `maxInFlight` API requests being worked on at once, a new one is refused at
 * once with 503 and Retry-After instead of joining a queue for the database pool. Under an overload
 * the site then answers quickly (some with "busy") and its memory stays bounded, instead of every
 * request waiting seconds and timing out. Answers from the response cache are sent before this hook
 * runs and are never refused: they cost almost nothing.
 */
import fp from 'fastify-plugin';
import { MSG } from '../../core/messages.js';
import { AppError } from '../errors.js';

const kCounted = Symbol('loadSheddingCounted');

export const loadSheddingPlugin = fp<{ maxInFlight: number }>(async (app, { maxInFlight }) => {
  let inFlight = 0;

  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    if (inFlight >= maxInFlight) {
      // The error handler adds Retry-After to every 503.
      throw new AppError('UNAVAILABLE', MSG.server.busy);
    }
    inFlight++;
    (request as { [kCounted]?: boolean })[kCounted] = true;
  });

  // onResponse runs for every answered request, errors included; onRequestAbort covers clients that
  // hang up before the answer (their onResponse never comes).
  const release = async (request: object) => {
    const counted = request as { [kCounted]?: boolean };
    if (!counted[kCounted]) return;
    counted[kCounted] = false;
    inFlight--;
  };
  app.addHook('onResponse', release);
  app.addHook('onRequestAbort', release);
});

/**
 * Busy refusals (503) are expected under an overload, thousands a second: logging each one would
 * flood the log and cost the CPU the refusal saves. They are counted, and the count is reported as
 * one warning `intervalMs` after the first refusal of each interval, so a short burst is reported
 * too. The timer does not keep the process alive.
 */
export function overloadReporter(log: { warn(message: string): void }, intervalMs = 10_000) {
  let refused = 0;
  let timer: NodeJS.Timeout | null = null;
  const report = () => {
    log.warn(`Overloaded: ${refused} request(s) refused with 503 (busy) in ${Math.round(intervalMs / 1000)} s`);
    refused = 0;
    timer = null;
  };
  return {
    refused(): void {
      refused++;
      timer ??= setTimeout(report, intervalMs).unref();
    },
  };
}
