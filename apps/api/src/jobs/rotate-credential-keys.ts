// Key rotation (docs/decisions/0012-key-rotation.md): after a new root secret is added (the old ones
// kept as previous roots), every sealed value — provider credentials, financing partners' shared
// secrets, embed token copies, webhook signing secrets, authenticator-app secrets — is opened with its own key version and sealed
// again under keys.currentVersion, in one database transaction, so a rotation is all or nothing. Each
// module re-seals its own values through its service; this only runs them together. A value that does
// not open is left as it is and reported: rotation must never destroy what it cannot read.
// Gift card PIN hashes cannot be re-keyed (the PIN is not known); they record their key version and
// stay verifiable while the previous roots are configured (gift-cards/gift-card-keys.ts).
import type { AppContext } from '../context.ts';
import { resealTotpSecrets } from '../modules/auth/totp.service.ts';
import { resealProviderCredentials } from '../modules/connections/connections.service.ts';
import { resealEmbedTokens } from '../modules/embed/embed.service.ts';
import { resealPartnerSecrets } from '../modules/financing/financial-connections.service.ts';
import { resealWebhookSecrets } from '../modules/webhooks/webhooks.service.ts';

export interface RotationReport {
  keyVersion: number;
  providerConnections: number;
  financialConnections: number;
  embedTokens: number;
  webhookSecrets: number;
  /** Users' authenticator-app secrets. */
  totpSecrets: number;
  /** Rows whose ciphertext did not open (tampered, or sealed under a root that is not configured). */
  unreadable: string[];
}

export async function rotateCredentialKeys(ctx: AppContext): Promise<RotationReport> {
  const { keys } = ctx;
  const unreadable: string[] = [];
  return ctx.db.transaction(async (db) => ({
    keyVersion: keys.currentVersion,
    providerConnections: await resealProviderCredentials(db, keys, unreadable),
    financialConnections: await resealPartnerSecrets(db, keys, unreadable),
    embedTokens: await resealEmbedTokens(db, keys, unreadable),
    webhookSecrets: await resealWebhookSecrets(db, keys, unreadable),
    totpSecrets: await resealTotpSecrets(db, keys, unreadable),
    unreadable,
  }));
}
