// Reads behind the merchants list, the super-merchant list and the merchant profile. The list must
// answer in well under 50 ms with 10,000 merchants: filtering, ordering and counting touch
// the merchants table alone; joins and sub-merchant counts are made for the page's own rows only.
import { and, asc, count, desc, eq, exists, inArray, isNull, like, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { industryTypes, merchants } from '../../db/schema.ts';
import { containsPattern, containsText } from '../../lib/db/list.ts';

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
    // Phones are stored as E.164: match the digits the admin typed, whatever the spacing.
    const digits = f.search.replace(/\D/g, '');
    conditions.push(
      or(
        containsText(merchants.name, f.search),
        containsText(merchants.email, f.search),
        digits.length >= 3 ? like(merchants.phone, containsPattern(digits)) : undefined,
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
export type MerchantListRow = Awaited<ReturnType<typeof selectListRows>>[number];

/** The page's merchants in full: joins and sub-merchant counts for these few rows only. */
async function selectListRows(db: DbOrTx, ids: string[]) {
  return db
    .select(listColumns(db))
    .from(merchants)
    .leftJoin(industryTypes, eq(industryTypes.id, merchants.industryTypeId))
    .leftJoin(master, eq(master.id, merchants.masterMerchantId))
    .where(inArray(merchants.id, ids));
}

async function countMerchants(db: DbOrTx, filters: MerchantFilters) {
  const [row] = await db.select({ n: count() }).from(merchants).where(merchantWhere(db, filters));
  return row?.n ?? 0;
}

/**
 * One page and the total, in three cheap steps: the page's ids (filter, order, offset on merchants
 * alone, so skipped rows cost no join or sub-query), the total, then those rows in full. A search
 * scans every live merchant anyway, so its total rides along as a window count on that one scan;
 * without a search the ids come off an index in order and a separate count is cheaper.
 */
export async function selectMerchantPage(
  db: DbOrTx,
  filters: MerchantFilters,
  sort: MerchantSort,
  limit: number,
  offset: number,
): Promise<{ rows: MerchantListRow[]; count: number }> {
  const page = (withTotal: boolean) =>
    db
      .select({ id: merchants.id, total: withTotal ? sql<number>`count(*) over ()`.mapWith(Number) : sql<number>`0` })
      .from(merchants)
      .where(merchantWhere(db, filters))
      .orderBy(...orderBy(sort))
      .limit(limit)
      .offset(offset);
  let ids: { id: string; total: number }[];
  let total: number;
  if (filters.search) {
    ids = await page(true);
    // A page past the end has no row to carry the total.
    total = ids[0]?.total ?? (offset > 0 ? await countMerchants(db, filters) : 0);
  } else {
    [ids, total] = await Promise.all([page(false), countMerchants(db, filters)]);
  }
  if (ids.length === 0) return { rows: [], count: total };
  const byId = new Map(
    (
      await selectListRows(
        db,
        ids.map((r) => r.id),
      )
    ).map((r) => [r.id, r]),
  );
  return { rows: ids.map((r) => byId.get(r.id)).filter((r) => r !== undefined), count: total };
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
    search ? containsText(merchants.name, search) : undefined,
    withSubMerchants ? hasSubMerchants(db) : undefined,
  );
}

/** Merchants without a master of their own: the ones that may own sub-merchants (one-level tree). */
export async function selectSuperMerchants(
  db: DbOrTx,
  opts: { search?: string; withSubMerchants: boolean; limit: number; offset: number },
) {
  const rows = await db
    .select({ id: merchants.id, name: merchants.name, logo: merchants.logo })
    .from(merchants)
    .where(superMerchantWhere(db, opts.search, opts.withSubMerchants))
    .orderBy(asc(sql`lower(${merchants.name})`), asc(merchants.id))
    .limit(opts.limit)
    .offset(opts.offset);
  if (rows.length === 0) return [];
  // Counted for the page's rows only, not for every row the offset skips.
  const counts = await db
    .select({ masterId: merchants.masterMerchantId, n: count() })
    .from(merchants)
    .where(
      and(
        inArray(
          merchants.masterMerchantId,
          rows.map((r) => r.id),
        ),
        isNull(merchants.removedAt),
      ),
    )
    .groupBy(merchants.masterMerchantId);
  const byMaster = new Map(counts.map((c) => [c.masterId, c.n]));
  return rows.map((r) => ({ ...r, subMerchantCount: byMaster.get(r.id) ?? 0 }));
}

export async function countSuperMerchants(db: DbOrTx, opts: { search?: string; withSubMerchants: boolean }) {
  const [row] = await db
    .select({ n: count() })
    .from(merchants)
    .where(superMerchantWhere(db, opts.search, opts.withSubMerchants));
  return row?.n ?? 0;
}
