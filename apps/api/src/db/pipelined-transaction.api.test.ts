// A pipelined transaction is a transaction: what its work wrote commits together or not at all, also
// when the last statement fails with COMMIT already behind it; and on PostgreSQL BEGIN and COMMIT
// leave in the writes of the first and last statements.
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../test/database.ts';
import type { Database, DbOrTx } from './client.ts';
import { violatesUnique } from './pg-errors.ts';
import { commitWithLast, pipelinedTransaction } from './pipelined-transaction.ts';

const onPostgres = process.env.KASSA_TEST_DB === 'postgres';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  await database.query('create table pipelined_rows (id int primary key)');
});
afterAll(() => drop());
beforeEach(() => database.query('delete from pipelined_rows'));

const ids = async () =>
  (await database.query<{ id: number }>('select id from pipelined_rows order by id')).map((r) => r.id);
// `.then` starts Drizzle's lazy query now, as a statement of the API's repositories is started.
const insert = (db: DbOrTx, id: number) => db.execute(sql`insert into pipelined_rows (id) values (${id})`).then();

describe('a pipelined transaction', () => {
  it('commits what its work wrote and returns what the work returned', async () => {
    const out = await pipelinedTransaction(database.db, async (tx) => {
      await insert(tx, 1);
      await commitWithLast(tx, () => insert(tx, 2));
      return 'done';
    });
    expect(out).toBe('done');
    expect(await ids()).toEqual([1, 2]);
  });

  it('writes nothing when its work throws, and the error is the work’s', async () => {
    const failing = pipelinedTransaction(database.db, async (tx) => {
      await insert(tx, 1);
      throw new Error('checkout expired');
    });
    await expect(failing).rejects.toThrow('checkout expired');
    expect(await ids()).toEqual([]);
  });

  it('rolls everything back when the last statement fails with COMMIT behind it, and the next transaction runs', async () => {
    for (let round = 0; round < 3; round += 1) {
      const failing = pipelinedTransaction(database.db, async (tx) => {
        await insert(tx, 1);
        await insert(tx, 2);
        await commitWithLast(tx, () => insert(tx, 1));
      });
      const error = await failing.catch((e: unknown) => e);
      expect(violatesUnique(error, 'pipelined_rows_pkey')).toBe(true);
      expect(await ids()).toEqual([]);
    }
    await pipelinedTransaction(database.db, (tx) => commitWithLast(tx, () => insert(tx, 3)));
    expect(await ids()).toEqual([3]);
  });

  it('holds COMMIT back when the last statement did not go out at once: the transaction can still roll back', async () => {
    const failing = pipelinedTransaction(database.db, async (tx) => {
      await insert(tx, 1);
      // Drizzle's query is lazy until awaited: COMMIT must not overtake it.
      await commitWithLast(tx, () => tx.execute(sql`insert into pipelined_rows (id) values (2)`) as never);
      await insert(tx, 3);
      throw new Error('declined after all');
    });
    await expect(failing).rejects.toThrow('declined after all');
    expect(await ids()).toEqual([]);
    await pipelinedTransaction(database.db, async (tx) => {
      await commitWithLast(tx, () => tx.execute(sql`insert into pipelined_rows (id) values (4)`) as never);
    });
    expect(await ids()).toEqual([4]);
  });

  it('keeps 20 transactions at once apart: each commits its own rows or, on a clash, none', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        pipelinedTransaction(database.db, async (tx) => {
          await insert(tx, 100 + i);
          // Every even one clashes with its neighbour on the last statement.
          await commitWithLast(tx, () => insert(tx, 200 + (i - (i % 2))));
        }),
      ),
    );
    const rows = await ids();
    results.forEach((result, i) => {
      expect(rows.includes(100 + i)).toBe(result.status === 'fulfilled');
    });
    expect(rows.filter((id) => id >= 200)).toEqual(Array.from({ length: 10 }, (_, k) => 200 + 2 * k));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
  });
});

describe.runIf(onPostgres)('on PostgreSQL', () => {
  /** Writes to the connection's socket while `run` runs (a corked batch of messages is one write). */
  async function writesDuring(run: () => Promise<unknown>) {
    const pool = (database.db as unknown as { _: { session: { client: pg.Pool } } })._.session.client;
    let writes = 0;
    const connect = pool.connect.bind(pool);
    const spy = vi.spyOn(pool, 'connect').mockImplementation((async () => {
      const client = await connect();
      const stream = (client as unknown as { connection: { stream: Record<string, (...a: unknown[]) => unknown> } })
        .connection.stream;
      for (const name of ['_write', '_writev']) {
        const original = stream[name]!;
        stream[name] = function (this: unknown, ...args: unknown[]) {
          writes += 1;
          return original.apply(this, args);
        };
      }
      return client;
    }) as never);
    try {
      await run();
      return writes;
    } finally {
      spy.mockRestore();
    }
  }

  it('sends BEGIN with the first statement and COMMIT with the last: two writes for two statements', async () => {
    const pipelined = await writesDuring(() =>
      pipelinedTransaction(database.db, async (tx) => {
        await insert(tx, 1);
        await commitWithLast(tx, () => insert(tx, 2));
      }),
    );
    // Drizzle's own transaction waits for each answer: BEGIN, two statements, COMMIT.
    const drizzles = await writesDuring(() =>
      database.db.transaction(async (tx) => {
        await insert(tx, 3);
        await insert(tx, 4);
      }),
    );
    expect(pipelined).toBe(2);
    expect(drizzles).toBe(4);
    expect(await ids()).toEqual([1, 2, 3, 4]);
  });
});
