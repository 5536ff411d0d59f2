// Work a request starts but does not wait for: its answer must not depend on it, neither in content
// nor in timing (forgot-password must answer alike whether or not an account exists). Failures are
// logged, never thrown at a request that already has its answer. Pending work is awaited on shutdown;
// a crash may lose it, so use this only for work a user can simply ask for again.
import type { FastifyBaseLogger } from 'fastify';

const pending = new Set<Promise<void>>();
let held: Promise<void> | undefined;

/** Runs `work` after the current request's answer is on its way. */
export function runDetached(log: FastifyBaseLogger, what: string, work: () => Promise<void>): void {
  const run = (held ?? Promise.resolve())
    .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
    .then(work)
    .catch((err: unknown) => log.error({ err }, `${what} failed`));
  pending.add(run);
  void run.finally(() => pending.delete(run));
}

/** Resolves once all detached work, including work started meanwhile, has finished. */
export async function settleDetachedWork(): Promise<void> {
  while (pending.size > 0) await Promise.all(pending);
}

/**
 * For tests: detached work started from now on waits until the returned release is called, which
 * proves an answer came back without it.
 */
export function holdDetachedWork(): () => void {
  let release!: () => void;
  held = new Promise<void>((resolve) => {
    release = resolve;
  });
  return () => {
    held = undefined;
    release();
  };
}
