import { and, asc, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { merchants } from '../../db/schema.ts';
import { containsText } from '../../lib/db/list.ts';

export type SubMerchantSort = 'name' | '-name' | 'created_at' | '-created_at';

const SORT_COLUMN = { name: sql`lower(${merchants.name})`, created_at: merchants.createdAt } as const;

/** The live sub-merchants of `masterId`: the master's id is the tenant scope of every read here. */
const subMerchantsOf = (masterId: string, search?: string): SQL | undefined =>
  and(
    eq(merchants.masterMerchantId, masterId),
    isNull(merchants.removedAt),
    search ? containsText(merchants.name, search) : undefined,
  );

export async function selectSubMerchantPage(
  db: DbOrTx,
  masterId: string,
  opts: { search?: string; sort: SubMerchantSort; limit: number; offset: number },
) {
  const column = SORT_COLUMN[opts.sort.replace('-', '') as keyof typeof SORT_COLUMN];
  const direction = opts.sort.startsWith('-') ? desc : asc;
  return db
    .select({
      id: merchants.id,
      name: merchants.name,
      logo: merchants.logo,
      paymentHubStatus: merchants.paymentHubStatus,
      financeHubStatus: merchants.financeHubStatus,
      createdAt: merchants.createdAt,
    })
    .from(merchants)
    .where(subMerchantsOf(masterId, opts.search))
    .orderBy(direction(column), direction(merchants.id))
    .limit(opts.limit)
    .offset(opts.offset);
}

export async function countSubMerchants(db: DbOrTx, masterId: string, search?: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(merchants).where(subMerchantsOf(masterId, search));
  return row?.n ?? 0;
}
