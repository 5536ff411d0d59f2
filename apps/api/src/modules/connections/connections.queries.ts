// Provider connections of one merchant; every query takes the merchant scope.
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { merchants, providerConnections } from '../../db/schema.ts';
import type { ConnectionKind } from '../../payments/registry.ts';

export type ConnectionRow = typeof providerConnections.$inferSelect;
export type NewConnection = typeof providerConnections.$inferInsert;

export async function listConnections(db: DbOrTx, merchantId: string, kind?: ConnectionKind) {
  return db
    .select()
    .from(providerConnections)
    .where(and(eq(providerConnections.merchantId, merchantId), kind ? eq(providerConnections.kind, kind) : undefined))
    .orderBy(asc(providerConnections.kind), asc(providerConnections.createdAt));
}

export async function findConnection(db: DbOrTx, merchantId: string, id: string, lock = false) {
  const query = db
    .select()
    .from(providerConnections)
    .where(and(eq(providerConnections.merchantId, merchantId), eq(providerConnections.id, id)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function findConnectionByProvider(db: DbOrTx, merchantId: string, kind: ConnectionKind, provider: string) {
  const [row] = await db
    .select({ id: providerConnections.id })
    .from(providerConnections)
    .where(
      and(
        eq(providerConnections.merchantId, merchantId),
        eq(providerConnections.kind, kind),
        eq(providerConnections.provider, provider),
      ),
    )
    .limit(1);
  return row;
}

export async function insertConnection(db: DbOrTx, values: NewConnection) {
  const [row] = await db.insert(providerConnections).values(values).returning();
  return row!;
}

export async function updateConnection(db: DbOrTx, merchantId: string, id: string, values: Partial<NewConnection>) {
  const [row] = await db
    .update(providerConnections)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(providerConnections.merchantId, merchantId), eq(providerConnections.id, id)))
    .returning();
  return row!;
}

/**
 * Enabling one connection switches off the other one of its kind in the same role (at most one
 * enabled per kind, plus one fallback payment service).
 */
export async function disableOtherConnections(
  db: DbOrTx,
  merchantId: string,
  kind: ConnectionKind,
  keepId: string,
  isFallback = false,
) {
  await db
    .update(providerConnections)
    .set({ enabled: false, updatedAt: sql`now()` })
    .where(
      and(
        eq(providerConnections.merchantId, merchantId),
        eq(providerConnections.kind, kind),
        eq(providerConnections.enabled, true),
        eq(providerConnections.isFallback, isFallback),
        ne(providerConnections.id, keepId),
      ),
    );
}

export async function deleteConnection(db: DbOrTx, merchantId: string, id: string) {
  const rows = await db
    .delete(providerConnections)
    .where(and(eq(providerConnections.merchantId, merchantId), eq(providerConnections.id, id)))
    .returning({ id: providerConnections.id });
  return rows.length === 1;
}

/** The merchant's enabled connection of each kind (checkout and the charge flow). */
export async function findEnabledConnections(db: DbOrTx, merchantId: string) {
  return db
    .select()
    .from(providerConnections)
    .where(and(eq(providerConnections.merchantId, merchantId), eq(providerConnections.enabled, true)));
}

/** Whether the platform admin allowed this merchant to connect providers (POST /admin/merchant/{id}/allow-connections/). */
export async function findAllowConnections(db: DbOrTx, merchantId: string) {
  const [row] = await db
    .select({ allow: merchants.allowConnections })
    .from(merchants)
    .where(eq(merchants.id, merchantId))
    .limit(1);
  return row?.allow ?? false;
}
