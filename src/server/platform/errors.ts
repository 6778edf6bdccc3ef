/**
 * The one place where failures become HTTP answers. Domain code throws AppError with a code; the
 * error handler in app.ts maps the code to a status and the body shape of src/core/api.ts.
 */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  /** Issue 34, item 5: a dangerous action needs a recent second-factor check; the body says `stepUp: true`. */
  STEP_UP_REQUIRED: 401,
  FORBIDDEN: 403,
  CSRF: 403,
  /** Issue 34, item 4: a staff account without a second factor reaches only enrolment. */
  SECOND_FACTOR_REQUIRED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  /** Issue 37, item 2: the database cannot be reached; the answer says when to try again (Retry-After). */
  DATABASE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Extra fields merged into the JSON body (e.g. needsVerification). */
    readonly extra?: Record<string, unknown>,
    /** Response headers that belong to the refusal (e.g. Retry-After). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export function notFound(what: string): AppError {
  return new AppError('NOT_FOUND', `${what} not found`);
}
