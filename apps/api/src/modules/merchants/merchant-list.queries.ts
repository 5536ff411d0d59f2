// Reads behind the merchants list, the super-merchant list and the merchant profile. The list must
// answer in well under 50 ms with 10,000 merchants (issue 3): one page query and one count, both on
// merchants alone, with joins only for the page's own rows.
import { and, asc, count, desc, eq, exists, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { industryTypes, merchants } from '../../db/schema.ts';
import { containsPattern } from './search-pattern.ts';

export interface MerchantFilters {
  search?: string;
  paymentHubStatus?: number;
  financeHubStatus?: number;
  industryTypeId?: string;
  isBlocked?: boolean;
  masterMerchantId?: string;
  onlyMasters?: boolean;
}

export type MerchantSort = 'name' | '-name' | 'email' | '-email' | 'created_at' | '-created_at';

const master = alias(merchants, 'master');
const sub = alias(merchants, 'sub');

function subMerchantCount(db: DbOrTx) {
  const q = db
    .select({ n: count() })
    .from(sub)
    .where(and(eq(sub.masterMerchantId, merchants.id), isNull(sub.removedAt)));
  return sql<number>`(${q})`.mapWith(Number);
}

function hasSubMerchants(db: DbOrTx) {
  return exists(
    db
      .select({ one: sql`1` })
      .from(sub)
      .where(and(eq(sub.masterMerchantId, merchants.id), isNull(sub.removedAt))),
  );
}

function merchantWhere(db: DbOrTx, f: MerchantFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [isNull(merchants.removedAt)];
  if (f.search) {
    const pattern = containsPattern(f.search);
    // Phones are stored as E.164: match the digits the admin typed, whatever the spacing.
    const digits = f.search.replace(/\D/g, '');
    conditions.push(
      or(
        ilike(merchants.name, pattern),
        ilike(merchants.email, pattern),
        digits.length >= 3 ? ilike(merchants.phone, containsPattern(digits)) : undefined,
      ),
    );
  }
  if (f.paymentHubStatus !== undefined) conditions.push(eq(merchants.paymentHubStatus, f.paymentHubStatus));
  if (f.financeHubStatus !== undefined) conditions.push(eq(merchants.financeHubStatus, f.financeHubStatus));
  if (f.industryTypeId) conditions.push(eq(merchants.industryTypeId, f.industryTypeId));
  if (f.isBlocked !== undefined) conditions.push(eq(merchants.isBlocked, f.isBlocked));
  if (f.masterMerchantId) conditions.push(eq(merchants.masterMerchantId, f.masterMerchantId));
  if (f.onlyMasters) conditions.push(hasSubMerchants(db));
  return and(...conditions);
}

const SORT_COLUMN = {
  name: sql`lower(${merchants.name})`,
  email: merchants.email,
  created_at: merchants.createdAt,
} as const;

function orderBy(sort: MerchantSort) {
  const descending = sort.startsWith('-');
  const column = SORT_COLUMN[sort.replace('-', '') as keyof typeof SORT_COLUMN];
  // The id breaks ties so pages never repeat or skip a merchant.
  return descending ? [desc(column), desc(merchants.id)] : [asc(column), asc(merchants.id)];
}

function listColumns(db: DbOrTx) {
  return {
    id: merchants.id,
    name: merchants.name,
    email: merchants.email,
    phone: merchants.phone,
    logo: merchants.logo,
    paymentHubStatus: merchants.paymentHubStatus,
    financeHubStatus: merchants.financeHubStatus,
    isBlocked: merchants.isBlocked,
    allowConnections: merchants.allowConnections,
    industryTypeId: merchants.industryTypeId,
    industryTypeName: industryTypes.name,
    masterMerchantId: merchants.masterMerchantId,
    masterMerchantName: master.name,
    subMerchantCount: subMerchantCount(db),
    createdAt: merchants.createdAt,
  };
}
export type MerchantListRow = Awaited<ReturnType<typeof selectMerchantPage>>[number];

export async function selectMerchantPage(
  db: DbOrTx,
  filters: MerchantFilters,
  sort: MerchantSort,
  limit: number,
  offset: number,
) {
  return db
    .select(listColumns(db))
    .from(merchants)
    .leftJoin(industryTypes, eq(industryTypes.id, merchants.industryTypeId))
    .leftJoin(master, eq(master.id, merchants.masterMerchantId))
    .where(merchantWhere(db, filters))
    .orderBy(...orderBy(sort))
    .limit(limit)
    .offset(offset);
}

export async function countMerchants(db: DbOrTx, filters: MerchantFilters) {
  const [row] = await db.select({ n: count() }).from(merchants).where(merchantWhere(db, filters));
  return row?.n ?? 0;
}

/** Everything the admin profile shows, removed merchants included (their history stays readable). */
export async function selectMerchantProfile(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      ...listColumns(db),
      address: merchants.address,
      city: merchants.city,
      state: merchants.state,
      zipCode: merchants.zipCode,
      country: merchants.country,
      defaultCurrency: merchants.defaultCurrency,
      website: merchants.website,
      masterMerchantLogo: master.logo,
      removedAt: merchants.removedAt,
      updatedAt: merchants.updatedAt,
    })
    .from(merchants)
    .leftJoin(industryTypes, eq(industryTypes.id, merchants.industryTypeId))
    .leftJoin(master, eq(master.id, merchants.masterMerchantId))
    .where(eq(merchants.id, id))
    .limit(1);
  return row;
}
export type MerchantProfileRow = NonNullable<Awaited<ReturnType<typeof selectMerchantProfile>>>;

function superMerchantWhere(db: DbOrTx, search: string | undefined, withSubMerchants: boolean) {
  return and(
    isNull(merchants.removedAt),
    isNull(merchants.masterMerchantId),
    search ? ilike(merchants.name, containsPattern(search)) : undefined,
    withSubMerchants ? hasSubMerchants(db) : undefined,
  );
}

/** Merchants without a master of their own: the ones that may own sub-merchants (one-level tree). */
export async function selectSuperMerchants(
  db: DbOrTx,
  opts: { search?: string; withSubMerchants: boolean; limit: number; offset: number },
) {
  return db
    .select({ id: merchants.id, name: merchants.name, logo: merchants.logo, subMerchantCount: subMerchantCount(db) })
    .from(merchants)
    .where(superMerchantWhere(db, opts.search, opts.withSubMerchants))
    .orderBy(asc(sql`lower(${merchants.name})`), asc(merchants.id))
    .limit(opts.limit)
    .offset(opts.offset);
}

export async function countSuperMerchants(db: DbOrTx, opts: { search?: string; withSubMerchants: boolean }) {
  const [row] = await db
    .select({ n: count() })
    .from(merchants)
    .where(superMerchantWhere(db, opts.search, opts.withSubMerchants));
  return row?.n ?? 0;
}
