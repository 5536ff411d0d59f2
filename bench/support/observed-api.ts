// One contender of the observability bench, in a process of its own: the API as the benches run it
// (startBenchApi, rate limits let through for the single load address), a merchant and a product, and
// the metrics endpoint when KASSA_METRICS_PORT is on. Whether tracing is loaded is decided by the
// command line that started it (the --import preload), as for `npm start`. Prints one JSON line
// { url, productId } when ready (with KASSA_BENCH_SAVED_CARD=on also `savedCard`, a saved card to
// charge with an API key: bench/support/saved-card-seed.ts), and runs until it is sent SIGTERM.

import { seedSavedCard } from './saved-card-seed.ts';
import { startBenchApi } from './server.ts';

const api = await startBenchApi({
  withoutRateLimits: true,
  env: { KASSA_METRICS_PORT: process.env.KASSA_METRICS_PORT ?? 'off' },
});
const metrics =
  api.ctx.config.metricsPort === null
    ? null
    : await api.built.startMetricsServer({
        host: '127.0.0.1',
        port: api.ctx.config.metricsPort,
        database: api.ctx.database,
      });
if (process.env.KASSA_BENCH_SAVED_CARD === 'on') {
  const { product, target } = await seedSavedCard(api, 'Observed Outfitters');
  console.log(JSON.stringify({ url: api.url, productId: product.id, savedCard: target }));
} else {
  const { createMerchant, createProduct } = api.built;
  const merchant = await createMerchant(api.ctx.db, { name: 'Observed Outfitters' });
  const product = await createProduct(api.ctx.db, merchant.id);
  console.log(JSON.stringify({ url: api.url, productId: product.id }));
}

process.once('SIGTERM', async () => {
  await metrics?.close();
  await api.close();
  process.exit(0);
});
