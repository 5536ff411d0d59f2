// API keys of one merchant, and the lookup that turns a presented secret into its key.
import { and, desc, eq, gt, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { apiKeys, merchants } from '../../db/schema.ts';

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type ApiKeyInsert = typeof apiKeys.$inferInsert;

/** Not deleted, and not past the overlap of a roll. */
const isLive = (now: Date): SQL =>
  and(isNull(apiKeys.revokedAt), or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now)))!;

export async function insertApiKey(db: DbOrTx, values: ApiKeyInsert) {
  const [row] = await db.insert(apiKeys).values(values).returning();
  return row!;
}

export function listLiveApiKeys(db: DbOrTx, merchantId: string, now: Date) {
  return db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.merchantId, merchantId), isLive(now)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

export async function findLiveApiKey(db: DbOrTx, merchantId: string, id: string, now: Date) {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.merchantId, merchantId), isLive(now)))
    .limit(1);
  return row;
}

/** Deletes (revokes) a live key; undefined when it is not one of the merchant's live keys. */
export async function revokeApiKey(db: DbOrTx, merchantId: string, id: string, now: Date) {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.merchantId, merchantId), isLive(now)))
    .returning();
  return row;
}

/**
 * Starts the overlap of a roll: the old key expires at `expiresAt`. Only a key never rolled before
 * qualifies, so two rolls of one key at the same moment make one replacement, not two.
 */
export async function startRollOverlap(db: DbOrTx, merchantId: string, id: string, expiresAt: Date) {
  const [row] = await db
    .update(apiKeys)
    .set({ expiresAt })
    .where(
      and(eq(apiKeys.id, id), eq(apiKeys.merchantId, merchantId), isNull(apiKeys.revokedAt), isNull(apiKeys.expiresAt)),
    )
    .returning();
  return row;
}

/** The key with this secret hash, live at `now`, with what its merchant's state allows. */
export async function findKeyBySecretHash(db: DbOrTx, secretHash: string, now: Date) {
  const [row] = await db
    .select({
      id: apiKeys.id,
      merchantId: apiKeys.merchantId,
      mode: apiKeys.mode,
      scopes: apiKeys.scopes,
      createdBy: apiKeys.createdBy,
      lastUsedAt: apiKeys.lastUsedAt,
      expiresAt: apiKeys.expiresAt,
      merchantBlocked: merchants.isBlocked,
      merchantRemovedAt: merchants.removedAt,
      masterMerchantId: merchants.masterMerchantId,
      paymentHubStatus: merchants.paymentHubStatus,
      financeHubStatus: merchants.financeHubStatus,
    })
    .from(apiKeys)
    .innerJoin(merchants, eq(merchants.id, apiKeys.merchantId))
    .where(and(eq(apiKeys.secretHash, secretHash), isLive(now)))
    .limit(1);
  return row;
}

/**
 * Records use at most once per interval: the condition makes concurrent requests write once, and a
 * busy key costs one write a minute, not one per request.
 */
export async function touchApiKey(db: DbOrTx, id: string, now: Date, staleBefore: Date) {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, staleBefore))));
}
