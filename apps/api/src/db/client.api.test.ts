// The PostgreSQL pool's size: how many backends one API process keeps busy at once.
import { describe, expect, it } from 'vitest';
import { adminUrl } from '../../test/pg-url.ts';
import { DEFAULT_POOL_SIZE, openDatabase } from './client.ts';

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
