// A fixed statement sends what Drizzle would send and returns what Drizzle would return, on PGlite and
// on PostgreSQL, in or out of a transaction: nulls stay SQL NULL, an undefined value takes the
// column's default, a Date compares as its instant, a left join's missing side maps to null.
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../test/database.ts';
import { createMerchant } from '../../test/factories/merchants.ts';
import type { Database, DbOrTx } from './client.ts';
import { fixedStatement } from './fixed-statement.ts';
import { nodePgPoolOf } from './node-pg-database.ts';
import { violatesUnique } from './pg-errors.ts';
import { auditLog, idempotencyKeys, merchants, providerConnections } from './schema.ts';

const pgTypes = pg.types;

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(() => drop());

type Entry = {
  id: string;
  action: string;
  merchantId: string | null;
  data?: Record<string, unknown> | null;
  createdAt?: Date;
};
const built = vi.fn();
const insertEntry = fixedStatement('test', (db: DbOrTx, v: { entry: Entry }) => {
  built();
  return db
    .insert(auditLog)
    .values({ entityType: 'test', entityId: null, ...v.entry })
    .returning();
});
const dataOf = async (id: string) =>
  (
    await database.query<{ data: unknown; is_null: boolean }>(
      'select data, data is null as is_null from audit_log where id = $1',
      [id],
    )
  )[0];

