// What a payment costs, against what the database alone needs for it. Side by side in one run:
// - the floor: the SQL one payment sends today, captured at the driver from the real code path
//   (checkout token + charge over HTTP), replayed straight from this process at 1, 8 and 32 at once;
// - the fixed reference: the SQL a payment sent before it was made fast (bench/payment-reference.ts,
//   frozen: it does not move when the payment's SQL changes), replayed the same way;
// - Kassa: whole payments over HTTP at 1, 8 and 32 buyers at once, from a worker thread;
// and the targets: Kassa ÷ floor, p99 at half of Kassa's peak rate, Kassa's peak ÷ the reference's.
// PostgreSQL with DATABASE_URL (the floor through its own `pg` pool, one connection per client),
// embedded PGlite otherwise (one connection: the floor replays through the server's own PGlite).
import { Worker } from 'node:worker_threads';
import { ROLE } from '@kassa/contract/access';
import { REFERENCE_PAYMENT } from './payment-reference.ts';
import { captureScript, floorAtRate, floorTarget } from './support/floor.ts';
import { closedLoop, Tally } from './support/loops.ts';
import { type BenchRow, metric } from './support/metric.ts';
import type { PaymentLoadOutput, PaymentLoadRun, PaymentLoadTarget } from './support/payment-load.worker.ts';
import { sandboxChargeBody } from './support/sandbox-charge.ts';
import { type BenchApi, startBenchApi } from './support/server.ts';
import { countScript } from './support/sql-replay.ts';

const CONCURRENCY = [1, 8, 32] as const;
export const SECONDS = Number(process.env.KASSA_BENCH_SECONDS ?? 5);
const TURNS = 3;
// A server runs for hours; the bench measures one that has been running, not one whose hot code V8
// is still compiling on its helper threads (docs/benchmarks.md#what-one-run-measures).
export const WARM_UP_SECONDS = Number(process.env.KASSA_BENCH_WARM_UP_SECONDS ?? 10);

