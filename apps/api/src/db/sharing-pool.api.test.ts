// The API's pool on PostgreSQL: statements of fixed text (named) from many requests share a few
// pipelined connections and each still gets its own answer — also when a neighbour fails or the
// connection is lost — while transactions and unnamed statements keep connections of their own.
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { SharingPool } from './sharing-pool.ts';

const onPostgres = process.env.KASSA_TEST_DB === 'postgres';

const pools: SharingPool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.end()));
});

/**
 * A pool as the API makes it, its shared connections open, under an application name of its own so its
 * connections can be counted.
 */
async function sharingPool(sharedConnections = 2, timeouts: Partial<pg.PoolConfig> = {}) {
  const applicationName = `sharing_${crypto.randomUUID().slice(0, 8)}`;
  const pool = new SharingPool({
    connectionString: process.env.DATABASE_URL,
    max: 3,
    sharedConnections,
    pipeline: true,
    idleTimeoutMillis: 0,
    connectionTimeoutMillis: 5_000,
    application_name: applicationName,
    ...timeouts,
  });
  const errors: Error[] = [];
  pool.on('error', (error) => errors.push(error));
  pools.push(pool);
  await pool.openShared();
  return { pool, applicationName, errors };
}

/** A table of this test's own, dropped after it. */
async function scratchTable(definition: string) {
  const name = `sharing_${crypto.randomUUID().slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`create table ${name} (${definition})`);
  return {
    name,
    admin,
    drop: async () => {
      await admin.query(`drop table if exists ${name}`);
      await admin.end();
    },
  };
}

const backendPid = { name: 'sharing_test_pid', text: 'select pg_backend_pid() as pid, $1::int as n' };
const pidOf = async (pool: pg.Pool, n = 0) => {
  const { rows } = await pool.query<{ pid: number; n: number }>(backendPid, [n]);
  return rows[0]!;
};

async function connectionsNamed(applicationName: string) {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ count: string }>(
      'select count(*) from pg_stat_activity where application_name = $1',
      [applicationName],
    );
    return Number(rows[0]!.count);
  } finally {
    await admin.end();
  }
}

describe.skipIf(!onPostgres)('the API’s pool', () => {
  it('counts its shared connections and the statements unanswered on them, for the metrics', async () => {
    const { pool } = await sharingPool(2);
    expect(pool.sharedUse()).toEqual({ open: 2, unanswered: 0 });
    const sleep = { name: 'sharing_test_sleep', text: 'select pg_sleep($1::float8 / 1000), $2::int as n' };
    const running = Array.from({ length: 5 }, (_, n) => pool.query(sleep, [150, n]));
    expect(pool.sharedUse()).toEqual({ open: 2, unanswered: 5 });
    await Promise.all(running);
    expect(pool.sharedUse()).toEqual({ open: 2, unanswered: 0 });
  });

  it('runs 60 statements of fixed text at once on its shared connections, each with its own answer', async () => {
    const { pool } = await sharingPool(2);
    const answers = await Promise.all(Array.from({ length: 60 }, (_, n) => pidOf(pool, n)));
    expect(answers.map((a) => a.n)).toEqual(Array.from({ length: 60 }, (_, n) => n));
    expect(new Set(answers.map((a) => a.pid)).size).toBeLessThanOrEqual(2);
  });

  it('keeps a connection of its own for a transaction and for an unnamed statement', async () => {
    const { pool } = await sharingPool(1);
    const shared = (await pidOf(pool)).pid;
    const client = await pool.connect();
    try {
      await client.query('begin');
      const inTransaction = (await client.query('select pg_backend_pid() as pid')).rows[0]!.pid;
      // A statement of fixed text from another request goes on meanwhile; the transaction's connection is not shared.
      expect((await pidOf(pool)).pid).toBe(shared);
      expect(inTransaction).not.toBe(shared);
      await client.query('commit');
    } finally {
      client.release();
    }
    const unnamed = (await pool.query('select pg_backend_pid() as pid')).rows[0]!.pid;
    expect(unnamed).not.toBe(shared);
  });

  it('fails only the statement that fails: its neighbours on the connection are answered', async () => {
    const { pool } = await sharingPool(1);
    const divide = { name: 'sharing_test_divide', text: 'select 10 / $1::int as q' };
    const results = await Promise.allSettled(
      [2, 0, 5].map((d) => pool.query(divide, [d]) as Promise<pg.QueryResult<{ q: number }>>),
    );
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value.rows[0]!.q : r.reason.message))).toEqual([
      5,
      'division by zero',
      2,
    ]);
    expect((await pidOf(pool, 7)).n).toBe(7);
  });

  it('fails the unanswered statements of a lost connection and opens another for the next ones', async () => {
    const { pool } = await sharingPool(1);
    const first = (await pidOf(pool)).pid;
    const slow = pool.query({ name: 'sharing_test_sleep', text: 'select pg_sleep($1::float8)' }, [5]).then(
      () => 'answered',
      (error: Error) => error,
    );
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query('select pg_terminate_backend($1)', [first]);
    await admin.end();
    expect(await slow).toBeInstanceOf(Error);
    const next = await pidOf(pool, 1);
    expect(next.n).toBe(1);
    expect(next.pid).not.toBe(first);
  });

  it('sends nothing more behind a statement unanswered for longer than it waits for a connection', async () => {
    const { pool } = await sharingPool(1, { connectionTimeoutMillis: 300 });
    const stuckPid = (await pidOf(pool)).pid;
    const stuck = pool.query({ name: 'sharing_test_sleep', text: 'select pg_sleep($1::float8)' }, [1.5]);
    // Soon after, a statement still queues behind it on the shared connection…
    const behind = pidOf(pool, 1);
    await new Promise((resolve) => setTimeout(resolve, 400));
    // …later ones take the pool's own connections and are answered without waiting for it.
    const started = performance.now();
    const around = await pidOf(pool, 2);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(around.pid).not.toBe(stuckPid);
    expect(await behind).toEqual({ pid: stuckPid, n: 1 });
    await stuck;
  });

  it('fails only a value the driver refuses: the statements beside it and after it are answered', async () => {
    const { pool } = await sharingPool(1);
    const refused = pool.query(backendPid, [{ amount: 1n }]);
    const beside = Array.from({ length: 3 }, (_, n) => pidOf(pool, n));
    await expect(refused).rejects.toThrow(/BigInt/);
    expect((await Promise.all(beside)).map((a) => a.n)).toEqual([0, 1, 2]);
    expect((await pidOf(pool, 7)).n).toBe(7);
  });

  it('runs again a statement whose first use failed to parse ahead of it: nothing of it had run', async () => {
    const table = await scratchTable('id int');
    try {
      const { pool } = await sharingPool(1, { statement_timeout: 300 });
      // A migration holds the table: the first use's Parse waits past statement_timeout and fails.
      await table.admin.query('begin');
      await table.admin.query(`lock table ${table.name} in access exclusive mode`);
      const count = {
        name: 'sharing_test_count',
        text: `select count(*)::int as n from ${table.name} where $1::int > 0`,
      };
      const first = pool.query(count, [1]).then(
        () => 'answered',
        (error: { code?: string }) => error.code,
      );
      const second = pool.query(count, [2]);
      setTimeout(() => table.admin.query('commit'), 450);
      expect(await first).toBe('57014');
      expect((await second).rows).toEqual([{ n: 0 }]);
    } finally {
      await table.drop();
    }
  });

  it('keeps a connection whose statements queue behind one waiting on a lock: the driver waits for those ahead', async () => {
    const table = await scratchTable('id int primary key, n int');
    try {
      await table.admin.query(`insert into ${table.name} values (1, 0)`);
      // As client.ts sets them: the driver's timeout a margin past the server's.
      const { pool } = await sharingPool(1, { statement_timeout: 1_000, query_timeout: 1_500 });
      await table.admin.query('begin');
      await table.admin.query(`select * from ${table.name} where id = 1 for update`);
      const bump = { name: 'sharing_test_bump', text: `update ${table.name} set n = n + $1 where id = 1 returning n` };
      const bumps = [pool.query(bump, [1]), pool.query(bump, [1])].map((waiting) =>
        waiting.then(
          () => 'answered',
          (error: { code?: string }) => error.code,
        ),
      );
      const read = pidOf(pool, 5);
      expect(await Promise.all(bumps)).toEqual(['57014', '57014']);
      // Answered on the same connection, not destroyed by the driver's timeout under it.
      expect((await read).n).toBe(5);
      await table.admin.query('commit');
    } finally {
      await table.drop();
    }
  });

  it('closes its shared connections when it ends', async () => {
    const { pool, applicationName } = await sharingPool(2);
    await Promise.all(Array.from({ length: 10 }, (_, n) => pidOf(pool, n)));
    expect(await connectionsNamed(applicationName)).toBeGreaterThan(0);
    await pools.splice(pools.indexOf(pool), 1)[0]!.end();
    expect(await connectionsNamed(applicationName)).toBe(0);
    await expect(pidOf(pool)).rejects.toThrow();
  });
});
