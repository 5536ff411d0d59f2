// Opens everything the API needs from a config: database (migrated), keys, mailer, clock.
import { join } from 'node:path';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { type DatabaseTarget, migrateDatabase, openDatabase } from './db/client.ts';
import { systemClock } from './lib/clock.ts';
import { deriveKeys, loadRootSecret } from './lib/keys.ts';
import { type Mailer, outboxMailer, smtpMailer } from './lib/mailer.ts';
import { createProviderResolver } from './lib/providers.ts';
import { createSandboxVault } from './payments/sandbox-vault.ts';

export const databaseTarget = (config: Config): DatabaseTarget =>
  config.databaseUrl
    ? {
        url: config.databaseUrl,
        poolSize: config.databasePoolSize,
        connectTimeoutMs: config.databaseConnectTimeoutMs,
        statementTimeoutMs: config.databaseStatementTimeoutMs,
      }
    : { pgliteDir: join(config.dataDir, 'pglite') };

export const outboxDir = (config: Config) => join(config.dataDir, 'outbox');

export async function createContext(config: Config, overrides: { mailer?: Mailer } = {}): Promise<AppContext> {
  const database = await openDatabase(databaseTarget(config));
  await migrateDatabase(database);
  const keys = deriveKeys(loadRootSecret(config.dataDir, config.secretKey), config.previousSecretKeys);
  const mailer = overrides.mailer ?? (config.smtpUrl ? smtpMailer(config.smtpUrl) : outboxMailer(outboxDir(config)));
  const vault = createSandboxVault(database.db);
  const providers = createProviderResolver(config.publicUrl, systemClock, config.processorEndpoints, vault);
  return { config, database, db: database.db, keys, mailer, clock: systemClock, providers };
}
