import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { merchants } from '../../db/schema.ts';

/** What opening a keyed-in payment needs to know about the merchant: its country and standing. */
export async function findTerminalMerchant(db: DbOrTx, merchantId: string) {
  const [row] = await db
    .select({
      country: merchants.country,
      isBlocked: merchants.isBlocked,
      removedAt: merchants.removedAt,
      paymentHubStatus: merchants.paymentHubStatus,
    })
    .from(merchants)
    .where(eq(merchants.id, merchantId))
    .limit(1);
  return row;
}
