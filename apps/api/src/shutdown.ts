// How the process ends on SIGTERM or SIGINT: stop the workers, stop taking requests and let those in
// flight finish, then close the database pool, each waiting for the one before. Any of these can wait
// without end (a request stuck on a lock, a pool that still counts a connection as checked out), and
// a supervisor that sent SIGTERM should not have to follow it with SIGKILL: past the bound the
// process ends anyway (docs/decisions/0019-bounded-waits-on-the-database.md).
import { within } from './lib/within.ts';

export interface ShutdownStep {
  name: string;
  run: () => Promise<unknown>;
}

/**
 * Runs the steps in order within `limitMs` in all. True when every step finished in time; false when
 * one failed or the bound came first (the steps still running are left behind: the caller exits).
 */
export async function shutDownWithin(
  limitMs: number,
  steps: ShutdownStep[],
  log: (msg: string, err?: unknown) => void,
): Promise<boolean> {
  let failed = false;
  const all = (async () => {
    for (const step of steps) {
      try {
        await step.run();
      } catch (err) {
        failed = true;
        log(`Shutdown: ${step.name} failed`, err);
      }
    }
  })();
  const done = await within(limitMs, all);
  if (!done.settled) log(`Shutdown: not finished within ${limitMs} ms; the process ends anyway`);
  return done.settled && !failed;
}
