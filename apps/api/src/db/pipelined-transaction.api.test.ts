// A pipelined transaction is a transaction: what its work wrote commits together or not at all, also
// when the last statement fails with COMMIT already behind it; and on PostgreSQL BEGIN and COMMIT
// leave in the writes of the first and last statements.

import net from 'node:net';
import { sql } from 'drizzle-orm';
import { integer, pgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../test/database.ts';
import type { Database, DbOrTx, Tx } from './client.ts';
import { fixedStatement } from './fixed-statement.ts';
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
// The API's statements of fixed text go to node-postgres with a callback, as this one does.
const pipelinedRows = pgTable('pipelined_rows', { id: integer('id').primaryKey() });
const insertRow = fixedStatement('test', (db: DbOrTx, v: { row: { id: unknown } }) =>
  db
    .insert(pipelinedRows)
    .values(v.row as { id: number })
    .returning(),
);
const insertFixed = (db: DbOrTx, id: unknown) => insertRow(db, 'row', { row: { id } });

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
  /**
   * What was written to the database's sockets while `run` ran, one string per write to the kernel (a
   * corked batch is one): Node's socket hands each to `_write`, or several at once to `_writev`.
   */
  async function writesDuring(run: () => Promise<unknown>) {
    const writes: string[] = [];
    const text = (chunk: unknown) => (Buffer.isBuffer(chunk) ? chunk.toString('latin1') : String(chunk));
    const socket = net.Socket.prototype as unknown as Record<'_write' | '_writev', (...a: unknown[]) => unknown>;
    const write = socket._write;
    const writev = socket._writev;
    const spies = [
      vi.spyOn(socket, '_write').mockImplementation(function (this: unknown, chunk: unknown, ...rest: unknown[]) {
        writes.push(text(chunk));
        return write.call(this, chunk, ...rest);
      }),
      vi.spyOn(socket, '_writev').mockImplementation(function (this: unknown, chunks: unknown, ...rest: unknown[]) {
        writes.push((chunks as { chunk: unknown }[]).map((c) => text(c.chunk)).join(''));
        return writev.call(this, chunks, ...rest);
      }),
    ];
    try {
      await run().catch(() => {});
      return [...writes];
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  }
  /** The order the words appear in one write. */
  const order = (write: string | undefined, ...words: string[]) =>
    words.map((w) => write?.indexOf(w) ?? -1).every((at, k, all) => at >= 0 && (k === 0 || at > all[k - 1]!));

  it('sends BEGIN with the first statement and COMMIT behind the last: two writes for two statements', async () => {
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
    expect(pipelined).toHaveLength(2);
    expect(order(pipelined[0], 'begin', 'insert into pipelined_rows')).toBe(true);
    expect(order(pipelined[1], 'insert into pipelined_rows', 'commit')).toBe(true);
    expect(drizzles).toHaveLength(4);
    expect(await ids()).toEqual([1, 2, 3, 4]);
  });

  it('refuses statements after commitWithLast, a second commitWithLast and one inside a savepoint, and writes nothing then', async () => {
    const attempts: ((tx: DbOrTx) => Promise<unknown>)[] = [
      async (tx) => {
        await commitWithLast(tx, () => insert(tx, 1));
        await insert(tx, 2);
      },
      async (tx) => {
        const first = commitWithLast(tx, () => insert(tx, 3));
        first.catch(() => {});
        await commitWithLast(tx, () => insert(tx, 4));
      },
      (tx) => (tx as Tx).transaction((inner) => commitWithLast(inner, () => insert(inner, 1))),
    ];
    for (const attempt of attempts) {
      await expect(pipelinedTransaction(database.db, attempt)).rejects.toThrow();
    }
    // The first two committed their last statement (1, 3) with COMMIT; the refused ones wrote nothing.
    expect(await ids()).toEqual([1, 3]);
    await database.query('delete from pipelined_rows');
    await pipelinedTransaction(database.db, (tx) => commitWithLast(tx, () => insert(tx, 5)));
    expect(await ids()).toEqual([5]);
  });

  it('reports a COMMIT that the database answered with ROLLBACK as a failure', async () => {
    const swallowed = pipelinedTransaction(database.db, async (tx) => {
      await insert(tx, 1);
      await insert(tx, 1).catch(() => 'ignored');
      return 'looks fine';
    });
    await expect(swallowed).rejects.toThrow('rolled back');
    expect(await ids()).toEqual([]);
  });

  it('holds COMMIT back when the driver refused the last statement before sending it, so the transaction rolls back', async () => {
    const unbindable = {
      toPostgres: () => {
        throw new Error('cannot bind this value');
      },
    };
    const failing = pipelinedTransaction(database.db, async (tx) => {
      await insert(tx, 1);
      await commitWithLast(tx, () => insertFixed(tx, unbindable));
    });
    // Drizzle reports the driver's error as the cause of its own.
    await expect(failing).rejects.toHaveProperty('cause.message', 'cannot bind this value');
    expect(await ids()).toEqual([]);
    await pipelinedTransaction(database.db, (tx) => commitWithLast(tx, () => insertFixed(tx, 7)));
    expect(await ids()).toEqual([7]);
  });
});
