// The merchant detail page's side panels: users, provider connections (never their credentials),
// sub-merchants and the latest transactions.
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { merchants, providerConnections, transactions, users } from '../../db/schema.ts';

export async function selectMerchantUsers(db: DbOrTx, merchantId: string) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: users.role,
      isActive: users.isActive,
      hasPassword: sql<boolean>`${users.passwordHash} is not null`,
      lastLoginAt: users.lastLoginAt,
    })
    .from(users)
    .where(eq(users.merchantId, merchantId))
    .orderBy(asc(users.role), asc(users.createdAt));
}
export type MerchantUserRow = Awaited<ReturnType<typeof selectMerchantUsers>>[number];

export async function selectConnectionSummaries(db: DbOrTx, merchantId: string) {
  return db
    .select({
      id: providerConnections.id,
      kind: providerConnections.kind,
      provider: providerConnections.provider,
      enabled: providerConnections.enabled,
      status: providerConnections.status,
      lastVerifiedAt: providerConnections.lastVerifiedAt,
    })
    .from(providerConnections)
    .where(eq(providerConnections.merchantId, merchantId))
    .orderBy(asc(providerConnections.kind), asc(providerConnections.createdAt));
}

/** The detail page shows the first ones; the merchants list filtered by master pages through all. */
export async function selectSubMerchants(db: DbOrTx, masterId: string, limit: number) {
  return db
    .select({
      id: merchants.id,
      name: merchants.name,
      email: merchants.email,
      logo: merchants.logo,
      paymentHubStatus: merchants.paymentHubStatus,
      financeHubStatus: merchants.financeHubStatus,
      isBlocked: merchants.isBlocked,
      createdAt: merchants.createdAt,
    })
    .from(merchants)
    .where(and(eq(merchants.masterMerchantId, masterId), isNull(merchants.removedAt)))
    .orderBy(asc(merchants.name), asc(merchants.id))
    .limit(limit);
}

export async function selectRecentTransactions(db: DbOrTx, merchantId: string, limit: number) {
  return db
    .select({
      id: transactions.id,
      amount: transactions.amount,
      currency: transactions.currency,
      status: transactions.status,
      method: transactions.method,
      createdAt: transactions.createdAt,
    })
    .from(transactions)
    .where(eq(transactions.merchantId, merchantId))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(limit);
}
