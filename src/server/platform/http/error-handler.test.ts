import { describe, expect, it } from 'vitest';
import { MSG } from '#core/messages.js';
import { toErrorResponse } from './error-handler.js';
import { AppError } from '#server/platform/errors.js';

describe('the one error handler', () => {
  it('maps domain errors to their status and message', () => {
    expect(toErrorResponse(new AppError('CONFLICT', 'Taken'))).toEqual({ status: 409, body: { message: 'Taken', code: 'CONFLICT' } });
  });

  it('sheds load with 503 when no database connection frees up in time', () => {
    const driverError = new Error('timeout exceeded when trying to connect');
    const wrapped = new Error('Failed query: select ...', { cause: driverError });
    expect(toErrorResponse(wrapped)).toEqual({ status: 503, body: { message: MSG.server.busy, code: 'UNAVAILABLE' } });
  });

  it('hides the details of anything unexpected', () => {
    expect(toErrorResponse(new Error('relation "secret_table" does not exist'))).toEqual({
      status: 500,
      body: { message: MSG.server.internal, code: 'INTERNAL' },
    });
  });
});
