// The payment bench's saved-card column: a merchant-initiated charge of a saved sandbox card
// (POST /apiv1/customer/{id}/charge/ with an API key) against the checkout payment (checkout token +
// charge) in the same run, at 1 and 8 at once, in turns so a slower moment of the shared machine falls
// on both. A saved-card charge does less work (no checkout token, no card to read), so it should be at
// least as fast (docs/benchmarks.md). And its floor, as the payment bench has one: the SQL one
// saved-card charge sends today, captured at the driver from the real route and replayed straight from
// this process (bench/support/sql-replay.ts), so "saved-card Kassa ÷ floor" and the p99 at half of the
// saved-card peak hold it to the payment targets.
import { randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { ROLE } from '@kassa/contract/access';
import pg from 'pg';
import { PipelineClient } from '../apps/api/src/db/pipeline-client.ts';
import { apiKeys } from '../apps/api/src/db/schema.ts';
import { hashApiKeySecret } from '../apps/api/src/modules/api-keys/api-keys.service.ts';
import { createMerchant } from '../apps/api/test/factories/merchants.ts';
import { createSavedCard } from '../apps/api/test/factories/saved-cards.ts';
import { createProduct } from '../apps/api/test/factories/sellables.ts';
import { createUser } from '../apps/api/test/factories/users.ts';
import { payOnce, SECONDS, Tally } from './payment.bench.ts';
import { type BenchRow, metric } from './support/metric.ts';
import { startBenchApi } from './support/server.ts';
import { captureSql } from './support/sql-capture.ts';
import { countScript, type ReplayTarget, replayer, toScript } from './support/sql-replay.ts';

const CONCURRENCY = [1, 8] as const;
const TURNS = 3;

/** `clients` loops each doing `once` back to back for `ms`: the latencies and the time taken. */
async function closedLoop(once: () => Promise<void>, clients: number, ms: number) {
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() - started < ms) {
        const t0 = performance.now();
        await once();
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return { latencies, elapsedMs: performance.now() - started };
}

/**
 * `once` started at a steady `ratePerSec` for `ms`, whatever the answers take (an open loop, as buyers
 * arrive): each latency counts from when its request was due, so a stall shows in the p99.
 */
async function atRate(once: () => Promise<void>, ratePerSec: number, ms: number) {
  const latencies: number[] = [];
  const pending: Promise<void>[] = [];
  const started = performance.now();
  const gap = 1000 / ratePerSec;
  for (let due = started; due < started + ms; due += gap) {
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(once().then(() => void latencies.push(performance.now() - due)));
  }
  await Promise.all(pending);
  return { latencies, elapsedMs: performance.now() - started };
}

export async function run(): Promise<BenchRow[]> {
  const api = await startBenchApi({ withoutRateLimits: true });
  let pool: pg.Pool | undefined;
  try {
    const merchant = await createMerchant(api.ctx.db, { name: 'Acme Outfitters', phone: '+14155550123' });
    const owner = await createUser(api.ctx.db, { role: ROLE.MERCHANT_OWNER, merchantId: merchant.id });
    const product = await createProduct(api.ctx.db, merchant.id);
    const secret = `sk_test_${randomBytes(32).toString('base64url')}`;
    const [key] = await api.ctx.db
      .insert(apiKeys)
      .values({
        merchantId: merchant.id,
        name: 'bench',
        mode: 'test',
        scopes: ['customers:write', 'payments:write'],
        secretHash: hashApiKeySecret(api.ctx.keys, secret),
        prefix: secret.slice(0, 12),
        last4: secret.slice(-4),
        createdBy: owner.id,
        createdAt: new Date(),
      })
      .returning({ id: apiKeys.id });
    const customer = await fetch(`${api.url}/apiv1/customer/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
      body: JSON.stringify({ name: 'Ada Buyer', email: 'ada@example.com', reference: 'bench-buyer', mode: 'test' }),
    });
    const customerId = ((await customer.json()) as { result: { id: string } }).result.id;
    // A saved sandbox card that always approves, as the route matrix keeps one.
    const card = await createSavedCard(api.ctx.db, merchant.id, customerId);

    const chargeSaved = async () => {
      const res = await fetch(`${api.url}/apiv1/customer/${customerId}/charge/`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${secret}`,
          'idempotency-key': `bench-${crypto.randomUUID()}`,
        },
        body: JSON.stringify({ payment_method_id: card.id, amount: 1_200, currency: 'USD' }),
      });
      const json = (await res.json()) as { result?: { status: string } };
      if (json.result?.status !== 'capture_succeeded')
        throw new Error(`saved-card charge failed: ${JSON.stringify(json)}`);
    };
    const checkout = () => payOnce(api, product.id);
    // Warm both paths up before measuring.
    await closedLoop(chargeSaved, 4, 1000);
    await closedLoop(checkout, 4, 1000);

    // The floor: this run's own SQL of one saved-card charge, every id that exists before it a fixture.
    const fixtures = {
      merchant: merchant.id,
      owner: owner.id,
      product: product.id,
      customer: customerId,
      card: card.id,
      apiKey: key!.id,
    };
    const capturedAt = Date.now();
    const { statements } = await captureSql(chargeSaved);
    const script = toScript(statements, fixtures, capturedAt, 'this run: one saved-card charge');
    const counts = countScript(script);
    if (api.database === 'postgres') {
      // As the payment bench: one connection per client, kept open, pipelined as the API's pool.
      pool = new pg.Pool({
        connectionString: api.ctx.config.databaseUrl,
        max: Math.max(...CONCURRENCY),
        idleTimeoutMillis: 0,
        pipeline: true,
        Client: PipelineClient,
      });
    }
    const target: ReplayTarget = pool
      ? { kind: 'pg', pool }
      : { kind: 'pglite', client: (api.ctx.db as unknown as { $client: PGlite }).$client };
    const floor = replayer(target, script, fixtures);
    await closedLoop(floor, 4, 1000);

    const levels = CONCURRENCY.map((c) => ({ c, saved: new Tally(), checkout: new Tally(), floor: new Tally() }));
    const turn = (SECONDS * 1000) / TURNS;
    for (let i = 0; i < TURNS; i += 1) {
      for (const level of levels) {
        level.floor.add(await closedLoop(floor, level.c, turn));
        level.checkout.add(await closedLoop(checkout, level.c, turn));
        level.saved.add(await closedLoop(chargeSaved, level.c, turn));
      }
    }
    const rows: BenchRow[] = [
      metric(`saved-card statements per charge (${api.database})`, counts.statements, 'statements'),
      metric('saved-card commits per charge', counts.commits, 'commits'),
    ];
    const peaks = { saved: 0, floor: 0 };
    for (const { c, saved, checkout: typed, floor: bare } of levels) {
      peaks.saved = Math.max(peaks.saved, saved.perSec);
      peaks.floor = Math.max(peaks.floor, bare.perSec);
      rows.push(
        metric(`checkout payment, ${c} at once (${api.database})`, typed.perSec, 'payments/s'),
        metric(`saved-card floor, ${c} at once`, bare.perSec, 'payments/s'),
        metric(`saved-card charge, ${c} at once`, saved.perSec, 'payments/s'),
        metric(`saved-card charge, ${c} at once: p99`, saved.percentile(99), 'ms'),
        metric(`saved-card ÷ checkout, ${c} at once`, saved.perSec / typed.perSec, 'ratio', { min: 1 }),
        metric(`saved-card Kassa ÷ floor, ${c} at once`, saved.perSec / bare.perSec, 'ratio', { min: 0.7 }),
      );
    }
    // Steady state after the closed loops: the replay connections closed, then the rate held, twice
    // as long (a p99 needs a few hundred charges), as in the payment bench.
    await pool?.end();
    pool = undefined;
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const half = new Tally();
    half.add(await atRate(chargeSaved, peaks.saved / 2, 2 * SECONDS * 1000));
    return [
      ...rows,
      metric('saved-card Kassa peak ÷ floor peak', peaks.saved / peaks.floor, 'ratio', { min: 0.7 }),
      metric(`saved-card p99 at half its peak (${(peaks.saved / 2).toFixed(0)} charges/s)`, half.percentile(99), 'ms', {
        max: 50,
      }),
    ];
  } finally {
    await pool?.end();
    await api.close();
  }
}
