// Every sealed credential not yet under the current key version, locked for re-encryption.
import { and, eq, isNotNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { embedSettings, financialConnections, providerConnections } from '../../db/schema.ts';

export async function lockStaleProviderConnections(db: DbOrTx, currentVersion: number) {
  return db
    .select({
      id: providerConnections.id,
      merchantId: providerConnections.merchantId,
      credentials: providerConnections.credentials,
    })
    .from(providerConnections)
    .where(lt(providerConnections.keyVersion, currentVersion))
    .for('update');
}

export async function setProviderCredentials(
  db: DbOrTx,
  id: string,
  credentials: Record<string, string>,
  keyVersion: number,
) {
  await db.update(providerConnections).set({ credentials, keyVersion }).where(eq(providerConnections.id, id));
}

export async function lockStaleFinancialConnections(db: DbOrTx, currentVersion: number) {
  return db
    .select({ id: financialConnections.id, sharedSecret: financialConnections.sharedSecret })
    .from(financialConnections)
    .where(lt(financialConnections.keyVersion, currentVersion))
    .for('update');
}

export async function setSharedSecret(db: DbOrTx, id: string, sharedSecret: string, keyVersion: number) {
  await db.update(financialConnections).set({ sharedSecret, keyVersion }).where(eq(financialConnections.id, id));
}

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
