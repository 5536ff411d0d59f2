// Embed settings of one merchant, and who an embed session signs in as.
import { and, asc, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { embedSettings, merchants, users } from '../../db/schema.ts';

export type EmbedSettingsRow = typeof embedSettings.$inferSelect;

export async function findEmbedSettings(db: DbOrTx, merchantId: string) {
  const [row] = await db.select().from(embedSettings).where(eq(embedSettings.merchantId, merchantId)).limit(1);
  return row;
}

export async function upsertEmbedSettings(
  db: DbOrTx,
  merchantId: string,
  values: Partial<Omit<typeof embedSettings.$inferInsert, 'merchantId'>>,
) {
  const [row] = await db
    .insert(embedSettings)
    .values({ merchantId, ...values })
    .onConflictDoUpdate({ target: embedSettings.merchantId, set: { ...values, updatedAt: sql`now()` } })
    .returning();
  return row!;
}

export async function findEmbedMerchant(db: DbOrTx, merchantId: string) {
  const [row] = await db
    .select({ id: merchants.id, isBlocked: merchants.isBlocked })
    .from(merchants)
    .where(and(eq(merchants.id, merchantId), isNull(merchants.removedAt)))
    .limit(1);
  return row;
}

/** The merchant's first active owner (role 2): embed sessions act as the account that set embedding up. */
export async function findMerchantOwner(db: DbOrTx, merchantId: string) {
  const [row] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(and(eq(users.merchantId, merchantId), eq(users.role, 2), eq(users.isActive, true)))
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(1);
  return row;
}

/** Every embed token sealed under an older key version, locked for the key rotation. */
export async function lockStaleEmbedTokens(db: DbOrTx, currentVersion: number) {
  return db
    .select({ merchantId: embedSettings.merchantId, tokenCiphertext: embedSettings.tokenCiphertext })
    .from(embedSettings)
    .where(and(lt(embedSettings.keyVersion, currentVersion), isNotNull(embedSettings.tokenCiphertext)))
    .for('update');
}

export async function setEmbedTokenCiphertext(
  db: DbOrTx,
  merchantId: string,
  tokenCiphertext: string,
  keyVersion: number,
) {
  await db.update(embedSettings).set({ tokenCiphertext, keyVersion }).where(eq(embedSettings.merchantId, merchantId));
}
