// The PostgreSQL pool: how many backends one API process keeps busy at once, that a transaction gives
// its connection back whatever happens to it, and that no statement waits without a bound
// (docs/decisions/0019-bounded-waits-on-the-database.md).
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { adminUrl } from '../../test/pg-url.ts';
import { DEFAULT_POOL_SIZE, openDatabase } from './client.ts';
import { isTransientDatabaseError } from './pg-errors.ts';

const onPostgres = process.env.KASSA_TEST_DB === 'postgres';

/** Backends that served `n` statements sent at once, each holding its connection for 100 ms. */
async function backendsFor(n: number, poolSize?: number): Promise<number> {
  const database = await openDatabase({ url: adminUrl(process.env.DATABASE_URL!), poolSize });
  try {
    const pids = await Promise.all(
      Array.from({ length: n }, () =>
        database.query<{ pid: number }>('select pg_backend_pid() as pid from pg_sleep(0.1)').then((r) => r[0]!.pid),
      ),
    );
    return new Set(pids).size;
  } finally {
    await database.close();
  }
}

describe.runIf(onPostgres)('the PostgreSQL pool', () => {
  it('opens at most DEFAULT_POOL_SIZE connections, however many statements wait', async () => {
    expect(await backendsFor(DEFAULT_POOL_SIZE + 4)).toBe(DEFAULT_POOL_SIZE);
  });

  it('takes its size from the target (DATABASE_POOL_SIZE)', async () => {
    expect(await backendsFor(6, 2)).toBe(2);
    expect(await backendsFor(6, 6)).toBe(6);
  });
});

/** `work`'s answer, or a failure once `ms` have passed: a pool that leaked its connections waits forever. */
function answerWithin<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

describe.runIf(onPostgres)('a transaction whose connection is cut', () => {
  it('gives the connection back to the pool when BEGIN fails, so the next statement runs', async () => {
    const database = await openDatabase({ url: adminUrl(process.env.DATABASE_URL!), poolSize: 1 });
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    try {
      // The connection goes between checkout and BEGIN, as when the database terminates its backend.
      pool.once('acquire', (client) => void client.end());
      await expect(database.db.transaction((tx) => tx.execute(sql`select 1`))).rejects.toThrow();
      // The pool has one connection: had the transaction kept the dead one, this would wait forever.
      expect(await answerWithin(2_000, database.query('select 1 as one'))).toEqual([{ one: 1 }]);
    } finally {
      await answerWithin(2_000, database.close());
    }
  });
});

describe.runIf(onPostgres)('bounded waits on PostgreSQL', () => {
  const url = () => adminUrl(process.env.DATABASE_URL!);

  it('fails a statement that waits longer than connectTimeoutMs for a connection, as unavailable, and serves again once one is free', async () => {
    const database = await openDatabase({ url: url(), poolSize: 1, connectTimeoutMs: 300 });
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    try {
      const held = await pool.connect();
      const started = Date.now();
      const waited = await answerWithin(2_000, database.query('select 1 as one')).catch((e: unknown) => e);
      expect(waited).toBeInstanceOf(Error);
      expect((waited as Error).message).not.toMatch(/no answer within/);
      expect(Date.now() - started).toBeLessThan(1_500);
      // The request gets the 503 of a database that is briefly away (plugins/errors.ts).
      expect(isTransientDatabaseError(waited)).toBe(true);
      held.release();
      expect(await answerWithin(2_000, database.query('select 1 as one'))).toEqual([{ one: 1 }]);
    } finally {
      await answerWithin(2_000, database.close());
    }
  });

  it('cancels a statement that runs longer than statementTimeoutMs, as unavailable', async () => {
    const database = await openDatabase({ url: url(), poolSize: 1, statementTimeoutMs: 200 });
    try {
      const slow = await answerWithin(3_000, database.query('select pg_sleep(5)')).catch((e: unknown) => e);
      expect((slow as Error).message).not.toMatch(/no answer within/);
      expect((slow as { code?: string }).code).toBe('57014');
      expect(isTransientDatabaseError(slow)).toBe(true);
      expect(await answerWithin(2_000, database.query('select 1 as one'))).toEqual([{ one: 1 }]);
    } finally {
      await answerWithin(2_000, database.close());
    }
  });
});
