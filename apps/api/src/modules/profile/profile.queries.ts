import { and, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { industryTypes, merchants, users } from '../../db/schema.ts';

export async function updateUserProfile(
  db: DbOrTx,
  userId: string,
  values: Partial<Pick<typeof users.$inferInsert, 'firstName' | 'lastName' | 'phone' | 'sendNotification' | 'locale'>>,
  now: Date,
) {
  await db
    .update(users)
    .set({ ...values, updatedAt: now })
    .where(eq(users.id, userId));
}

const master = alias(merchants, 'master_merchant');

export async function findMerchantProfileRow(db: DbOrTx, merchantId: string) {
  const [row] = await db
    .select({
      merchant: merchants,
      industryTypeName: industryTypes.name,
      masterMerchantLogo: master.logo,
    })
    .from(merchants)
    .leftJoin(industryTypes, eq(industryTypes.id, merchants.industryTypeId))
    .leftJoin(master, and(eq(master.id, merchants.masterMerchantId), isNull(master.removedAt)))
    .where(eq(merchants.id, merchantId))
    .limit(1);
  return row;
}

export type MerchantProfileRow = NonNullable<Awaited<ReturnType<typeof findMerchantProfileRow>>>;

export async function updateMerchantProfileRow(
  db: DbOrTx,
  merchantId: string,
  values: Partial<
    Pick<
      typeof merchants.$inferInsert,
      | 'name'
      | 'email'
      | 'phone'
      | 'address'
      | 'city'
      | 'state'
      | 'zipCode'
      | 'country'
      | 'website'
      | 'logo'
      | 'matchCustomersByEmail'
      | 'emailReceipts'
      | 'taxId'
    >
  >,
  now: Date,
) {
  await db
    .update(merchants)
    .set({ ...values, updatedAt: now })
    .where(eq(merchants.id, merchantId));
}
