import { ROLE } from '@kassa/contract/access';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  adminPermissions,
  merchants,
  passkeys,
  platformSettings,
  refreshTokens,
  userAppAccess,
  users,
  userTotp,
} from '../../db/schema.ts';

/**
 * Whether a user is under a second-factor rule (the platform's for admins, their merchant's for
 * merchant users) and has neither a confirmed authenticator app nor a passkey. Read fresh on every
 * request, so enrolling lets the same session go on at once.
 */
export const mustEnrolSql = (userId: unknown) => sql<boolean>`(
  case when ${users.role} in (${ROLE.PLATFORM_ADMIN}, ${ROLE.STAFF_ADMIN})
    then coalesce((select ${platformSettings.requireAdminSecondFactor} from ${platformSettings}), false)
    else coalesce(${merchants.requireSecondFactor}, false) end
  and not exists (select 1 from ${userTotp} where ${userTotp.userId} = ${userId} and ${userTotp.confirmedAt} is not null)
  and not exists (select 1 from ${passkeys} where ${passkeys.userId} = ${userId})
)`;

/** One round trip: the user, its merchant, whether the session family is still alive and whether a factor is owed. */
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
      mustEnrol: mustEnrolSql(users.id),
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
