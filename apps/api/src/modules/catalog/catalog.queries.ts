// The platform-wide catalog: every live merchant's products (deleted products and removed merchants left out).
import { and, asc, count, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { merchants, products } from '../../db/schema.ts';
import { containsText } from '../../lib/db/list.ts';

export interface CatalogFilters {
  merchantId?: string;
  isActive?: boolean;
  search?: string;
}
export type CatalogSort = 'name' | '-name' | 'price_per_unit' | '-price_per_unit' | 'created_at' | '-created_at';

function catalogWhere(f: CatalogFilters): SQL | undefined {
  return and(
    isNull(products.deletedAt),
    isNull(merchants.removedAt),
    f.merchantId ? eq(products.merchantId, f.merchantId) : undefined,
    f.isActive !== undefined ? eq(products.isActive, f.isActive) : undefined,
    f.search ? or(containsText(products.name, f.search), containsText(merchants.name, f.search)) : undefined,
  );
}

const SORT_COLUMN = {
  name: sql`lower(${products.name})`,
  price_per_unit: products.pricePerUnit,
  created_at: products.createdAt,
} as const;

const catalogColumns = {
  id: products.id,
  name: products.name,
  merchantId: products.merchantId,
  merchantName: merchants.name,
  pricePerUnit: products.pricePerUnit,
  currency: products.currency,
  image: products.image,
  isActive: products.isActive,
  createdAt: products.createdAt,
};

export async function selectCatalogPage(
  db: DbOrTx,
  f: CatalogFilters,
  sort: CatalogSort,
  limit: number,
  offset: number,
) {
  const direction = sort.startsWith('-') ? desc : asc;
  return db
    .select(catalogColumns)
    .from(products)
    .innerJoin(merchants, eq(merchants.id, products.merchantId))
    .where(catalogWhere(f))
    .orderBy(direction(SORT_COLUMN[sort.replace('-', '') as keyof typeof SORT_COLUMN]), direction(products.id))
    .limit(limit)
    .offset(offset);
}
export type CatalogRow = Awaited<ReturnType<typeof selectCatalogPage>>[number];

export async function countCatalog(db: DbOrTx, f: CatalogFilters) {
  const [row] = await db
    .select({ n: count() })
    .from(products)
    .innerJoin(merchants, eq(merchants.id, products.merchantId))
    .where(catalogWhere(f));
  return row?.n ?? 0;
}

export async function findCatalogProduct(db: DbOrTx, id: string) {
  const [row] = await db
    .select(catalogColumns)
    .from(products)
    .innerJoin(merchants, eq(merchants.id, products.merchantId))
    .where(and(eq(products.id, id), isNull(products.deletedAt), isNull(merchants.removedAt)))
    .limit(1);
  return row;
}

export async function setProductActive(db: DbOrTx, id: string, isActive: boolean, now: Date) {
  await db.update(products).set({ isActive, updatedAt: now }).where(eq(products.id, id));
}
