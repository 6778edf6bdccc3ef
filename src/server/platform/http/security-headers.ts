/**
 * The security headers (CSP, HSTS, frame and sniffing policies...) every answer carries, as helmet
 * makes them. Ours depend on the configuration alone, never on the request (no nonces, no function
 * directives), so they are worked out once at start-up and set as they are on every answer.
 * @fastify/helmet, used before, ran helmet(options) on every request, re-parsing the whole policy:
 * about a tenth of the server's time on a cached read (docs/decisions/0013-front-server.md).
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

export type SecurityHeaders = Readonly<Record<string, string>>;

/** The headers helmet sets for these options; throws if any of them would depend on the request. */
export function securityHeadersOf(options: HelmetOptions): SecurityHeaders {
  const headers: Record<string, string> = {};
  const request = new Proxy({} as IncomingMessage, {
    get(_target, property) {
      throw new Error(`security headers must not depend on the request (helmet read request.${String(property)})`);
    },
  });
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  helmet(options)(request, response, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error('helmet refused the security policy', { cause: error });
  });
  return headers;
}

/** Sets the headers on every answer Fastify makes, first thing, as helmet's middleware would. */
export const securityHeadersPlugin = fp<{ headers: SecurityHeaders }>(async (app, { headers }) => {
  app.addHook('onRequest', function setSecurityHeaders(_request, reply, done) {
    void reply.headers(headers);
    done();
  });
});

/**
 * The CSP source that allows one inline script by its text ('sha256-...'): the script runs, and no
 * other inline script does, which 'unsafe-inline' would allow.
 */
export function inlineScriptSource(script: string): string {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}
