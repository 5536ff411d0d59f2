import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { prices, products } from '../../db/schema.ts';
import type { ListRequest } from '../../lib/db/list.ts';
import { pageRequest, readPage } from '../../lib/db/read-page.ts';

export type PriceRow = typeof prices.$inferSelect;
export type PriceInsert = Omit<typeof prices.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'archivedAt'>;

/** One merchant's prices, and only one mode's when the caller is an API key. */
export interface PriceScope {
  merchantId: string;
  mode?: PriceRow['mode'];
}

const scoped = (scope: PriceScope) =>
  and(eq(prices.merchantId, scope.merchantId), scope.mode ? eq(prices.mode, scope.mode) : undefined);

export interface PriceFilter extends ListRequest {
  productId?: string;
  mode?: PriceRow['mode'];
  active?: boolean;
  recurring?: boolean;
}

export function listPrices(db: DbOrTx, scope: PriceScope, q: PriceFilter) {
  return readPage(db, prices, db.select().from(prices).$dynamic(), {
    ...pageRequest(q),
    where: and(
      scoped(scope),
      q.productId ? eq(prices.productId, q.productId) : undefined,
      q.mode ? eq(prices.mode, q.mode) : undefined,
      q.active === undefined ? undefined : q.active ? isNull(prices.archivedAt) : isNotNull(prices.archivedAt),
      q.recurring === undefined ? undefined : q.recurring ? isNotNull(prices.interval) : isNull(prices.interval),
    ),
    sortColumns: { created_at: prices.createdAt },
    id: prices.id,
  });
}

export async function findPrice(db: DbOrTx, scope: PriceScope, id: string): Promise<PriceRow | undefined> {
  const [row] = await db
    .select()
    .from(prices)
    .where(and(eq(prices.id, id), scoped(scope)))
    .limit(1);
  return row;
}

export async function findPriceById(db: DbOrTx, id: string): Promise<PriceRow | undefined> {
  const [row] = await db.select().from(prices).where(eq(prices.id, id)).limit(1);
  return row;
}

export async function insertPrice(db: DbOrTx, values: PriceInsert): Promise<PriceRow> {
  const [row] = await db.insert(prices).values(values).returning();
  return row!;
}

export async function setPriceArchived(db: DbOrTx, scope: PriceScope, id: string, archivedAt: Date | null, now: Date) {
  const [row] = await db
    .update(prices)
    .set({ archivedAt, updatedAt: now })
    .where(and(eq(prices.id, id), scoped(scope)))
    .returning();
  return row;
}

export async function findProductName(db: DbOrTx, productId: string): Promise<string | undefined> {
  const [row] = await db.select({ name: products.name }).from(products).where(eq(products.id, productId)).limit(1);
  return row?.name;
}
