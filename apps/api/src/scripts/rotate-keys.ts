// Re-encrypts every sealed credential under a new root secret:
//
//   KASSA_SECRET_KEY=<new root> KASSA_PREVIOUS_SECRET_KEYS=<old root>[,<older root>…] \
//     npm run keys:rotate
//
// Key versions are positions in the list previous roots + current root, so the server must keep
// being started with the same KASSA_PREVIOUS_SECRET_KEYS afterwards (gift card PIN hashes keep
// their version). Stop a PGlite server first: the embedded database opens in one process at a time.
import { z } from 'zod';
import { createContext } from '../bootstrap.ts';
import { readConfig } from '../config.ts';
import { rotateCredentialKeys } from '../jobs/rotate-credential-keys.ts';
import { deriveKeys } from '../lib/keys.ts';
import { exitOnRefusal } from '../lib/startup-refusal.ts';

const env = z
  .object({
    KASSA_SECRET_KEY: z
      .string({ message: 'Set KASSA_SECRET_KEY to the new root secret' })
      .min(32, 'KASSA_SECRET_KEY (the new root) needs at least 32 characters'),
    KASSA_PREVIOUS_SECRET_KEYS: z
      .string({ message: 'Set KASSA_PREVIOUS_SECRET_KEYS to the old root(s), oldest first, comma-separated' })
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().min(32)).min(1)),
  })
  .safeParse(process.env);
if (!env.success) {
  console.error(env.error.issues.map((i) => i.message).join('\n'));
  process.exit(1);
}

const ctx = await createContext(readConfig()).catch(exitOnRefusal);
try {
  ctx.keys = deriveKeys(env.data.KASSA_SECRET_KEY, env.data.KASSA_PREVIOUS_SECRET_KEYS);
  const report = await rotateCredentialKeys(ctx);
  console.log(
    `Re-encrypted under key version ${report.keyVersion}: ${report.providerConnections} provider connections, ` +
      `${report.financialConnections} financial connections, ${report.embedTokens} embed tokens, ` +
      `${report.webhookSecrets} webhook endpoints, ${report.totpSecrets} authenticator apps.`,
  );
  if (report.unreadable.length > 0) {
    console.warn(`Left unchanged (did not decrypt with the configured roots): ${report.unreadable.join(', ')}`);
    process.exitCode = 2;
  }
} finally {
  await ctx.database.close();
}
