// Key rotation (docs/ARCHITECTURE.md): after a new root secret is added (the old ones kept
// as previous roots), every sealed credential — provider credentials, financing partners' shared
// secrets, embed token copies — is opened with its own key version and sealed again with
// keys.currentVersion, in one database transaction. A value that does not open is left as it is and
// reported: rotation must never destroy what it cannot read.
// Gift card PIN hashes cannot be re-keyed (the PIN is not known); they record their key version and
// stay verifiable while the previous roots are configured (gift-cards/gift-card-keys.ts).
import type { AppContext } from '../../context.ts';
import { openEmbedToken, sealEmbedToken } from '../embed/embed.service.ts';
import { openSharedSecret, sealSharedSecret } from '../financing/financial-connections.service.ts';
import { resealWebhookSecrets } from '../webhooks/webhooks.service.ts';
import { openCredentials, sealCredentials } from './connection-credentials.ts';
import {
  lockStaleEmbedTokens,
  lockStaleFinancialConnections,
  lockStaleProviderConnections,
  setEmbedTokenCiphertext,
  setProviderCredentials,
  setSharedSecret,
} from './key-rotation.queries.ts';

export interface RotationReport {
  keyVersion: number;
  providerConnections: number;
  financialConnections: number;
  embedTokens: number;
  webhookSecrets: number;
  /** Rows whose ciphertext did not open (tampered, or sealed under a root that is not configured). */
  unreadable: string[];
}

export async function rotateCredentialKeys(ctx: AppContext): Promise<RotationReport> {
  const { keys } = ctx;
  const version = keys.currentVersion;
  const report: RotationReport = {
    keyVersion: version,
    providerConnections: 0,
    financialConnections: 0,
    embedTokens: 0,
    webhookSecrets: 0,
    unreadable: [],
  };
  /** Opens and seals again; undefined (and reported) when the stored value does not open. */
  const reseal = <T>(label: string, work: () => T): T | undefined => {
    try {
      return work();
    } catch {
      report.unreadable.push(label);
      return undefined;
    }
  };

  await ctx.db.transaction(async (db) => {
    for (const row of await lockStaleProviderConnections(db, version)) {
      const resealed = reseal(`provider_connections/${row.id}`, () =>
        sealCredentials(keys, row.merchantId, row.id, openCredentials(keys, row.merchantId, row.id, row.credentials)),
      );
      if (!resealed) continue;
      await setProviderCredentials(db, row.id, resealed, version);
      report.providerConnections += 1;
    }
    for (const row of await lockStaleFinancialConnections(db, version)) {
      const resealed = reseal(`financial_connections/${row.id}`, () =>
        sealSharedSecret(keys, row.id, openSharedSecret(keys, row.id, row.sharedSecret)),
      );
      if (!resealed) continue;
      await setSharedSecret(db, row.id, resealed, version);
      report.financialConnections += 1;
    }
    for (const row of await lockStaleEmbedTokens(db, version)) {
      const sealed = row.tokenCiphertext ?? '';
      const resealed = reseal(`embed_settings/${row.merchantId}`, () =>
        sealEmbedToken(keys, row.merchantId, openEmbedToken(keys, row.merchantId, sealed)),
      );
      if (!resealed) continue;
      await setEmbedTokenCiphertext(db, row.merchantId, resealed, version);
      report.embedTokens += 1;
    }
    report.webhookSecrets = await resealWebhookSecrets(db, keys, report.unreadable);
  });
  return report;
}
