/**
 * Load shedding: past `maxInFlight` API requests being worked on at once, a new one is refused at
 * once with 503 and Retry-After instead of joining a queue for the database pool. Under an overload
 * the site then answers quickly (some with "busy") and its memory stays bounded, instead of every
 * request waiting seconds and timing out. Answers from the response cache are sent before this hook
 * runs and are never refused: they cost almost nothing.
 *
 * A request counts from the moment its body has arrived (preValidation), not from its first byte: a
 * client that sends headers and then half a body costs a socket and nothing else, so a few hundred
 * stalled uploads or logins cannot fill the slots and starve everyone else (the server's request
 * timeout ends them, app.ts). Register it in the API's scope, before the session plugin, so a
 * refused request does not even look its session up.
 */
import fp from 'fastify-plugin';
import { MSG } from '#core/messages.js';
import { AppError } from '#server/platform/errors.js';
import { whenAnswerEnds } from './answer-end.js';
import type { Metrics } from './metrics.js';

export const loadSheddingPlugin = fp<{ maxInFlight: number; metrics: Metrics }>(async (app, { maxInFlight, metrics }) => {
  let inFlight = 0;

  app.addHook('preValidation', async function admitOrShed(request, reply) {
    if (inFlight >= maxInFlight) {
      metrics.shed.inc();
      // The error handler adds Retry-After to every 503.
      throw new AppError('UNAVAILABLE', MSG.server.busy);
    }
    inFlight++;
    metrics.inFlight.inc();
    // Given back when the answer ends, however it ends (answer-end.ts).
    whenAnswerEnds(reply, () => {
      inFlight--;
      metrics.inFlight.dec();
    });
  });
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
