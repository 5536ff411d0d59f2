// Starts the real server as a child process on a free port with a fresh data dir, so e2e tests see
// exactly what a user gets: PGlite on disk, mail in <dataDir>/outbox, the built web app. From the
// sources (`node --import tsx apps/api/src/server.ts`), or with KASSA_E2E_FROM_BUILD=1 from the
// build `npm start` runs (`node apps/api/dist/server.js`). Children never outlive the test
// process: stop() ends one, and an exit hook kills whatever is left.
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** Every demo account's password (apps/api/src/demo/demo-catalog.ts); the harness's admin gets it too. */
export const DEMO_PASSWORD = 'Kassa-demo-2026!';
export const ADMIN_EMAIL = 'admin@kassa.local';
/**
 * PUBLIC_URL of servers sharing a PostgreSQL database: every process on one database must have the
 * same (docs/ARCHITECTURE.md#processes-in-production), so not each its own port's.
 */
export const SHARED_PUBLIC_URL = 'http://kassa.test';
const FROM_BUILD = process.env.KASSA_E2E_FROM_BUILD === '1';

export interface StartServerOptions {
  /** Load `npm run demo`'s data into the data dir before the server opens it (PGlite: one process at a time). */
  demo?: boolean;
  /** Extra environment for the server (and the demo loader), e.g. { KASSA_OTP: 'off' }. */
  env?: Record<string, string>;
  /** Run apps/api/dist whatever KASSA_E2E_FROM_BUILD says (the e2e global setup has built it). */
  fromBuild?: boolean;
  /**
   * The host name of `url` and PUBLIC_URL (the server still listens on 127.0.0.1). WebAuthn needs a
   * domain, not an IP address, as its relying party: passkey tests use 'localhost'.
   */
  publicHost?: string;
  /**
   * PUBLIC_URL is `url` even on PostgreSQL: for a server alone on its own database, whose mailed links
   * a browser follows (SHARED_PUBLIC_URL reaches no server).
   */
  ownPublicUrl?: boolean;
}

export interface KassaServer {
  /** http://127.0.0.1:<port>, also the server's PUBLIC_URL. */
  url: string;
  dataDir: string;
  /** The server's stdout and stderr. */
  logFile: string;
  admin: { email: string; password: string };
  readLog(): string;
  /** Whether the process is still running (it may have died on its own). */
  isAlive(): boolean;
  /** Sends a signal (SIGTERM: drain and exit); resolves with the exit code. */
  signal(signal: NodeJS.Signals): Promise<number | null>;
  /** The environment it runs with, for a second process on the same data (npm run demo). */
  env: NodeJS.ProcessEnv;
  /** kill -9: no shutdown hooks, requests in flight are cut off; the data dir is kept. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

const live = new Set<ChildProcess>();
let hooked = false;

function killLeftovers() {
  for (const child of live) child.kill('SIGKILL');
  live.clear();
}

function hookProcessExit() {
  if (hooked) return;
  hooked = true;
  process.once('exit', killLeftovers);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      killLeftovers();
      // Re-raise so the test process still ends the way the signal meant.
      process.kill(process.pid, signal);
    });
  }
}

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

const tail = (file: string, lines = 40) => {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no output)';
  }
};

/** `name`: server or demo, from apps/api/src or (KASSA_E2E_FROM_BUILD=1) apps/api/dist. */
function run(name: 'server' | 'demo', env: NodeJS.ProcessEnv, logFile: string, fromBuild = FROM_BUILD): ChildProcess {
  hookProcessExit();
  const out = openSync(logFile, 'a');
  // The server with the tracing preload, as `npm start` runs it (package.json): it loads nothing unless
  // the test sets OTEL_EXPORTER_OTLP_ENDPOINT.
  const args = fromBuild
    ? [...(name === 'server' ? ['--import', './apps/api/dist/telemetry.js'] : []), `apps/api/dist/${name}.js`]
    : [
        '--import',
        'tsx',
        ...(name === 'server' ? ['--import', './apps/api/src/observability/telemetry-preload.ts'] : []),
        name === 'server' ? 'apps/api/src/server.ts' : 'apps/api/src/demo/run-demo.ts',
      ];
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', out, out] });
  closeSync(out);
  live.add(child);
  child.once('exit', () => live.delete(child));
  return child;
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((ok) => {
    if (child.exitCode !== null || child.signalCode !== null) ok(child.exitCode);
    else child.once('exit', (code) => ok(code));
  });

export async function startServer(opts: StartServerOptions = {}): Promise<KassaServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kassa-e2e-'));
  const logFile = join(dataDir, 'server.log');
  const port = await freePort();
  const url = `http://${opts.publicHost ?? '127.0.0.1'}:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // Always the embedded database in a fresh dir, whatever the developer's shell has set.
    DATABASE_URL: '',
    SMTP_URL: '',
    KASSA_SECRET_KEY: '',
    KASSA_DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: opts.env?.DATABASE_URL && !opts.ownPublicUrl ? SHARED_PUBLIC_URL : url,
    KASSA_ADMIN_EMAIL: ADMIN_EMAIL,
    KASSA_ADMIN_PASSWORD: DEMO_PASSWORD,
    LOG_LEVEL: 'info',
    // stop() need not wait for a load balancer that is not there.
    KASSA_DRAIN_DELAY_MS: '0',
    // Servers of one test run side by side on one host: none takes the default metrics port.
    KASSA_METRICS_PORT: 'off',
    ...opts.env,
  };

  if (opts.demo) {
    const demo = await runDemo(env);
    if (demo.code !== 0) throw new Error(`npm run demo failed (exit ${demo.code}):\n${tail(demo.logFile)}`);
  }

  const child = run('server', env, logFile, opts.fromBuild);
  const stop = async () => {
    if (live.has(child)) {
      child.kill('SIGTERM');
      const code = await withTimeout(exited(child), 10_000, () => child.kill('SIGKILL'));
      if (code === undefined) await exited(child);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(url, child, logFile);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url,
    dataDir,
    logFile,
    admin: { email: ADMIN_EMAIL, password: DEMO_PASSWORD },
    readLog: () => readFileSync(logFile, 'utf8'),
    isAlive: () => live.has(child),
    signal: (signal) => {
      child.kill(signal);
      return exited(child);
    },
    env,
    kill: async () => {
      child.kill('SIGKILL');
      await exited(child);
    },
    stop,
  };
}

/** `npm run demo` with this environment (its data dir, its database); its exit code and output. */
export async function runDemo(env: NodeJS.ProcessEnv): Promise<{ code: number | null | undefined; logFile: string }> {
  const logFile = join(env.KASSA_DATA_DIR ?? tmpdir(), `demo-${Date.now()}.log`);
  const loader = run('demo', env, logFile);
  const code = await withTimeout(exited(loader), 180_000, () => loader.kill('SIGKILL'));
  return { code, logFile };
}

/** Resolves with the promise's value, or undefined after `ms` (calling onTimeout). */
async function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout: () => void): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((ok) => {
    timer = setTimeout(() => {
      onTimeout();
      ok(undefined);
    }, ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function waitForHealth(url: string, child: ChildProcess, logFile: string, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!live.has(child)) throw new Error(`The server exited before it was healthy:\n${tail(logFile)}`);
    try {
      const res = await fetch(`${url}/apiv1/health/ready/`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The server did not answer /apiv1/health/ready/ within ${timeoutMs / 1000} s:\n${tail(logFile)}`);
}
