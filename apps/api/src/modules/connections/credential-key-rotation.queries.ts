// Provider connections not yet sealed under the current key version, across every merchant: only the
// key rotation reads them (jobs/rotate-credential-keys.ts).
import { eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { providerConnections } from '../../db/schema.ts';

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
