// The merchant tree (a master merchant and its sub-merchants) that read scopes and reports span.
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { merchants } from '../../db/schema.ts';

/** The live sub-merchants of a master merchant. */
export async function findSubMerchantIds(db: DbOrTx, masterId: string): Promise<string[]> {
  const rows = await db
    .select({ id: merchants.id })
    .from(merchants)
    .where(and(eq(merchants.masterMerchantId, masterId), isNull(merchants.removedAt)));
  return rows.map((r) => r.id);
}
