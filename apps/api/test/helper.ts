// Builds the whole app on a fresh database for one test file, with mail kept in memory and a clock
// tests can move. `inject` then exercises real HTTP semantics (docs/ARCHITECTURE.md).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type BuildOptions, buildApp } from '../src/app.ts';
import { readConfig } from '../src/config.ts';
import type { AppContext } from '../src/context.ts';
import { OffsetClock } from '../src/lib/clock.ts';
import { deriveKeys } from '../src/lib/keys.ts';
import { MemoryMailer } from '../src/lib/mailer.ts';
import { createProviderResolver } from '../src/lib/providers.ts';
import type { Resolver } from '../src/lib/ssrf-guard.ts';
import { createSandboxVault } from '../src/payments/sandbox-vault.ts';
import { createTestDatabase } from './database.ts';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  mail: MemoryMailer;
  clock: OffsetClock;
  close: () => Promise<void>;
}

/**
 * Webhook URLs resolve without asking any DNS server: localhost is the loopback address, names under
 * example.com a public address (so they pass the address check; no test delivers to them), every
 * other name does not exist.
 */
export const testDns: Resolver = async (hostname) => {
  if (hostname === 'localhost') return [{ address: '127.0.0.1', family: 4 }];
  if (hostname === 'example.com' || hostname.endsWith('.example.com')) return [{ address: '93.184.215.14', family: 4 }];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
};

export async function buildTestApp(
  env: Record<string, string> = {},
  /** What server.ts passes beyond the context (the built web app's folder), for tests of the app `npm start` serves. */
  options: Pick<BuildOptions, 'webDist'> = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kassa-test-'));
  const config = readConfig({ KASSA_DATA_DIR: dataDir, PUBLIC_URL: 'http://kassa.test', ...env });
  const { database, drop } = await createTestDatabase({
    poolSize: config.databasePoolSize,
    connectTimeoutMs: config.databaseConnectTimeoutMs,
    statementTimeoutMs: config.databaseStatementTimeoutMs,
  });
  return testAppOn(
    async ({ mail, clock }) => ({
      config,
      database,
      db: database.db,
      keys: deriveKeys('test-root-secret-0123456789abcdef0123456789'),
      mailer: mail,
      clock,
      providers: createProviderResolver(
        config.publicUrl,
        clock,
        config.processorEndpoints,
        createSandboxVault(database.db),
      ),
      dns: testDns,
    }),
    drop,
    options,
  );
}

/**
 * The app, ready for requests, on the context `open` makes around mail kept in memory and a clock
 * tests can move; `close` closes the app, then `release`s the context's database. Also this test
 * process's own API process beside built servers (e2e/support/process-group.ts).
 */
export async function testAppOn(
  open: (parts: { mail: MemoryMailer; clock: OffsetClock }) => Promise<AppContext>,
  release: (ctx: AppContext) => Promise<void>,
  options: Pick<BuildOptions, 'webDist'> = {},
): Promise<TestApp> {
  const mail = new MemoryMailer();
  const clock = new OffsetClock();
  const ctx = await open({ mail, clock });
  const app = await buildApp(ctx, options);
  await app.ready();
  return {
    app,
    ctx,
    mail,
    clock,
    close: async () => {
      await app.close();
      await release(ctx);
    },
  };
}
