// Every merchant's provider connections for the "All configured providers" page. The credentials
// column is never selected.
import { and, asc, count, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type CONNECTION_KINDS, merchants, providerConnections } from '../../db/schema.ts';
import { containsText } from '../../lib/db/list.ts';

export interface ConnectionFilters {
  merchantId?: string;
  kind?: (typeof CONNECTION_KINDS)[number];
  search?: string;
}
export type ConnectionSort = 'merchant_name' | '-merchant_name' | 'created_at' | '-created_at';

function connectionWhere(f: ConnectionFilters): SQL | undefined {
  return and(
    isNull(merchants.removedAt),
    f.merchantId ? eq(providerConnections.merchantId, f.merchantId) : undefined,
    f.kind ? eq(providerConnections.kind, f.kind) : undefined,
    f.search
      ? or(containsText(merchants.name, f.search), containsText(providerConnections.provider, f.search))
      : undefined,
  );
}

const SORT_COLUMN = {
  merchant_name: sql`lower(${merchants.name})`,
  created_at: providerConnections.createdAt,
} as const;

export async function selectConnectionPage(
  db: DbOrTx,
  filters: ConnectionFilters,
  sort: ConnectionSort,
  limit: number,
  offset: number,
) {
  const direction = sort.startsWith('-') ? desc : asc;
  return db
    .select({
      id: providerConnections.id,
      merchantId: providerConnections.merchantId,
      merchantName: merchants.name,
      kind: providerConnections.kind,
      provider: providerConnections.provider,
      enabled: providerConnections.enabled,
      status: providerConnections.status,
      lastVerifiedAt: providerConnections.lastVerifiedAt,
      lastVerificationMessage: providerConnections.lastVerificationMessage,
      createdAt: providerConnections.createdAt,
    })
    .from(providerConnections)
    .innerJoin(merchants, eq(merchants.id, providerConnections.merchantId))
    .where(connectionWhere(filters))
    .orderBy(
      direction(SORT_COLUMN[sort.replace('-', '') as keyof typeof SORT_COLUMN]),
      direction(providerConnections.id),
    )
    .limit(limit)
    .offset(offset);
}

export async function countConnections(db: DbOrTx, filters: ConnectionFilters) {
  const [row] = await db
    .select({ n: count() })
    .from(providerConnections)
    .innerJoin(merchants, eq(merchants.id, providerConnections.merchantId))
    .where(connectionWhere(filters));
  return row?.n ?? 0;
}
