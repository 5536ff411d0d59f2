// Several built API processes on one fresh PostgreSQL database (docs/ARCHITECTURE.md#scaling-out), for
// the tests that kill and restart some of them: the database made and dropped, the settings every
// process must share, the servers started from the build, and this test process beside them on the
// same settings (memory mail, a clock it can move, no workers) to set data up and read the outcome.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe } from 'vitest';
import { createContext } from '../../apps/api/src/bootstrap.ts';
import { readConfig } from '../../apps/api/src/config.ts';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { type TestApp, testAppOn } from '../../apps/api/test/helper.ts';
import { adminUrl, withDatabase } from '../../apps/api/test/pg-url.ts';
import { type KassaServer, SHARED_PUBLIC_URL, startServer } from './server.ts';

const BASE_URL = process.env.DATABASE_URL;

/** A suite that needs PostgreSQL (CI sets DATABASE_URL): skipped otherwise, and its title says so. */
export function describeOnPostgres(title: string, body: () => void) {
  describe.skipIf(!BASE_URL)(`${title}${BASE_URL ? '' : ' — skipped: set DATABASE_URL to run it'}`, body);
}

export interface ProcessGroupOptions {
  /** Names the database, `kassa_<name>_<pid>`, and this process's data dir. */
  name: string;
  /** The root secret all the processes share. */
  secret: string;
  /** More settings for every process (the servers and this one). */
  env?: Record<string, string>;
}

export interface ProcessGroup {
  /** The settings every process runs with. */
  env: Record<string, string>;
  /** Every server started, killed or not, in the order started. */
  servers: KassaServer[];
  /** Starts built servers at once (with more settings each), adds them to `servers`, returns them. */
  start(extraEnvs: Record<string, string>[]): Promise<KassaServer[]>;
  /**
   * This test process as one more API process on the database (migrating it when no server has):
   * made at the first call, the same app after.
   */
  local(): Promise<TestApp>;
  /** Stops every server and this process's app, and drops the database. */
  close(): Promise<void>;
}

export async function openProcessGroup(opts: ProcessGroupOptions): Promise<ProcessGroup> {
  const dbName = `kassa_${opts.name}_${process.pid}`;
  const admin = await openDatabase({ url: adminUrl(BASE_URL!) });
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.query(`create database ${dbName}`);
  const env = {
    DATABASE_URL: withDatabase(BASE_URL!, dbName),
    KASSA_SECRET_KEY: opts.secret,
    // Several engineers share this machine's two cores: a pool wait of 5 s is not a fault here, nor a
    // readiness check that takes over a second.
    DATABASE_CONNECT_TIMEOUT_MS: '20000',
    KASSA_HEALTH_TIMEOUT_MS: '10000',
    ...opts.env,
  };
  const servers: KassaServer[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), `kassa-${opts.name}-`));
  let local: Promise<TestApp> | undefined;

  async function openLocal(): Promise<TestApp> {
    const config = readConfig({ ...env, KASSA_DATA_DIR: dataDir, PUBLIC_URL: SHARED_PUBLIC_URL });
    // The context a server makes from these settings, with the test's mail and clock.
    return testAppOn(
      async ({ mail, clock }) => ({ ...(await createContext(config, { mailer: mail })), clock }),
      (ctx) => ctx.database.close(),
    );
  }

  return {
    env,
    servers,
    async start(extraEnvs) {
      const started = await Promise.all(
        extraEnvs.map((extra) => startServer({ env: { ...env, ...extra }, fromBuild: true })),
      );
      servers.push(...started);
      return started;
    },
    local: () => {
      local ??= openLocal();
      return local;
    },
    async close() {
      await Promise.all(servers.map((s) => s.stop()));
      await (await local?.catch(() => undefined))?.close();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
