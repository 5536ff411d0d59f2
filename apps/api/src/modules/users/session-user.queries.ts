import { and, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { merchants, users } from '../../db/schema.ts';

const master = alias(merchants, 'master_merchant');

/** A user with its merchant, the master merchant's logo and whether the merchant has sub-merchants. */
export async function findSessionUserRow(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      role: users.role,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      image: users.image,
      sendNotification: users.sendNotification,
      locale: users.locale,
      merchantId: merchants.id,
      merchantName: merchants.name,
      merchantLogo: merchants.logo,
      merchantCountry: merchants.country,
      paymentHubStatus: merchants.paymentHubStatus,
      financeHubStatus: merchants.financeHubStatus,
      masterMerchantLogo: master.logo,
      // The inner table is aliased so ${merchants.id} still names the user's merchant.
      allowConnections: merchants.allowConnections,
      isMaster: sql<boolean>`exists (select 1 from ${merchants} as sub where sub.master_merchant_id = ${merchants.id} and sub.removed_at is null)`,
    })
    .from(users)
    .leftJoin(merchants, eq(merchants.id, users.merchantId))
    .leftJoin(master, and(eq(master.id, merchants.masterMerchantId), isNull(master.removedAt)))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export type SessionUserRow = NonNullable<Awaited<ReturnType<typeof findSessionUserRow>>>;
