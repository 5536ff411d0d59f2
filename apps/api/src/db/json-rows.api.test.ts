// Rows sent as one JSON parameter are the rows Drizzle's multi-row VALUES would write, on PGlite and on
// PostgreSQL: defaults where a row leaves a column out, nulls kept, JSON and text kept byte for byte,
// instants kept to the millisecond; and the statement falls back to VALUES where JSON cannot say it.
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.ts';
import { createMerchant } from '../../test/factories/merchants.ts';
import type { Database } from './client.ts';
import { insertRows, jsonRecords } from './json-rows.ts';
import { checkoutSessions } from './schema.ts';

let database: Database;
let drop: () => Promise<void>;
let merchantId: string;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  merchantId = (await createMerchant(database.db)).id;
});
afterAll(() => drop());

type SessionInsert = typeof checkoutSessions.$inferInsert;
const expiresAt = new Date('2026-12-01T10:11:12.345Z');
/** Two sessions that differ only in their ids, one per way of writing them. */
const sessionPair = (fields: Partial<SessionInsert>): [SessionInsert, SessionInsert] => {
  const base = {
    merchantId,
    kind: 'product' as const,
    amount: 1_999,
    currency: 'EUR',
    buyerId: crypto.randomUUID(),
    expiresAt,
    ...fields,
  };
  return [
    { ...base, id: crypto.randomUUID() },
    { ...base, id: crypto.randomUUID() },
  ];
};
const readBack = async (ids: string[]) =>
  database.db.select().from(checkoutSessions).where(inArray(checkoutSessions.id, ids));
/** A row as a person compares two writes of it: everything but its id and the moment it was written. */
const comparable = ({ id: _id, createdAt, ...rest }: typeof checkoutSessions.$inferSelect) => ({
  ...rest,
  createdAt: createdAt instanceof Date,
});

describe('insertRows', () => {
  it('writes what Drizzle’s VALUES writes: given values, defaults, nulls, JSON and instants', async () => {
    const pairs = [
      sessionPair({
        metadata: { note: 'quote " backslash \\ newline \n emoji 🧾', empty: '' },
        billing: { address: { line1: 'Hauptstraße 1', zip: null }, tags: ['a', 'b'] },
        description: 'Ünïcödé & <b>',
      }),
      sessionPair({ metadata: {}, billing: null, description: null }),
      sessionPair({ metadata: { n: '1' }, billing: null, description: 'third' }),
    ];
    const viaJson = pairs.map(([row]) => row);
    const viaValues = pairs.map(([, row]) => row);
    const statement = insertRows(database.db, checkoutSessions, viaJson);
    expect(statement.toSQL().sql).toContain('json_populate_recordset');

    await statement;
    await database.db.insert(checkoutSessions).values(viaValues);

    const byId = new Map((await readBack([...viaJson, ...viaValues].map((r) => r.id!))).map((r) => [r.id, r]));
    for (const [json, values] of pairs) {
      const written = byId.get(json.id!)!;
      expect(comparable(written)).toEqual(comparable(byId.get(values.id!)!));
      // The schema's defaults, as the table gives them to a row that leaves them out.
      expect(written).toMatchObject({ quantity: 1, country: 'US', status: 'open', buyerReferenceTrusted: false });
      expect(written.expiresAt.toISOString()).toBe(expiresAt.toISOString());
    }
    // As PostgreSQL holds them (the driver's JSON decoding would hide a JSON text stored as a string).
    const stored = await database.query<{ id: string; metadata: string; billing: string | null }>(
      'select id, jsonb_typeof(metadata) as metadata, jsonb_typeof(billing) as billing from checkout_sessions where id = any($1::uuid[])',
      [viaJson.map((row) => row.id)],
    );
    const kinds = new Map(stored.map((row) => [row.id, [row.metadata, row.billing]]));
    expect(viaJson.map((row) => kinds.get(row.id!))).toEqual([
      ['object', 'object'],
      ['object', null],
      ['object', null],
    ]);
  });

  it('returns the rows written and skips the ones a unique index refuses', async () => {
    const [first, second] = sessionPair({ description: 'returned' });
    await database.db.insert(checkoutSessions).values(first);
    const rows = await insertRows(database.db, checkoutSessions, [first, second])
      .onConflictDoNothing()
      .returning({ id: checkoutSessions.id, description: checkoutSessions.description });
    expect(rows).toEqual([{ id: second.id, description: 'returned' }]);
  });

  it('falls back to VALUES for a value JSON would change (NaN)', () => {
    const [row] = sessionPair({});
    const statement = insertRows(database.db, checkoutSessions, [{ ...row, amount: Number.NaN }]);
    expect(statement.toSQL().sql).not.toContain('json_populate_recordset');
  });

  it('falls back to VALUES when some rows give a defaulted column and others leave it out', async () => {
    const [given, left] = sessionPair({});
    const rows = [
      { ...given, quantity: 3 },
      { ...left, quantity: undefined },
    ];
    const statement = insertRows(database.db, checkoutSessions, rows);
    expect(statement.toSQL().sql).not.toContain('json_populate_recordset');
    await statement;
    const written = new Map((await readBack([given.id!, left.id!])).map((r) => [r.id, r.quantity]));
    expect(written.get(given.id!)).toBe(3);
    expect(written.get(left.id!)).toBe(1);
  });
});

describe('jsonRecords', () => {
  it('updates each row from its own record, texts and nulls as given', async () => {
    const [a, b] = sessionPair({ description: 'before' });
    await database.db.insert(checkoutSessions).values([a, b]);
    const given = jsonRecords('given', 'id uuid, description text', [
      { id: a.id, description: 'it’s "new"' },
      { id: b.id, description: null },
    ]);
    await database.db
      .update(checkoutSessions)
      .set({ description: sql`given.description` })
      .from(given)
      .where(sql`${checkoutSessions.id} = given.id`);
    const [rowA] = await database.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, a.id!));
    const [rowB] = await database.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, b.id!));
    expect(rowA?.description).toBe('it’s "new"');
    expect(rowB?.description).toBeNull();
  });
});
