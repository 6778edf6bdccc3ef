/**
 * The one place errors become answers (spec section 7's error format): a typed AppError keeps its
 * status and message, a schema refusal names the field, a pool that has no connection to give sheds
 * the request with 503, a database that cannot be reached answers 503 too (or, for a public read
 * this process has kept, its last answer marked stale), Fastify's own refusals keep theirs, and
 * anything else is a 500 that reveals nothing.
 */
import type { FastifyError, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody } from '#core/api.js';
import { MSG } from '#core/messages.js';
import { isDatabaseUnreachable, type DatabaseAvailability } from '#server/platform/db/availability.js';
import { AppError } from '#server/platform/errors.js';
import { sendStaleAnswer } from '#server/platform/read-cache/plugin.js';
import { overloadReporter } from './load-shedding.js';

/** How long a client is asked to wait when the database cannot be reached (a restart takes seconds). */
const DATABASE_RETRY_AFTER_SECONDS = '5';

export const errorHandlerPlugin = fp<{ availability?: DatabaseAvailability }>(async (app, { availability }) => {
  const overload = overloadReporter(app.log);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    availability?.noteFailure(error);
    const { status, body } = toErrorResponse(error);
    if (body.code === 'DATABASE_UNAVAILABLE') {
      // A public read this process has kept is answered with its last answer, marked stale. The
      // outage itself is logged once, by the availability tracker; each refusal is in the access log.
      if (sendStaleAnswer(request, reply)) return reply;
      void reply.header('Retry-After', DATABASE_RETRY_AFTER_SECONDS);
    } else if (status === 503) {
      void reply.header('Retry-After', '2');
      overload.refused();
    } else if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ status, code: body.code, msg: body.message }, 'request refused');
    if (error instanceof AppError && error.headers) void reply.headers(error.headers);
    void reply.code(status).header('Cache-Control', 'no-store').send(body);
  });
});

function isDatabaseBusy(error: Error): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    if (/timeout exceeded when trying to connect/i.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}

export function toErrorResponse(error: FastifyError | AppError | Error): { status: number; body: ErrorBody } {
  if (error instanceof AppError) {
    return { status: error.status, body: { ...error.extra, message: error.message, code: error.code } };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = error.validation.map((v) => ({
      path:
        v.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
        String((v.params as { issue?: { path?: unknown[] } })?.issue?.path?.join('.') ?? ''),
      message: v.message ?? MSG.validation.invalidValue,
    }));
    const first = errors[0];
    return {
      status: 400,
      body: { message: first ? first.message : MSG.server.badRequest, code: 'VALIDATION', errors },
    };
  }
  if (isDatabaseUnreachable(error)) {
    return { status: 503, body: { message: MSG.server.databaseUnavailable, code: 'DATABASE_UNAVAILABLE' } };
  }
  if (isDatabaseBusy(error)) {
    // Every connection is taken for longer than the pool waits: shed the request instead of a 500.
    return { status: 503, body: { message: MSG.server.busy, code: 'UNAVAILABLE' } };
  }
  const statusCode = (error as FastifyError).statusCode;
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    // Fastify's own refusals (malformed JSON, wrong content type, body too large) are safe to show.
    return { status: statusCode, body: { message: error.message, code: (error as FastifyError).code ?? 'BAD_REQUEST' } };
  }
  return { status: 500, body: { message: MSG.server.internal, code: 'INTERNAL' } };
}

/** The API's answer to a path it does not have (and to a write sent to a page's path). */
export function sendApiNotFound(reply: FastifyReply) {
  return reply.code(404).send({ message: MSG.server.notFoundApi, code: 'NOT_FOUND' } satisfies ErrorBody);
}
