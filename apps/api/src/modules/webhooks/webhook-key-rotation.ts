// Key rotation for webhook signing secrets: every secret (current and previous) sealed under an older
// key version is opened and sealed again under the current one, inside the rotation's transaction.
// A secret that does not open is left as it is and reported, like the other sealed credentials.

import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { webhookEndpoints } from '../../db/schema.ts';
import { type Keys, open, sealedVersion } from '../../lib/keys.ts';
import { sealWebhookSecret, webhookSecretAad } from './webhooks.service.ts';

/** Returns how many endpoints were re-sealed; unreadable ones are added to `unreadable`. */
export async function resealWebhookSecrets(db: DbOrTx, keys: Keys, unreadable: string[]): Promise<number> {
  const version = keys.currentVersion;
  const rows = await db.select().from(webhookEndpoints).for('update');
  let count = 0;
  for (const row of rows) {
    const stale = (sealed: string | null) => sealed !== null && sealedVersion(sealed) < version;
    if (!stale(row.secretSealed) && !stale(row.previousSecretSealed)) continue;
    try {
      const reseal = (sealed: string, which: 'current' | 'previous') =>
        sealWebhookSecret(
          keys,
          row.merchantId,
          row.id,
          open(keys, sealed, webhookSecretAad(row.merchantId, row.id, which)),
          which,
        );
      await db
        .update(webhookEndpoints)
        .set({
          secretSealed: reseal(row.secretSealed, 'current'),
          previousSecretSealed: row.previousSecretSealed ? reseal(row.previousSecretSealed, 'previous') : null,
        })
        .where(eq(webhookEndpoints.id, row.id));
      count += 1;
    } catch {
      unreadable.push(`webhook_endpoints/${row.id}`);
    }
  }
  return count;
}
