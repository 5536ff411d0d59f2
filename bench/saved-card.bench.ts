// The payment bench's saved-card column: a merchant-initiated charge of a saved sandbox card
// (POST /apiv1/customer/{id}/charge/ with an API key) against the checkout payment (checkout token +
// charge) in the same run, at 1 and 8 at once, in turns so a slower moment of the shared machine falls
// on both. A saved-card charge does less work (no checkout token, no card to read), so it should be at
// least as fast (docs/benchmarks.md).
import { randomBytes } from 'node:crypto';
import { ROLE } from '@kassa/contract/access';
import { apiKeys } from '../apps/api/src/db/schema.ts';
import { hashApiKeySecret } from '../apps/api/src/modules/api-keys/api-keys.service.ts';
import { createMerchant } from '../apps/api/test/factories/merchants.ts';
import { createSavedCard } from '../apps/api/test/factories/saved-cards.ts';
import { createProduct } from '../apps/api/test/factories/sellables.ts';
import { createUser } from '../apps/api/test/factories/users.ts';
import { payOnce, SECONDS, Tally } from './payment.bench.ts';
import { type BenchRow, metric } from './support/metric.ts';
import { startBenchApi } from './support/server.ts';

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

export async function run(): Promise<BenchRow[]> {
  const api = await startBenchApi({ withoutRateLimits: true });
  try {
    const merchant = await createMerchant(api.ctx.db, { name: 'Acme Outfitters', phone: '+14155550123' });
    const owner = await createUser(api.ctx.db, { role: ROLE.MERCHANT_OWNER, merchantId: merchant.id });
    const product = await createProduct(api.ctx.db, merchant.id);
    const secret = `sk_test_${randomBytes(32).toString('base64url')}`;
    await api.ctx.db.insert(apiKeys).values({
      merchantId: merchant.id,
      name: 'bench',
      mode: 'test',
      scopes: ['customers:write', 'payments:write'],
      secretHash: hashApiKeySecret(api.ctx.keys, secret),
      prefix: secret.slice(0, 12),
      last4: secret.slice(-4),
      createdBy: owner.id,
      createdAt: new Date(),
    });
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

    const levels = CONCURRENCY.map((c) => ({ c, saved: new Tally(), checkout: new Tally() }));
    const turn = (SECONDS * 1000) / TURNS;
    for (let i = 0; i < TURNS; i += 1) {
      for (const level of levels) {
        level.checkout.add(await closedLoop(checkout, level.c, turn));
        level.saved.add(await closedLoop(chargeSaved, level.c, turn));
      }
    }
    const rows: BenchRow[] = [];
    for (const { c, saved, checkout: typed } of levels) {
      rows.push(
        metric(`checkout payment, ${c} at once (${api.database})`, typed.perSec, 'payments/s'),
        metric(`saved-card charge, ${c} at once`, saved.perSec, 'payments/s'),
        metric(`saved-card charge, ${c} at once: p99`, saved.percentile(99), 'ms'),
        metric(`saved-card ÷ checkout, ${c} at once`, saved.perSec / typed.perSec, 'ratio', { min: 1 }),
      );
    }
    return rows;
  } finally {
    await api.close();
  }
}
