// The API in this process, as the benches measure it: buildApp on a fresh database — embedded PGlite
// on disk by default, or a new PostgreSQL database on DATABASE_URL's server, dropped afterwards —
// listening on a free loopback port. KASSA_OTP=off so a bench signs in with one call.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../apps/api/src/context.ts';
import { adminUrl, withDatabase } from '../../apps/api/test/pg-url.ts';
import { type ApiEntry, builtApi } from './api-build.ts';

export const ROOT_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const WEB_DIST = resolve(ROOT_DIR, 'apps/web/dist');
const ADMIN = { email: 'admin@kassa.local', password: 'Bench-admin-2026!' };

export interface BenchApi {
  url: string;
  app: FastifyInstance;
  ctx: AppContext;
  admin: { email: string; password: string };
  database: 'pglite' | 'postgres';
  /** The API's modules this bench API runs, with the factories (api-entry.ts). */
  built: ApiEntry;
  close(): Promise<void>;
}

export interface BenchApiOptions {
  /** Serve the built web app too (apps/web/dist), for page-weight and Lighthouse benches. */
  web?: boolean;
  env?: Record<string, string>;
  /** Let the load generator's single address past the per-address rate limits (buildApp's bench-only option). */
  withoutRateLimits?: boolean;
}

export async function startBenchApi(opts: BenchApiOptions = {}): Promise<BenchApi> {
  // The API runs in this process as server.ts runs it: compiled as `npm start` runs it (api-build.ts),
  // and `npm run bench` starts it with the same V8 heap setting as `npm start`.
  const built = await builtApi(ROOT_DIR);
  const { buildApp, createContext, ensureFirstAdmin, openDatabase, readConfig } = built;
  const dataDir = mkdtempSync(join(tmpdir(), 'kassa-bench-'));
  const base = process.env.DATABASE_URL;
  const dbName = `kassa_bench_${process.pid}_${Date.now().toString(36)}`;
  if (base) {
    const admin = await openDatabase({ url: adminUrl(base) });
    await admin.query(`create database ${dbName}`);
    await admin.close();
  }
  const config = readConfig({
    KASSA_DATA_DIR: dataDir,
    DATABASE_URL: base ? withDatabase(base, dbName) : '',
    KASSA_OTP: 'off',
    LOG_LEVEL: 'silent',
    KASSA_ADMIN_EMAIL: ADMIN.email,
    KASSA_ADMIN_PASSWORD: ADMIN.password,
    ...opts.env,
  });
  const ctx = await createContext(config);
  await ensureFirstAdmin(ctx.db, ADMIN.email, ADMIN.password);
  const app = await buildApp(ctx, {
    ...(opts.web ? { webDist: WEB_DIST } : {}),
    ...(opts.withoutRateLimits ? { benchWithoutRateLimits: true } : {}),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    ctx,
    admin: ADMIN,
    database: ctx.database.kind,
    built,
    close: async () => {
      await app.close();
      await ctx.database.close();
      if (base) {
        const admin = await openDatabase({ url: adminUrl(base) });
        await admin.query(`drop database if exists ${dbName} with (force)`);
        await admin.close();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** An access token for `email` (the bench server runs with KASSA_OTP=off: the password is enough). */
export async function signInToken(api: Pick<BenchApi, 'url'>, email: string, password: string): Promise<string> {
  const res = await fetch(`${api.url}/apiv1/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const json = (await res.json()) as { result?: { access?: string } };
  if (!res.ok || !json.result?.access) throw new Error(`Sign-in of ${email} failed: ${JSON.stringify(json)}`);
  return json.result.access;
}
