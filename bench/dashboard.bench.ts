// the dashboard of a merchant with 1,000,000 transactions answers in under 200 ms (p95),
// one request at a time. KASSA_BENCH_TRANSACTIONS sets another count for a quicker look.

import { seedTransactions } from '../apps/api/src/demo/bulk-seed.queries.ts';
import { DEMO_PASSWORD } from '../apps/api/src/demo/demo-catalog.ts';
import { loadDemoData } from '../apps/api/src/demo/load-demo.ts';
import { measureLoad } from './support/autocannon.ts';
import { latencyMetrics, metric } from './support/metric.ts';
import { signInToken, startBenchApi } from './support/server.ts';

const COUNT = Number(process.env.KASSA_BENCH_TRANSACTIONS ?? 1_000_000);
const isoDate = (d: Date) => d.toISOString().slice(0, 10);

export async function run() {
  const api = await startBenchApi();
  try {
    const demo = await loadDemoData(api.ctx);
    const acme = demo.merchants.find((m) => m.name === 'Acme Outfitters')!;
    const products = await api.ctx.database.query<{ id: string }>('select id from products where merchant_id = $1', [
      acme.id,
    ]);
    const seeded = Date.now();
    await seedTransactions(api.ctx.database, {
      merchantId: acme.id,
      count: COUNT,
      days: 365,
      productIds: products.map((p) => p.id),
    });
    const seedSeconds = (Date.now() - seeded) / 1000;
    const token = await signInToken(api, 'owner@acme.example', DEMO_PASSWORD);
    const headers = { authorization: `Bearer ${token}` };
    const now = new Date();
    const ranges = [
      { label: 'last 30 days', days: 30 },
      { label: 'last 365 days', days: 365 },
    ];
    const rows = [metric(`seed ${COUNT} transactions (${api.database})`, seedSeconds, 's')];
    for (const r of ranges) {
      const from = isoDate(new Date(now.getTime() - (r.days - 1) * 86_400_000));
      const url = `${api.url}/apiv1/dashboard/summary/?from=${from}&to=${isoDate(now)}`;
      await measureLoad({ url, headers, connections: 1, amount: 3 });
      // A fixed number of requests, so a slow dashboard still gives a p95 (of 20) instead of no sample.
      const result = await measureLoad({ url, headers, connections: 1, amount: 20 });
      rows.push(...latencyMetrics(`dashboard ${r.label} (${COUNT} transactions)`, result, { max: 200 }));
    }
    return rows;
  } finally {
    await api.close();
  }
}
