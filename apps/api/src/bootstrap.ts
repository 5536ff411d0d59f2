// Opens everything the API needs from a config: database (migrated), keys, mailer, clock.
import { join } from 'node:path';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { type Database, migrateDatabase, openDatabase } from './db/client.ts';
import { databaseTarget } from './db/database-target.ts';
import { pendingMigrations } from './db/migrations-status.ts';
import { startUp } from './db/start-up-lock.ts';
import { systemClock } from './lib/clock.ts';
import { deriveKeys, loadRootSecret } from './lib/keys.ts';
import { type Mailer, outboxMailer, smtpMailer } from './lib/mailer.ts';
import { createProviderResolver } from './lib/providers.ts';
import { checkDeploymentSettings } from './modules/deployment-settings/deployment-settings.service.ts';
import { moveDiskUploadsToDatabase } from './modules/uploads/uploads.service.ts';
import { createSandboxVault } from './payments/sandbox-vault.ts';

export const outboxDir = (config: Config) => join(config.dataDir, 'outbox');

export interface ContextOptions {
  mailer?: Mailer;
  /**
   * The database, when its opening was started before this module loaded (server.ts does, so that
   * PGlite starts while the API's modules load: docs/operations.md#start-time); opened here otherwise.
   */
  opening?: Promise<Database>;
  /** More start-up work that must not run in two processes at once (the first admin). */
  atStartUp?: (database: Database) => Promise<void>;
  /** Told which shared settings this start changed (it was the only process running). */
  onSettingsChanged?: (names: string[]) => void;
  /** Told how many uploaded images this start copied from the data dir into PostgreSQL. */
  onImagesCopied?: (count: number) => void;
}

/**
 * Opens the database and, taking turns with any other process starting on it, migrates it and
 * checks the settings all processes share (docs/ARCHITECTURE.md#processes-in-production). Throws
 * StartupRefusal when this process must not run beside the others.
 */
export async function createContext(config: Config, options: ContextOptions = {}): Promise<AppContext> {
  const opened = await (options.opening ?? openDatabase(databaseTarget(config)));
  const rootSecret = loadRootSecret(config.dataDir, config.secretKey);
  const { value: changed, leave } = await startUp(opened, async (alone) => {
    // A restart's database usually has every shipped migration: one count then replaces drizzle's
    // read and hash of every migration file (docs/operations.md#start-time). A database without
    // drizzle's table yet (a fresh one) fails the count and is migrated.
    if ((await pendingMigrations(opened).catch(() => 1)) !== 0) await migrateDatabase(opened);
    if (opened.kind === 'postgres') {
      const copied = await moveDiskUploadsToDatabase(opened.db, config.dataDir);
      if (copied > 0) options.onImagesCopied?.(copied);
    }
    const check = await checkDeploymentSettings(opened.db, config, rootSecret, alone, systemClock.now());
    await options.atStartUp?.(opened);
    return check.changed;
  }).catch(async (err: unknown) => {
    await opened.close();
    throw err;
  });
  if (changed.length > 0) options.onSettingsChanged?.(changed);
  const database: Database = {
    ...opened,
    close: async () => {
      await leave().catch(() => {});
      await opened.close();
    },
  };
  const keys = deriveKeys(rootSecret, config.previousSecretKeys);
  const mailer = options.mailer ?? (config.smtpUrl ? smtpMailer(config.smtpUrl) : outboxMailer(outboxDir(config)));
  const vault = createSandboxVault(database.db);
  const providers = createProviderResolver(config.publicUrl, systemClock, config.processorEndpoints, vault);
  return { config, database, db: database.db, keys, mailer, clock: systemClock, providers };
}
