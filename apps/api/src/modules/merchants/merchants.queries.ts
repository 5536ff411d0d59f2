// Merchant rows: lookups and the writes the back office makes (register, edit, block, hub status,
// remove, allow connections). Nothing here deletes a row: removal is a timestamp.
import { and, count, eq, isNull } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { merchants } from '../../db/schema.ts';

export type MerchantRow = typeof merchants.$inferSelect;
export type MerchantInsert = typeof merchants.$inferInsert;
export type MerchantUpdate = Partial<Omit<MerchantInsert, 'id' | 'createdAt'>>;

/** Any merchant, removed ones included. */
export async function findMerchantRow(db: DbOrTx, id: string): Promise<MerchantRow | undefined> {
  const [row] = await db.select().from(merchants).where(eq(merchants.id, id)).limit(1);
  return row;
}

export async function lockMerchantRow(tx: Tx, id: string): Promise<MerchantRow | undefined> {
  const [row] = await tx.select().from(merchants).where(eq(merchants.id, id)).limit(1).for('update');
  return row;
}

export async function insertMerchant(db: DbOrTx, values: MerchantInsert): Promise<MerchantRow> {
  const [row] = await db.insert(merchants).values(values).returning();
  return row!;
}

export async function updateMerchant(db: DbOrTx, id: string, values: MerchantUpdate): Promise<void> {
  await db.update(merchants).set(values).where(eq(merchants.id, id));
}

export async function countActiveSubMerchants(db: DbOrTx, masterId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(merchants)
    .where(and(eq(merchants.masterMerchantId, masterId), isNull(merchants.removedAt)));
  return row?.n ?? 0;
}
