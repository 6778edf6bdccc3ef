/**
 * A database that cannot be opened at start-up is a configuration problem for a person to fix: say
 * which database and why in one line, never a stack trace (and never the password).
 */
/** Why connecting failed, in words, from the driver's error code. */
const REASONS: Record<string, string> = {
  ECONNREFUSED: 'nothing is listening there (is PostgreSQL running?)',
  ENOTFOUND: 'the host name does not resolve',
  EAI_AGAIN: 'the host name could not be looked up',
  ETIMEDOUT: 'the connection timed out',
  EHOSTUNREACH: 'the host cannot be reached',
  '3D000': 'the database does not exist',
  '28000': 'the role does not exist or may not connect',
  '28P01': 'the password was refused',
  '57P03': 'the server is starting up or shutting down',
};

export function describeDatabaseError(error: unknown, databaseUrl: string | null): string {
  const where = databaseUrl ? `PostgreSQL at ${redactedLocation(databaseUrl)} (DATABASE_URL)` : 'the embedded database (DATA_DIR)';
  const code = codesOf(error).find((candidate) => REASONS[candidate]);
  const reason = code ? REASONS[code] : firstLine(error);
  return `Cannot open ${where}: ${reason}`;
}

/** The error's code and its causes' (drizzle wraps the driver's error). */
function codesOf(error: unknown): string[] {
  const codes: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string') codes.push(code);
    current = cause;
  }
  return codes;
}

function redactedLocation(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    return `${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`;
  } catch {
    return 'the configured address';
  }
}

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  // A driver message can quote the connection string: never print a password.
  return (message.split('\n', 1)[0] ?? '').replace(/\/\/[^@/\s]*@/g, '//') || 'unknown error';
}
