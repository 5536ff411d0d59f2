// Many API processes may start at the same moment on one PostgreSQL database (a deployment scaled to
// several replicas, a restart of all of them). Each start migrates the database and checks the shared
// settings; done by all at once, two would both create the migrations table or both apply the same
// migration. A session-level advisory lock makes the starts take turns. A second, shared advisory
// lock held for the process's whole life tells a starting process whether others run
// (docs/ARCHITECTURE.md#processes-in-production). PGlite opens in one process only (data-dir-lock.ts).
import type { Database } from './client.ts';

/** pg_advisory_lock keys: arbitrary, fixed, and used for nothing else. */
const START_UP_LOCK = 0x4b41_5353_0001;
const RUNNING_LOCK = 0x4b41_5353_0002;

/**
 * Runs `step` while no other process is in its own start-up step. `alone`: no other process holds
 * the running lock (none is serving). Returns `leave`, which ends this process's running lock;
 * closing the database without it is fine too (the lock ends with its connection).
 */
export async function startUp<T>(
  database: Database,
  step: (alone: boolean) => Promise<T>,
): Promise<{ value: T; leave: () => Promise<void> }> {
  if (!database.session) return { value: await step(true), leave: async () => {} };
  const session = await database.session();
  try {
    await session.query('select pg_advisory_lock($1)', [START_UP_LOCK]);
    const [row] = await session.query<{ alone: boolean }>('select pg_try_advisory_lock($1) as alone', [RUNNING_LOCK]);
    const alone = row?.alone === true;
    const value = await step(alone);
    await session.query('select pg_advisory_lock_shared($1)', [RUNNING_LOCK]);
    if (alone) await session.query('select pg_advisory_unlock($1)', [RUNNING_LOCK]);
    await session.query('select pg_advisory_unlock($1)', [START_UP_LOCK]);
    return { value, leave: () => session.close() };
  } catch (err) {
    // The locks end with the connection.
    await session.close().catch(() => {});
    throw err;
  }
}
