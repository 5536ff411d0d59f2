// The connections module's part of a key rotation (docs/decisions/0012-key-rotation.md): provider
// credentials sealed under an older key version are opened and sealed again under the current one, in
// the rotation's transaction. A row that does not open is left as it is and reported.
import type { DbOrTx } from '../../db/client.ts';
import type { Keys } from '../../lib/keys.ts';
import { openCredentials, sealCredentials } from './connection-credentials.ts';
import { lockStaleProviderConnections, setProviderCredentials } from './credential-key-rotation.queries.ts';

/** Returns how many connections were re-sealed; unreadable ones are added to `unreadable`. */
export async function resealProviderCredentials(db: DbOrTx, keys: Keys, unreadable: string[]): Promise<number> {
  const version = keys.currentVersion;
  let count = 0;
  for (const row of await lockStaleProviderConnections(db, version)) {
    let resealed: Record<string, string>;
    try {
      resealed = sealCredentials(
        keys,
        row.merchantId,
        row.id,
        openCredentials(keys, row.merchantId, row.id, row.credentials),
      );
    } catch {
      unreadable.push(`provider_connections/${row.id}`);
      continue;
    }
    await setProviderCredentials(db, row.id, resealed, version);
    count += 1;
  }
  return count;
}
