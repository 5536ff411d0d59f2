import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import { containsText, type ListRequest } from '../../lib/db/list.ts';
import { pageRequest, readPage } from '../../lib/db/read-page.ts';

export type ProductRow = typeof products.$inferSelect;
export type ProductInsert = Omit<typeof products.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'deletedAt'>;
export type ProductUpdate = Partial<Omit<ProductInsert, 'merchantId'>>;

const live = (merchantIds: string[]) => and(inArray(products.merchantId, merchantIds), isNull(products.deletedAt));

export async function listProducts(db: DbOrTx, merchantIds: string[], q: ListRequest) {
  const where = and(live(merchantIds), containsText([products.name, products.description], q.search));
  return readPage(db, products, db.select().from(products).$dynamic(), {
    ...pageRequest(q),
    where,
    sortColumns: { created_at: products.createdAt, name: products.name, price_per_unit: products.pricePerUnit },
    id: products.id,
  });
}

export async function findProduct(db: DbOrTx, merchantIds: string[], id: string): Promise<ProductRow | undefined> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), live(merchantIds)))
    .limit(1);
  return row;
}

/** Products by id among one merchant's live products (invoice lines). */
export async function findProductsByIds(db: DbOrTx, merchantId: string, ids: string[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(products)
    .where(and(inArray(products.id, ids), live([merchantId])));
}

/** The active products a picker offers (quick payments, invoice lines). */
export async function listActiveProductOptions(db: DbOrTx, merchantId: string) {
  return db
    .select({
      id: products.id,
      name: products.name,
      price_per_unit: products.pricePerUnit,
      currency: products.currency,
      image: products.image,
    })
    .from(products)
    .where(and(live([merchantId]), eq(products.isActive, true)))
    .orderBy(products.name, products.id);
}

export async function insertProduct(db: DbOrTx, values: ProductInsert): Promise<ProductRow> {
  const [row] = await db.insert(products).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateProduct(
  db: DbOrTx,
  merchantId: string,
  id: string,
  values: ProductUpdate,
  now: Date,
): Promise<ProductRow | undefined> {
  const [row] = await db
    .update(products)
    .set({ ...values, updatedAt: now })
    .where(and(eq(products.id, id), live([merchantId])))
    .returning();
  return row;
}

/** Soft delete: transactions and invoice lines that point at the product keep working. */
export async function softDeleteProduct(db: DbOrTx, merchantId: string, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(products)
    .set({ deletedAt: now, isActive: false, updatedAt: now })
    .where(and(eq(products.id, id), live([merchantId])))
    .returning({ id: products.id });
  return rows.length === 1;
}
