// What the documents read themselves: the merchant's letterhead.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { merchants } from '../../db/schema.ts';

export async function findLetterheadRow(db: DbOrTx, merchantId: string) {
  const [row] = await db
    .select({
      name: merchants.name,
      email: merchants.email,
      phone: merchants.phone,
      address: merchants.address,
      city: merchants.city,
      state: merchants.state,
      zipCode: merchants.zipCode,
      country: merchants.country,
      logo: merchants.logo,
      taxId: merchants.taxId,
    })
    .from(merchants)
    .where(eq(merchants.id, merchantId))
    .limit(1);
  return row;
}
