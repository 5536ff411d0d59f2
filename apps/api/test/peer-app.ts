// A second API process on the test's PostgreSQL database, inside the test process: its own pool, data
// dir, caches and LISTEN connection, as another server process would have (docs/ARCHITECTURE.md#scaling-out).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import type { AppContext } from '../src/context.ts';
import { openDatabase } from '../src/db/client.ts';
import type { TestApp } from './helper.ts';
import { withDatabase } from './pg-url.ts';

export interface PeerApp {
  app: FastifyInstance;
  ctx: AppContext;
  close: () => Promise<void>;
}

export async function buildPeerApp(t: TestApp): Promise<PeerApp> {
  const base = process.env.DATABASE_URL;
  if (t.ctx.database.kind !== 'postgres' || !base) throw new Error('A peer process needs the PostgreSQL tier');
  const [row] = await t.ctx.database.query<{ name: string }>('select current_database() as name');
  const database = await openDatabase({ url: withDatabase(base, row!.name) });
  const dataDir = mkdtempSync(join(tmpdir(), 'kassa-peer-'));
  const ctx: AppContext = { ...t.ctx, config: { ...t.ctx.config, dataDir }, database, db: database.db };
  const app = await buildApp(ctx);
  await app.ready();
  return {
    app,
    ctx,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
