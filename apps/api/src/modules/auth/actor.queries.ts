import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { adminPermissions, merchants, refreshTokens, userAppAccess, users } from '../../db/schema.ts';

/** One round trip: the user, its merchant, and whether the session family is still alive. */
export async function findActorRow(db: DbOrTx, userId: string, familyId: string) {
  const [row] = await db
    .select({
      id: users.id,
      role: users.role,
      isActive: users.isActive,
      merchantId: users.merchantId,
      merchantBlocked: merchants.isBlocked,
      merchantRemovedAt: merchants.removedAt,
      masterMerchantId: merchants.masterMerchantId,
      paymentHubStatus: merchants.paymentHubStatus,
      financeHubStatus: merchants.financeHubStatus,
      sessionAlive: sql<boolean>`exists (select 1 from ${refreshTokens} where ${refreshTokens.familyId} = ${familyId} and ${refreshTokens.revokedAt} is null)`,
    })
    .from(users)
    .leftJoin(merchants, eq(merchants.id, users.merchantId))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export async function findAppAccess(db: DbOrTx, userId: string) {
  return db
    .select({ app: userAppAccess.app, access: userAppAccess.access })
    .from(userAppAccess)
    .where(eq(userAppAccess.userId, userId));
}

export async function findAdminPermissions(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      view_merchant: adminPermissions.viewMerchant,
      view_catalog: adminPermissions.viewCatalog,
      view_transactions: adminPermissions.viewTransactions,
      view_industry_type: adminPermissions.viewIndustryType,
    })
    .from(adminPermissions)
    .where(eq(adminPermissions.userId, userId));
  return row;
}
