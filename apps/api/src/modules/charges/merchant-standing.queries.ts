import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { merchants } from '../../db/schema.ts';

/** Whether a merchant may take a payment right now. */
export async function findMerchantStanding(db: DbOrTx, merchantId: string) {
  const [row] = await db
    .select({
      isBlocked: merchants.isBlocked,
      removedAt: merchants.removedAt,
      paymentHubStatus: merchants.paymentHubStatus,
    })
    .from(merchants)
    .where(eq(merchants.id, merchantId))
    .limit(1);
  return row;
}