describe('fixedStatement', () => {
  it('builds the text once per shape and binds each run its own values', async () => {
    built.mockClear();
    const merchant = await createMerchant(database.db);
    const first = crypto.randomUUID();
    const second = crypto.randomUUID();
    await insertEntry(database.db, 'plain', {
      entry: { id: first, action: 'a.one', merchantId: merchant.id, data: { n: 1 } },
    });
    await insertEntry(database.db, 'plain', {
      entry: { id: second, action: 'a.two', merchantId: merchant.id, data: { n: 2 } },
    });
    expect(built).toHaveBeenCalledTimes(1);
    const rows = await database.db.select().from(auditLog).where(eq(auditLog.entityType, 'test'));
    expect(rows.map((r) => [r.id, r.action, r.merchantId, r.data]).sort()).toEqual(
      [
        [first, 'a.one', merchant.id, { n: 1 }],
        [second, 'a.two', merchant.id, { n: 2 }],
      ].sort(),
    );
    // Another set of fields, or a field null instead of given, is another text.
    await insertEntry(database.db, 'plain', {
      entry: { id: crypto.randomUUID(), action: 'a.three', merchantId: null },
    });
    expect(built).toHaveBeenCalledTimes(2);
  });

  it('keeps a null JSON value SQL NULL and takes the default for an undefined one', async () => {
    const nulled = crypto.randomUUID();
    const absent = crypto.randomUUID();
    await insertEntry(database.db, 'plain', { entry: { id: nulled, action: 'b', merchantId: null, data: null } });
    await insertEntry(database.db, 'plain', { entry: { id: absent, action: 'b', merchantId: null, data: undefined } });
    expect(await dataOf(nulled)).toEqual({ data: null, is_null: true });
    expect(await dataOf(absent)).toEqual({ data: null, is_null: true });
  });

  it('returns rows mapped as Drizzle maps them, a missing left-joined row as null', async () => {
    const merchant = await createMerchant(database.db);
    const standing = fixedStatement('test', (db: DbOrTx, v: { merchant: { id: string } }) =>
      db
        .select({ name: merchants.name, createdAt: merchants.createdAt, connection: providerConnections })
        .from(merchants)
        .leftJoin(providerConnections, eq(providerConnections.merchantId, merchants.id))
        .where(eq(merchants.id, v.merchant.id)),
    );
    const [row] = await standing(database.db, 'by id', { merchant: { id: merchant.id } });
    expect(row).toEqual({ name: merchant.name, createdAt: merchant.createdAt, connection: null });
    expect(row!.createdAt).toBeInstanceOf(Date);
  });

  it('compares a Date outside a column value as its instant, inside a transaction that rolls back', async () => {
    const ref = { scope: 'test', endpoint: 'fixed', key: crypto.randomUUID() };
    const now = new Date('2026-11-25T12:00:00.000Z');
    await database.db.insert(idempotencyKeys).values({ ...ref, requestHash: 'h', state: 'done', expiresAt: now });
    const dueBy = fixedStatement('test', (db: DbOrTx, v: { ref: typeof ref; at: { now: Date } }) =>
      db
        .select({ key: idempotencyKeys.key })
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.key, v.ref.key), lte(idempotencyKeys.expiresAt, v.at.now))),
    );
    const before = new Date(now.getTime() - 1);
    expect(await dueBy(database.db, 'due', { ref, at: { now: before } })).toEqual([]);
    expect(await dueBy(database.db, 'due', { ref, at: { now } })).toEqual([{ key: ref.key }]);

    const rolledBack = crypto.randomUUID();
    await expect(
      database.db.transaction(async (tx) => {
        await insertEntry(tx, 'plain', { entry: { id: rolledBack, action: 'c', merchantId: null, data: null } });
        expect(await tx.select().from(auditLog).where(eq(auditLog.id, rolledBack))).toHaveLength(1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await dataOf(rolledBack)).toBeUndefined();
  });

  it("reads every column of a row as Drizzle's own select does, and a refused statement fails with the server's error", async () => {
    const merchant = await createMerchant(database.db);
    const wholeMerchant = fixedStatement('test', (db: DbOrTx, v: { merchant: { id: string } }) =>
      db.select().from(merchants).where(eq(merchants.id, v.merchant.id)),
    );
    const expected = await database.db.select().from(merchants).where(eq(merchants.id, merchant.id));
    // Twice: the second run binds the statement prepared by the first.
    for (let i = 0; i < 2; i += 1) {
      expect(await wholeMerchant(database.db, 'by id', { merchant: { id: merchant.id } })).toEqual(expected);
    }
    const id = crypto.randomUUID();
    await insertEntry(database.db, 'plain', { entry: { id, action: 'd', merchantId: null, data: { n: [1, 'x'] } } });
    const again = insertEntry(database.db, 'plain', { entry: { id, action: 'd', merchantId: null, data: null } });
    await expect(again).rejects.toSatisfy((error) => violatesUnique(error, 'audit_log_pkey'));
    await expect(
      database.db.transaction((tx) =>
        insertEntry(tx, 'plain', { entry: { id, action: 'd', merchantId: null, data: null } }),
      ),
    ).rejects.toSatisfy((error) => violatesUnique(error, 'audit_log_pkey'));
    // The connections that answered with the error serve the next statement.
    const rows = await Promise.all(
      Array.from({ length: 12 }, () => wholeMerchant(database.db, 'by id', { merchant: { id: merchant.id } })),
    );
    expect(rows).toEqual(Array.from({ length: 12 }, () => expected));
    if (database.kind === 'postgres') {
      // Every connection went back to the pool, the ones that carried the error included.
      const pool = nodePgPoolOf(database.db)!;
      expect(pool.waitingCount).toBe(0);
      expect(pool.idleCount).toBe(pool.totalCount);
    }
    expect(await dataOf(id)).toEqual({ data: { n: [1, 'x'] }, is_null: false });
  });

  it('keeps each set of given fields to its own text when calls of one shape alternate between them', async () => {
    built.mockClear();
    // Given, the time is the one written; left out, the column's default (now): a call sent with the
    // other text would write NULL (refused: the column is NOT NULL) or now instead.
    const at = new Date('2026-01-02T03:04:05.000Z');
    const ids = Array.from({ length: 6 }, () => crypto.randomUUID());
    const started = Date.now();
    for (const [i, id] of ids.entries()) {
      const entry = { id, action: `e.${i}`, merchantId: null, createdAt: i % 2 === 0 ? at : undefined };
      await insertEntry(database.db, 'alternating', { entry });
    }
    expect(built).toHaveBeenCalledTimes(2);
    const rows = await database.db
      .select({ id: auditLog.id, createdAt: auditLog.createdAt })
      .from(auditLog)
      .where(inArray(auditLog.id, ids));
    for (const [i, id] of ids.entries()) {
      const written = rows.find((row) => row.id === id)!.createdAt.getTime();
      if (i % 2 === 0) expect(written).toBe(at.getTime());
      else expect(written).toBeGreaterThanOrEqual(started - 60_000);
    }
  });

  it('maps a joined row that is there, nested selections and a computed value as Drizzle does', async () => {
    const merchant = await createMerchant(database.db);
    await database.db.insert(providerConnections).values({
      merchantId: merchant.id,
      provider: 'sandbox',
      kind: 'payment_service',
      credentials: { note: 'ok' },
    });
    const select = (db: DbOrTx, id: string) =>
      db
        .select({
          merchant: { id: merchants.id, name: merchants.name, createdAt: merchants.createdAt },
          connection: providerConnections,
          connections: sql<number>`count(*) over ()`.mapWith(Number),
        })
        .from(merchants)
        .leftJoin(providerConnections, eq(providerConnections.merchantId, merchants.id))
        .where(eq(merchants.id, id));
    const fixed = fixedStatement('test', (db: DbOrTx, v: { merchant: { id: string } }) => select(db, v.merchant.id));
    const expected = await select(database.db, merchant.id);
    expect(expected[0]!.connection).not.toBeNull();
    expect(expected[0]!.connections).toBe(1);
    expect(await fixed(database.db, 'joined', { merchant: { id: merchant.id } })).toEqual(expected);
  });

  // On PostgreSQL a value node-postgres's parser cannot read fails the statement, and the connection
  // (which has the statement prepared under its name) serves the next one.
  it.runIf(process.env.KASSA_TEST_DB === 'postgres')(
    'fails a statement whose row cannot be parsed, and goes on',
    async () => {
      const merchant = await createMerchant(database.db);
      const MONEY = 790;
      const before = pgTypes.getTypeParser(MONEY, 'text');
      pgTypes.setTypeParser(MONEY, () => {
        throw new Error('unreadable money');
      });
      try {
        const price = fixedStatement('test', (db: DbOrTx, v: { p: { id: string; cents: number } }) =>
          db
            .select({ value: sql<string>`(${v.p.cents}::numeric / 100)::money` })
            .from(merchants)
            .where(eq(merchants.id, v.p.id)),
        );
        const p = { id: merchant.id, cents: 1250 };
        // Drizzle reports the driver's error as the cause of its own.
        await expect(price(database.db, 'money', { p })).rejects.toHaveProperty('cause.message', 'unreadable money');
        await expect(database.db.transaction((tx) => price(tx, 'money', { p }))).rejects.toHaveProperty(
          'cause.message',
          'unreadable money',
        );
      } finally {
        pgTypes.setTypeParser(MONEY, before);
      }
      const name = fixedStatement('test', (db: DbOrTx, v: { m: { id: string } }) =>
        db.select({ name: merchants.name }).from(merchants).where(eq(merchants.id, v.m.id)),
      );
      expect(await name(database.db, 'after', { m: { id: merchant.id } })).toEqual([{ name: merchant.name }]);
    },
  );
});
