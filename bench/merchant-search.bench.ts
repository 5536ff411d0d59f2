// with 10,000 merchants loaded, the admin's merchants list with a search answers in under
// 50 ms per request at p95. One connection: the target is the time of one request, not of a queue.

import { seedMerchants } from '../apps/api/src/demo/bulk-seed.queries.ts';
import { DEMO_PASSWORD } from '../apps/api/src/demo/demo-catalog.ts';
import { loadDemoData } from '../apps/api/src/demo/load-demo.ts';
import { measureLoad } from './support/autocannon.ts';
import { latencyMetrics, metric } from './support/metric.ts';
import { signInToken, startBenchApi } from './support/server.ts';

const MERCHANTS = 10_000;
const SEARCHES = [
  { label: 'name', query: 'search=harbor%20coffee' },
  { label: 'e-mail', query: 'search=merchant4242%40' },
  { label: 'phone', query: 'search=5550042' },
];

export async function run() {
  const api = await startBenchApi();
  try {
    await loadDemoData(api.ctx);
    await seedMerchants(api.ctx.database, MERCHANTS, { namePrefix: 'Bench' });
    const token = await signInToken(api, 'admin@kassa.local', DEMO_PASSWORD).catch(() =>
      signInToken(api, api.admin.email, api.admin.password),
    );
    const rows = [];
    for (const s of SEARCHES) {
      const url = `${api.url}/apiv1/admin/merchant/?${s.query}&page=1&page_size=20`;
      const headers = { authorization: `Bearer ${token}` };
      await measureLoad({ url, headers, connections: 1, durationSec: 0.5 });
      const result = await measureLoad({ url, headers, connections: 1, durationSec: 2 });
      rows.push(
        ...latencyMetrics(`search by ${s.label} (${api.database}, ${MERCHANTS} merchants)`, result, { max: 50 }),
        metric(`search by ${s.label}: sequential`, result.requestsPerSec, 'req/s'),
      );
    }
    return rows;
  } finally {
    await api.close();
  }
}
