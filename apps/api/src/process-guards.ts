// How the API process treats an error no request caught. Every stream and promise a request uses ends
// in that request's reply (CSV export, uploads and static files included), so what arrives here is a
// bug outside any request, and the two kinds are treated differently.
import type { FastifyBaseLogger } from 'fastify';

/**
 * - A rejected promise nobody awaited is logged and serving continues. Such a promise is a side task
 *   whose caller moved on; its failure unwound through promise callbacks, so no synchronous code was
 *   left half-run and no lock or transaction is held by it. Exiting would fail every payment in flight
 *   to report one failed side task, and Node's default (exit) is what this replaces.
 * - An uncaught exception is logged and the process still ends, as Node does by default: it was thrown
 *   out of the middle of some callback, so the state it left is unknown. A supervisor restarts the
 *   process and payments it left `processing` are reconciled at start.
 *
 * Returns the function that removes both listeners.
 */
export function installProcessGuards(log: FastifyBaseLogger): () => void {
  const onRejection = (reason: unknown) => {
    log.error({ err: reason }, 'a promise failed with nothing waiting for it; the process keeps serving');
  };
  // The monitor only observes: Node's own handling (print the stack, exit with code 1) still follows.
  const onException = (err: Error, origin: string) => {
    log.fatal({ err, origin }, 'uncaught exception; the process ends');
  };
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtExceptionMonitor', onException);
  return () => {
    process.off('unhandledRejection', onRejection);
    process.off('uncaughtExceptionMonitor', onException);
  };
}