/** The buyers: one worker thread for the whole bench, so its code is warm and its connections open. */
export function startBuyers(target: PaymentLoadTarget) {
  // A worker's own entry file is loaded before `--import tsx` takes effect in it on Node 20, so a
  // plain-JS entry registers tsx first and then loads the TypeScript worker.
  const entry = new URL('./support/payment-load.worker.ts', import.meta.url).href;
  const code = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`;
  const worker = new Worker(code, { eval: true, workerData: target });
  let failed: Error | undefined;
  let pending: { resolve(output: PaymentLoadOutput): void; reject(error: Error): void } | undefined;
  const fail = (error: Error) => {
    failed ??= error;
    pending?.reject(error);
    pending = undefined;
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`payment load worker exited with ${code}`)));
  worker.on('message', (output: PaymentLoadOutput) => {
    pending?.resolve(output);
    pending = undefined;
  });
  return {
    run(load: PaymentLoadRun): Promise<PaymentLoadOutput> {
      if (failed) return Promise.reject(failed);
      return new Promise((resolve, reject) => {
        pending = { resolve, reject };
        worker.postMessage(load);
      });
    },
    close: () => worker.terminate(),
  };
}
export type Buyers = ReturnType<typeof startBuyers>;

export async function kassaRun(buyers: Buyers, load: { concurrency?: number; ratePerSec?: number }, ms: number) {
  const out = await buyers.run({ durationMs: ms, ...load });
  if (out.failures > 0) throw new Error(`${out.failures} payments failed, first: ${out.firstFailure}`);
  return out;
}

/** One payment from the main thread, as the worker makes them. */
export async function payOnce(api: BenchApi, productId: string) {
  const token = await fetch(`${api.url}/apiv1/product/get-checkout-token/${productId}/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ quantity: 1 }),
  });
  const tokenCard = ((await token.json()) as { result: { token_card: string } }).result.token_card;
  const charge = await fetch(`${api.url}/apiv1/pay/charge/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': `bench-${crypto.randomUUID()}` },
    body: JSON.stringify(sandboxChargeBody(tokenCard)),
  });
  const json = (await charge.json()) as { result?: { status: string } };
  if (json.result?.status !== 'capture_succeeded') throw new Error(`payment failed: ${JSON.stringify(json)}`);
}

export async function run(): Promise<BenchRow[]> {
  const api = await startBenchApi({ withoutRateLimits: true });
  let replays: ReturnType<typeof floorTarget> | undefined;
  let buyers: Buyers | undefined;
  try {
    // A merchant whose owner and one staff member get payment e-mails, as in the demo data.
    const { createMerchant, createProduct, createUser } = api.built;
    const merchant = await createMerchant(api.ctx.db, { name: 'Acme Outfitters', phone: '+14155550123' });
    await createUser(api.ctx.db, { role: ROLE.MERCHANT_OWNER, merchantId: merchant.id });
    await createUser(api.ctx.db, { role: ROLE.MERCHANT_STAFF, merchantId: merchant.id });
    const product = await createProduct(api.ctx.db, merchant.id);
    const fixtures = { merchant: merchant.id, product: product.id };

    buyers = startBuyers({ url: api.url, productId: product.id });
    await kassaRun(buyers, { concurrency: 8 }, WARM_UP_SECONDS * 1000);
    const { script: current, counts } = await captureScript(() => payOnce(api, product.id), fixtures, 'this run');
    const reference = countScript(REFERENCE_PAYMENT);

    replays = floorTarget(api, Math.max(...CONCURRENCY));
    const floor = replays.replay(current, fixtures);
    const fixed = replays.replay(REFERENCE_PAYMENT, fixtures);
    // The replays' own warm-up: their code is small, but it gets the same chance to be compiled.
    await closedLoop(floor, 8, 2000);
    await closedLoop(fixed, 8, 2000);

    const rows: BenchRow[] = [
      metric(`statements per payment now (${api.database})`, counts.statements, 'statements'),
      metric('commits per payment now', counts.commits, 'commits'),
      metric('statements per payment, reference', reference.statements, 'statements'),
      metric('commits per payment, reference', reference.commits, 'commits'),
    ];
    // Side by side, in turns: at each level the three take a third of the time each, and the levels
    // take turns too (1, 8, 32, then again), so that a slower moment of this shared machine falls on
    // every contender and every level alike — the peaks are compared across levels.
    const levels = CONCURRENCY.map((c) => ({ c, f: new Tally(), r: new Tally(), k: new Tally() }));
    const turn = (SECONDS * 1000) / TURNS;
    for (let i = 0; i < TURNS; i += 1) {
      for (const { c, f, r, k } of levels) {
        f.add(await closedLoop(floor, c, turn));
        r.add(await closedLoop(fixed, c, turn));
        k.add(await kassaRun(buyers, { concurrency: c }, turn));
      }
    }
    const peaks = { floor: 0, reference: 0, kassa: 0 };
    const ratios: BenchRow[] = [];
    for (const { c, f, r, k } of levels) {
      peaks.floor = Math.max(peaks.floor, f.perSec);
      peaks.reference = Math.max(peaks.reference, r.perSec);
      peaks.kassa = Math.max(peaks.kassa, k.perSec);
      rows.push(
        metric(`floor, ${c} at once`, f.perSec, 'payments/s'),
        metric(`reference, ${c} at once`, r.perSec, 'payments/s'),
        metric(`Kassa, ${c} at once`, k.perSec, 'payments/s'),
        metric(`Kassa, ${c} at once: p50`, k.percentile(50), 'ms'),
        metric(`Kassa, ${c} at once: p99`, k.percentile(99), 'ms'),
      );
      ratios.push(metric(`Kassa ÷ floor, ${c} at once`, k.perSec / f.perSec, 'ratio', { min: 0.7 }));
    }
    // Steady state, not the aftermath of the 32-client runs: the replay connections are closed and
    // the database finishes what those runs left behind (their backends' exit, autovacuum), then the
    // rate is held.
    await replays.close();
    await new Promise((resolve) => setTimeout(resolve, 3000));
    // Twice as long: a p99 needs a few hundred payments to say more than the slowest three.
    const half = new Tally();
    half.add(await kassaRun(buyers, { ratePerSec: peaks.kassa / 2 }, 2 * SECONDS * 1000));
    const floorHalf = await floorAtRate(api, current, fixtures, peaks.kassa / 2, 2 * SECONDS * 1000);
    return [
      ...rows,
      ...ratios,
      metric('Kassa peak ÷ floor peak', peaks.kassa / peaks.floor, 'ratio', { min: 0.7 }),
      metric(`Kassa p99 at half its peak (${(peaks.kassa / 2).toFixed(0)} payments/s)`, half.percentile(99), 'ms', {
        max: 50,
      }),
      metric("floor p99 at that rate, on the API's connections", floorHalf.percentile(99), 'ms'),
      metric('Kassa peak ÷ reference peak', peaks.kassa / peaks.reference, 'ratio', { min: 1 }),
    ];
  } finally {
    await buyers?.close();
    await replays?.close();
    await api.close();
  }
}
