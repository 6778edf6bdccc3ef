/**
 * Stopping a process without dropping work (docs/operations.md, "A deploy"): /readyz turns 503 so the
 * load balancer sends no more, the listener closes, idle keep-alive connections close at once, and
 * requests in progress get `drainMs` to finish. Whatever is still open then (a client that stopped
 * sending its body half-way, a slow download) is cut, so a deploy never waits on a stalled client.
 */
import type { App } from '#server/platform/types.js';

export async function closeGracefully(app: App, drainMs: number, delayMs = 0): Promise<{ cutConnections: boolean }> {
  app.lifecycle.draining = true;
  // Issue 37, item 6: /readyz answers 503 while the process still serves everything, for long enough
  // (SHUTDOWN_DELAY_MS) that the balancer's health check takes it out before the listener closes.
  if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
  let cutConnections = false;
  const deadline = setTimeout(() => {
    cutConnections = true;
    app.server.closeAllConnections();
  }, drainMs);
  try {
    await app.close();
  } finally {
    clearTimeout(deadline);
  }
  return { cutConnections };
}
