// How long the built server (`npm start` after `npm run build`) takes to answer /apiv1/health/ready/:
// on a fresh embedded database (PGlite creates its cluster and applies every migration), then again on
// the same data dir, and — with DATABASE_URL — on a fresh PostgreSQL database and again on it. The
// server runs as `npm start` runs it, from apps/api/dist, with the start command's Node settings.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { adminUrl, withDatabase } from '../apps/api/test/pg-url.ts';
import { type BenchRow, metric } from './support/metric.ts';
import { ROOT_DIR } from './support/server.ts';

const SERVER = join(ROOT_DIR, 'apps/api/dist/server.js');
/** "Answers within a few seconds" (docs/ARCHITECTURE.md#build-and-start), for a start on an existing database. */
const RESTART_TARGET_S = 5;

async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? ok(address.port) : fail(new Error('no port'))));
    });
  });
}

/** Seconds from spawn to the first 200 from /health/ready; the process is then stopped. */
async function timeToReady(dataDir: string, databaseUrl: string): Promise<number> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, ['--heap-growing-percent=300', SERVER], {
    cwd: ROOT_DIR,
    stdio: 'ignore',
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      KASSA_DATA_DIR: dataDir,
      KASSA_SECRET_KEY: 'start-time-bench-root-secret-0123456789abcdef',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://kassa.test',
      KASSA_ADMIN_PASSWORD: 'Bench-admin-2026!',
      KASSA_DRAIN_DELAY_MS: '0',
      LOG_LEVEL: 'warn',
    },
  });
  const exited = new Promise((ok) => child.once('exit', ok));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} before it was ready`);
      const ok = await fetch(`${url}/apiv1/health/ready/`, { signal: AbortSignal.timeout(2_000) })
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) return (performance.now() - started) / 1000;
      if (performance.now() - started > 180_000) throw new Error('not ready after 180 s');
      await new Promise((r) => setTimeout(r, 25));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

export async function run(): Promise<BenchRow[]> {
  if (!existsSync(SERVER)) throw new Error('Run `npm run build` first: this bench starts apps/api/dist/server.js');
  const rows: BenchRow[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'kassa-start-'));
  try {
    rows.push(metric('built server ready, fresh PGlite data dir', await timeToReady(dataDir, ''), 's'));
    rows.push(
      metric('built server ready, PGlite restart', await timeToReady(dataDir, ''), 's', { max: RESTART_TARGET_S }),
    );
    const base = process.env.DATABASE_URL;
    if (base) {
      const name = `kassa_bench_start_${process.pid}`;
      const admin = await openDatabase({ url: adminUrl(base) });
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`create database ${name}`);
      try {
        const url = withDatabase(base, name);
        rows.push(metric('built server ready, fresh PostgreSQL database', await timeToReady(dataDir, url), 's'));
        rows.push(
          metric('built server ready, PostgreSQL restart', await timeToReady(dataDir, url), 's', {
            max: RESTART_TARGET_S,
          }),
        );
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.close();
      }
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}
