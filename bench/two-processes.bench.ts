// Two API processes on one PostgreSQL database against one, on the same two cores, side by side in one
// run (docs/ARCHITECTURE.md#scaling-out): whole payments over HTTP from the payment bench's buyers, sent
// to one process, or round-robin to two, as a load balancer would; and the floor, the SQL of one
// payment replayed straight from this process (payment.bench.ts). The target: Kassa ÷ floor with two
// processes not more than 10 % below the figure with one. PostgreSQL only: an embedded database is one
// process's.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import pg from 'pg';
import { PipelineClient } from '../apps/api/src/db/pipeline-client.ts';
import { type Buyers, kassaRun, payOnce, startBuyers } from './payment.bench.ts';
import { closedLoop, Tally } from './support/loops.ts';
import { type BenchRow, metric } from './support/metric.ts';
import { ROOT_DIR, startBenchApi } from './support/server.ts';
import { captureSql } from './support/sql-capture.ts';
import { replayer, toScript } from './support/sql-replay.ts';

const CONCURRENCY = [8, 32] as const;
const SECONDS = Number(process.env.KASSA_BENCH_SECONDS ?? 5);
const WARM_UP_SECONDS = Number(process.env.KASSA_BENCH_WARM_UP_SECONDS ?? 10);
const TURNS = 3;
// Every process on one database shares these (docs/ARCHITECTURE.md#processes-in-production).
const SHARED = { KASSA_SECRET_KEY: 'two-processes-bench-root-secret-0123456789', PUBLIC_URL: 'http://kassa.test' };

/** An API process as server.ts runs one, with the start command's Node settings; resolves with its URL. */
async function startApiProcess(databaseUrl: string, dataDir: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    ['--heap-growing-percent=300', '--import', 'tsx', 'bench/support/api-process.ts'],
    {
      cwd: ROOT_DIR,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, ...SHARED, DATABASE_URL: databaseUrl, KASSA_DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    },
  );
  let out = '';
  child.stdout!.setEncoding('utf8');
  for await (const chunk of child.stdout!) {
    out += chunk;
    const url = /listening (\S+)/.exec(out)?.[1];
    if (url) return { url, child };
  }
  throw new Error(`the API process exited before listening: ${out}`);
}

async function stopApiProcess(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}

export async function run(): Promise<BenchRow[]> {
  if (!process.env.DATABASE_URL) {
    return [metric('two processes: needs DATABASE_URL (PGlite is one process), not measured', Number.NaN, '—')];
  }
  // This process's API only sets up and captures the payment's SQL; the processes measured are children.
  const api = await startBenchApi({ withoutRateLimits: true, env: SHARED });
  const children: ChildProcess[] = [];
  let pool: pg.Pool | undefined;
  const buyers: Buyers[] = [];
  try {
    const { createMerchant, createProduct } = api.built;
    const merchant = await createMerchant(api.ctx.db, { name: 'Acme Outfitters', phone: '+14155550123' });
    const product = await createProduct(api.ctx.db, merchant.id);
    const fixtures = { merchant: merchant.id, product: product.id };
    // The SQL of a payment once the process has seen the merchant, as the children pay after their
    // warm-up (the first payment takes the locked path: a statement more).
    await payOnce(api, product.id);
    const capturedAt = Date.now();
    const { statements } = await captureSql(() => payOnce(api, product.id));
    const script = toScript(statements, fixtures, capturedAt, 'this run');
    // Nothing but the children serves from here on.
    await api.app.close();

    const databaseUrl = api.ctx.config.databaseUrl!;
    const [a, b] = await Promise.all([
      startApiProcess(databaseUrl, api.ctx.config.dataDir),
      startApiProcess(databaseUrl, api.ctx.config.dataDir),
    ]);
    children.push(a!.child, b!.child);
    const one = startBuyers({ url: a!.url, productId: product.id });
    const two = startBuyers({ url: a!.url, moreUrls: [b!.url], productId: product.id });
    buyers.push(one, two);
    await kassaRun(two, { concurrency: 8 }, WARM_UP_SECONDS * 1000);
    await kassaRun(one, { concurrency: 8 }, (WARM_UP_SECONDS * 1000) / 2);

    pool = new pg.Pool({
      connectionString: databaseUrl,
      max: Math.max(...CONCURRENCY),
      idleTimeoutMillis: 0,
      pipeline: true,
      Client: PipelineClient,
    });
    const floor = replayer({ kind: 'pg', pool }, script, fixtures);
    await closedLoop(floor, 8, 2000);

    // In turns, as the payment bench: a slower moment of the shared machine falls on every contender.
    const levels = CONCURRENCY.map((c) => ({ c, f: new Tally(), k1: new Tally(), k2: new Tally() }));
    const turn = (SECONDS * 1000) / TURNS;
    for (let i = 0; i < TURNS; i += 1) {
      for (const { c, f, k1, k2 } of levels) {
        f.add(await closedLoop(floor, c, turn));
        k1.add(await kassaRun(one, { concurrency: c }, turn));
        k2.add(await kassaRun(two, { concurrency: c }, turn));
      }
    }
    const rows: BenchRow[] = [];
    const peaks = { one: 0, two: 0 };
    for (const { c, f, k1, k2 } of levels) {
      peaks.one = Math.max(peaks.one, k1.perSec / f.perSec);
      peaks.two = Math.max(peaks.two, k2.perSec / f.perSec);
      rows.push(
        metric(`floor, ${c} at once`, f.perSec, 'payments/s'),
        metric(`Kassa, one process, ${c} at once`, k1.perSec, 'payments/s'),
        metric(`Kassa, two processes, ${c} at once`, k2.perSec, 'payments/s'),
        metric(`Kassa ÷ floor, one process, ${c} at once`, k1.perSec / f.perSec, 'ratio'),
        metric(`Kassa ÷ floor, two processes, ${c} at once`, k2.perSec / f.perSec, 'ratio'),
      );
    }
    rows.push(metric('best Kassa ÷ floor, two processes ÷ one', peaks.two / peaks.one, 'ratio', { min: 0.9 }));
    return rows;
  } finally {
    await Promise.all(buyers.map((b) => b.close()));
    await pool?.end();
    await Promise.all(children.map(stopApiProcess));
    await api.close();
  }
}
