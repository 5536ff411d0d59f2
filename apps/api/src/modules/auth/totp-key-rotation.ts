// Key rotation (docs/decisions/0012-key-rotation.md) for authenticator-app secrets: each one sealed
// under an older key version is opened and sealed again under the current one. A secret that does not
// open is left as it is and reported, never destroyed.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { userTotp } from '../../db/schema.ts';
import { type Keys, open, seal, sealedVersion } from '../../lib/keys.ts';
import { totpSecretAad } from './totp-secret.ts';

/** Returns how many secrets were re-sealed; unreadable ones are added to `unreadable`. */
export async function resealTotpSecrets(db: DbOrTx, keys: Keys, unreadable: string[]): Promise<number> {
  const rows = await db.select().from(userTotp).for('update');
  let count = 0;
  for (const row of rows) {
    if (sealedVersion(row.secret) >= keys.currentVersion) continue;
    let resealed: string;
    try {
      resealed = seal(keys, open(keys, row.secret, totpSecretAad(row.userId)), totpSecretAad(row.userId));
    } catch {
      unreadable.push(`user_totp/${row.userId}`);
      continue;
    }
    await db.update(userTotp).set({ secret: resealed }).where(eq(userTotp.userId, row.userId));
    count += 1;
  }
  return count;
}
