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

/** A pool as the API makes it, under an application name of its own so its connections can be counted. */
function sharingPool(sharedConnections = 2, connectionTimeoutMillis = 5_000) {
  const applicationName = `sharing_${crypto.randomUUID().slice(0, 8)}`;
  const pool = new SharingPool({
    connectionString: process.env.DATABASE_URL,
    max: 3,
    sharedConnections,
    pipeline: true,
    idleTimeoutMillis: 0,
    connectionTimeoutMillis,
    application_name: applicationName,
  });
  const errors: Error[] = [];
  pool.on('error', (error) => errors.push(error));
  pools.push(pool);
  return { pool, applicationName, errors };
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
  it('runs 60 statements of fixed text at once on its shared connections, each with its own answer', async () => {
    const { pool } = sharingPool(2);
    const answers = await Promise.all(Array.from({ length: 60 }, (_, n) => pidOf(pool, n)));
    expect(answers.map((a) => a.n)).toEqual(Array.from({ length: 60 }, (_, n) => n));
    expect(new Set(answers.map((a) => a.pid)).size).toBeLessThanOrEqual(2);
  });

  it('keeps a connection of its own for a transaction and for an unnamed statement', async () => {
    const { pool } = sharingPool(1);
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
    const { pool } = sharingPool(1);
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
    const { pool } = sharingPool(1);
    const first = (await pidOf(pool)).pid;
    const slow = pool.query({ name: 'sharing_test_sleep', text: 'select pg_sleep($1::float8)' }, [5]);
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query('select pg_terminate_backend($1)', [first]);
    await admin.end();
    await expect(slow).rejects.toThrow();
    const next = await pidOf(pool, 1);
    expect(next.n).toBe(1);
    expect(next.pid).not.toBe(first);
  });

  it('sends nothing more behind a statement unanswered for longer than it waits for a connection', async () => {
    const { pool } = sharingPool(1, 300);
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

  it('closes its shared connections when it ends', async () => {
    const { pool, applicationName } = sharingPool(2);
    await Promise.all(Array.from({ length: 10 }, (_, n) => pidOf(pool, n)));
    expect(await connectionsNamed(applicationName)).toBeGreaterThan(0);
    await pools.splice(pools.indexOf(pool), 1)[0]!.end();
    expect(await connectionsNamed(applicationName)).toBe(0);
    await expect(pidOf(pool)).rejects.toThrow();
  });
});
