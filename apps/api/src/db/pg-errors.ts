// How Kassa reads PostgreSQL errors: which ones are worth retrying and which constraint refused a write.
// Database failures that say nothing about the request itself: a deadlock or serialisation victim,
// a terminated backend, a dropped or refused connection. Running the same transaction again is
// safe and usually succeeds; anything else is a real error and is not retried.
/** The connection is gone: the server ended the backend or cannot take it, or the socket broke. */
const CONNECTION_LOST_SQLSTATES = new Set([
  '57P01', // admin_shutdown (pg_terminate_backend, server restart)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (server starting up)
]);
const TRANSIENT_SQLSTATES = new Set([
  '40001', // serialization_failure
  '40P01', // deadlock_detected
  '55P03', // lock_not_available
  '57014', // query_canceled (statement_timeout, DATABASE_STATEMENT_TIMEOUT_MS)
  '53300', // too_many_connections
  ...CONNECTION_LOST_SQLSTATES,
]);
const CONNECTION_LOST_NODE_CODES = new Set(['ECONNRESET', 'EPIPE']);
const TRANSIENT_NODE_CODES = new Set(['ECONNREFUSED', 'ETIMEDOUT', ...CONNECTION_LOST_NODE_CODES]);
const CONNECTION_LOST_MESSAGES = [
  /Connection terminated/i,
  /Client has encountered a connection error/i,
  // No answer within the driver's query_timeout: node-postgres closes the connection.
  /Query read timeout/i,
];
const TRANSIENT_MESSAGES = [
  ...CONNECTION_LOST_MESSAGES,
  /connection timeout/i,
  // No pool connection came within DATABASE_CONNECT_TIMEOUT_MS.
  /timeout exceeded when trying to connect/i,
];

/** Whether `error`, or an error it wraps (Drizzle wraps the driver's as `cause`), has such a code or message. */
function isDatabaseError(error: unknown, codes: (code: string) => boolean, messages: RegExp[]): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth += 1) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && codes(code)) return true;
    if (typeof message === 'string' && messages.some((re) => re.test(message))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export const isTransientDatabaseError = (error: unknown) =>
  isDatabaseError(
    error,
    (code) => TRANSIENT_SQLSTATES.has(code) || code.startsWith('08') || TRANSIENT_NODE_CODES.has(code),
    TRANSIENT_MESSAGES,
  );

/** Whether the connection a statement ran on is gone with it (and so is every statement sent after it). */
export const isConnectionLost = (error: unknown) =>
  isDatabaseError(
    error,
    (code) => CONNECTION_LOST_SQLSTATES.has(code) || code.startsWith('08') || CONNECTION_LOST_NODE_CODES.has(code),
    CONNECTION_LOST_MESSAGES,
  );

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
