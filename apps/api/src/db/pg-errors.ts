// How Kassa reads PostgreSQL errors: which ones are worth retrying and which constraint refused a write.
// Database failures that say nothing about the request itself: a deadlock or serialisation victim,
// a terminated backend, a dropped or refused connection. Running the same transaction again is
// safe and usually succeeds; anything else is a real error and is not retried.
const TRANSIENT_SQLSTATES = new Set([
  '40001', // serialization_failure
  '40P01', // deadlock_detected
  '55P03', // lock_not_available
  '57014', // query_canceled (statement_timeout, DATABASE_STATEMENT_TIMEOUT_MS)
  '53300', // too_many_connections
  '57P01', // admin_shutdown (pg_terminate_backend, server restart)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (server starting up)
]);
const TRANSIENT_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);
const TRANSIENT_MESSAGES = [
  /Connection terminated/i,
  /Client has encountered a connection error/i,
  /connection timeout/i,
  // No pool connection came within DATABASE_CONNECT_TIMEOUT_MS, or no answer within the driver's query_timeout.
  /timeout exceeded when trying to connect/i,
  /Query read timeout/i,
];

export function isTransientDatabaseError(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth += 1) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (
      typeof code === 'string' &&
      (TRANSIENT_SQLSTATES.has(code) || code.startsWith('08') || TRANSIENT_NODE_CODES.has(code))
    ) {
      return true;
    }
    if (typeof message === 'string' && TRANSIENT_MESSAGES.some((re) => re.test(message))) return true;
    e = (e as { cause?: unknown }).cause; // Drizzle wraps the driver's error as `cause`
  }
  return false;
}

/** Runs `work` again (a few times, with a short jittered pause) while it fails transiently. */
export async function retryTransient<T>(work: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isTransientDatabaseError(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt * (0.5 + Math.random())));
    }
  }
}

/** True when a one-statement write found its row not as expected (kassa_expect, migration 0014). */
export function isExpectationFailure(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth += 1) {
    if ((e as { code?: unknown }).code === 'KA001') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** True when the error (or the driver error Drizzle wrapped) is a violation of the named unique index. */
export function violatesUnique(error: unknown, constraint: string): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth += 1) {
    const pg = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (pg.code === '23505' && (pg.constraint === constraint || String(pg.message).includes(`"${constraint}"`)))
      return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
