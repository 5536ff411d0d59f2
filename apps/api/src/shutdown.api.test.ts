// SIGTERM ends the real server (apps/api/src/server.ts, as `npm start` runs it) within
// KASSA_SHUTDOWN_TIMEOUT_MS even while a request holds a pool connection that does not come back: here
// a request waits on a table lock the test holds, so neither the HTTP server nor the pool can close.
// PostgreSQL only: the lock is taken from a second connection.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database.ts';
import { createMerchant } from '../test/factories/merchants.ts';
import { createProduct } from '../test/factories/sellables.ts';
import { withDatabase } from '../test/pg-url.ts';
import { type Database, openDatabase } from './db/client.ts';

const onPostgres = process.env.KASSA_TEST_DB === 'postgres';
/**
 * This file's own port. 31100–31199 are kept for tests that listen: below Linux's ephemeral
 * range (32768–60999), so no outgoing connection of a test running beside it can hold the port.
 */
const PORT = 31_132;
const LIMIT_MS = 1_500;
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

const exited = (child: ChildProcess) =>
  new Promise<number | null>((ok) => {
    if (child.exitCode !== null || child.signalCode !== null) ok(child.exitCode);
    else child.once('exit', (code) => ok(code));
  });

describe.skipIf(!onPostgres)('SIGTERM', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let url: string;
  let productId: string;
  const dataDir = mkdtempSync(join(tmpdir(), 'kassa-shutdown-'));

  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
    const [{ name }] = (await database.query<{ name: string }>('select current_database() as name')) as [
      { name: string },
    ];
    url = withDatabase(process.env.DATABASE_URL!, name);
    const merchant = await createMerchant(database.db, { name: 'Lock Outfitters' });
    productId = (await createProduct(database.db, merchant.id)).id;
  });

  afterAll(async () => {
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('ends the server within KASSA_SHUTDOWN_TIMEOUT_MS while a request waits on the database', {
    timeout: 90_000,
  }, async () => {
    const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: url,
        KASSA_DATA_DIR: dataDir,
        PORT: String(PORT),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${PORT}`,
        KASSA_SHUTDOWN_TIMEOUT_MS: String(LIMIT_MS),
        LOG_LEVEL: 'fatal',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    server.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const locker = await openDatabase({ url, poolSize: 1 });
    const lock = await (locker.db as unknown as { $client: import('pg').Pool }).$client.connect();
    try {
      const base = `http://127.0.0.1:${PORT}/apiv1`;
      for (let ready = false; !ready; ) {
        expect(server.exitCode, `the server ended before it served: ${stderr}`).toBeNull();
        ready = await fetch(`${base}/health/`, { signal: AbortSignal.timeout(1_000) }).then(
          (r) => r.ok,
          () => false,
        );
        if (!ready) await new Promise((r) => setTimeout(r, 200));
      }
      await lock.query('begin');
      await lock.query('lock table products in access exclusive mode');
      // A buyer opens the checkout: the request reads the product and waits on the lock.
      const stuck = fetch(`${base}/product/get-checkout-token/${productId}/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ quantity: 1 }),
      }).catch(() => null);
      await new Promise((r) => setTimeout(r, 500));
      const sent = Date.now();
      server.kill('SIGTERM');
      const ended = await Promise.race([
        exited(server).then(() => Date.now() - sent),
        new Promise<null>((r) => setTimeout(() => r(null), LIMIT_MS + 5_000)),
      ]);
      expect(ended, 'the server still ran after SIGTERM').not.toBeNull();
      expect(ended!).toBeLessThan(LIMIT_MS + 3_000);
      await stuck;
    } finally {
      server.kill('SIGKILL');
      await lock.query('rollback').catch(() => {});
      lock.release();
      await locker.close();
    }
  });
});
