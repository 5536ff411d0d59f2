// Financing partners (admin-managed) and the industry types each is offered to.
import { and, asc, count, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  financialConnectionIndustries,
  financialConnections,
  industryTypes,
  merchants,
  usedSignatures,
  users,
} from '../../db/schema.ts';

export type FinancialConnectionRow = typeof financialConnections.$inferSelect;
export type NewFinancialConnection = typeof financialConnections.$inferInsert;

/** Case-insensitive "contains" with LIKE's wildcards taken literally, the same on PostgreSQL and PGlite. */
const contains = (column: SQL | typeof financialConnections.name, search: string) =>
  sql`lower(${column}) like ${`%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`;

export interface FinancialConnectionFilters {
  search?: string;
  industryTypeId?: string;
}

function where(f: FinancialConnectionFilters) {
  return and(
    f.search ? contains(financialConnections.name, f.search) : undefined,
    f.industryTypeId
      ? inArray(
          financialConnections.id,
          sql`(select ${financialConnectionIndustries.financialConnectionId} from ${financialConnectionIndustries} where ${financialConnectionIndustries.industryTypeId} = ${f.industryTypeId})`,
        )
      : undefined,
  );
}

export async function selectFinancialConnectionPage(
  db: DbOrTx,
  filters: FinancialConnectionFilters,
  limit: number,
  offset: number,
) {
  return db
    .select()
    .from(financialConnections)
    .where(where(filters))
    .orderBy(asc(sql`lower(${financialConnections.name})`), asc(financialConnections.id))
    .limit(limit)
    .offset(offset);
}

export async function countFinancialConnections(db: DbOrTx, filters: FinancialConnectionFilters) {
  const [row] = await db.select({ n: count() }).from(financialConnections).where(where(filters));
  return row?.n ?? 0;
}

export async function findFinancialConnection(db: DbOrTx, id: string) {
  const [row] = await db.select().from(financialConnections).where(eq(financialConnections.id, id)).limit(1);
  return row;
}

/** Industry types of each given connection, with names. */
export async function selectIndustriesOf(db: DbOrTx, connectionIds: string[]) {
  if (connectionIds.length === 0) return [];
  return db
    .select({
      connectionId: financialConnectionIndustries.financialConnectionId,
      id: industryTypes.id,
      name: industryTypes.name,
    })
    .from(financialConnectionIndustries)
    .innerJoin(industryTypes, eq(industryTypes.id, financialConnectionIndustries.industryTypeId))
    .where(inArray(financialConnectionIndustries.financialConnectionId, connectionIds))
    .orderBy(asc(industryTypes.name));
}

export async function existingIndustryTypeIds(db: DbOrTx, ids: string[]) {
  const rows = await db.select({ id: industryTypes.id }).from(industryTypes).where(inArray(industryTypes.id, ids));
  return new Set(rows.map((r) => r.id));
}

export async function insertFinancialConnection(db: DbOrTx, values: NewFinancialConnection) {
  const [row] = await db.insert(financialConnections).values(values).returning();
  return row!;
}

export async function updateFinancialConnection(db: DbOrTx, id: string, values: Partial<NewFinancialConnection>) {
  const [row] = await db
    .update(financialConnections)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(financialConnections.id, id))
    .returning();
  return row;
}

export async function replaceIndustries(db: DbOrTx, connectionId: string, industryTypeIds: string[]) {
  await db
    .delete(financialConnectionIndustries)
    .where(eq(financialConnectionIndustries.financialConnectionId, connectionId));
  await db
    .insert(financialConnectionIndustries)
    .values(industryTypeIds.map((industryTypeId) => ({ financialConnectionId: connectionId, industryTypeId })));
}

export async function deleteFinancialConnection(db: DbOrTx, id: string) {
  const rows = await db
    .delete(financialConnections)
    .where(eq(financialConnections.id, id))
    .returning({ id: financialConnections.id });
  return rows.length === 1;
}

/** Active partners offered to one industry type (the merchant's Connections page). */
export async function selectPartnersForIndustry(db: DbOrTx, industryTypeId: string) {
  return db
    .select({
      id: financialConnections.id,
      name: financialConnections.name,
      description: financialConnections.description,
      logo: financialConnections.logo,
    })
    .from(financialConnections)
    .innerJoin(
      financialConnectionIndustries,
      eq(financialConnectionIndustries.financialConnectionId, financialConnections.id),
    )
    .where(
      and(eq(financialConnections.isActive, true), eq(financialConnectionIndustries.industryTypeId, industryTypeId)),
    )
    .orderBy(asc(sql`lower(${financialConnections.name})`));
}

/** Who signs in to a partner: the merchant with its industry, and the user. */
export async function findSsoSubject(db: DbOrTx, merchantId: string, userId: string) {
  const [merchant] = await db
    .select({
      id: merchants.id,
      name: merchants.name,
      email: merchants.email,
      country: merchants.country,
      industryTypeId: merchants.industryTypeId,
      industryType: industryTypes.name,
    })
    .from(merchants)
    .leftJoin(industryTypes, eq(industryTypes.id, merchants.industryTypeId))
    .where(eq(merchants.id, merchantId))
    .limit(1);
  const [user] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return merchant && user ? { merchant, user } : undefined;
}

export async function findMerchantIndustry(db: DbOrTx, merchantId: string) {
  const [row] = await db
    .select({ industryTypeId: merchants.industryTypeId })
    .from(merchants)
    .where(eq(merchants.id, merchantId))
    .limit(1);
  return row?.industryTypeId ?? null;
}

/** Records a signature as used; false when it was already (a replay). Expired entries are purged first. */
export async function claimSignature(db: DbOrTx, signatureHash: string, expiresAt: Date, now: Date) {
  await db.delete(usedSignatures).where(lt(usedSignatures.expiresAt, now));
  const rows = await db
    .insert(usedSignatures)
    .values({ signatureHash, expiresAt })
    .onConflictDoNothing()
    .returning({ signatureHash: usedSignatures.signatureHash });
  return rows.length === 1;
}

/** Every partner whose shared secret is sealed under an older key version, locked for the key rotation. */
export async function lockStaleSharedSecrets(db: DbOrTx, currentVersion: number) {
  return db
    .select({ id: financialConnections.id, sharedSecret: financialConnections.sharedSecret })
    .from(financialConnections)
    .where(lt(financialConnections.keyVersion, currentVersion))
    .for('update');
}

export async function setSharedSecret(db: DbOrTx, id: string, sharedSecret: string, keyVersion: number) {
  await db.update(financialConnections).set({ sharedSecret, keyVersion }).where(eq(financialConnections.id, id));
}
