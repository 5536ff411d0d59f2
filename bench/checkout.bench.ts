// what a buyer's checkout costs. Side by side in one run: requests/s of the product
// checkout-details endpoint against a bare Fastify route returning the same JSON from memory; the
// gzip size of all JavaScript a buyer downloads for /checkout/{id} (and of the widget alone); and
// Lighthouse's mobile performance score for that page.
import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { chromium } from 'playwright-core';
import { measureLoad } from './support/autocannon.ts';
import { lighthousePerformance } from './support/lighthouse.ts';
import { metric } from './support/metric.ts';
import { ROOT_DIR, startBenchApi, WEB_DIST } from './support/server.ts';

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const WIDGET_BUNDLE = join(ROOT_DIR, 'packages/widget/dist/widget.js');

async function requestsPerSec(url: string) {
  await measureLoad({ url, durationSec: 0.5 }); // warm-up
  const result = await measureLoad({ url, durationSec: 3 });
  if (result.failures > 0) throw new Error(`${url}: ${result.failures} failed requests`);
  return result.requestsPerSec;
}

/** Every script the page loads, the hosted fields iframe included, gzip-compressed as served. */
async function javascriptGzipBytes(pageUrl: string): Promise<number> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage();
    const scripts = new Map<string, Buffer>();
    page.on('response', async (res) => {
      if (res.request().resourceType() === 'script')
        scripts.set(res.url(), await res.body().catch(() => Buffer.alloc(0)));
    });
    await page.goto(pageUrl, { waitUntil: 'networkidle' });
    return [...scripts.values()].reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0);
  } finally {
    await browser.close();
  }
}

export async function run() {
  if (!existsSync(join(WEB_DIST, 'index.html')) || !existsSync(WIDGET_BUNDLE)) {
    execSync('npm run build --silent', { cwd: ROOT_DIR, stdio: 'inherit' });
  }
  const api = await startBenchApi({ web: true });
  try {
    const { createMerchant, createProduct } = api.built;
    const merchant = await createMerchant(api.ctx.db, { name: 'Acme Outfitters', phone: '+14155550123' });
    const product = await createProduct(api.ctx.db, merchant.id);
    const detailsUrl = `${api.url}/apiv1/product/checkout-details/${product.id}/`;
    const body = await (await fetch(detailsUrl)).json();

    const bare = Fastify({ logger: false });
    bare.get('/details', async () => body);
    const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
    const bareRps = await requestsPerSec(`${bareUrl}/details`).finally(() => bare.close());
    const detailsRps = await requestsPerSec(detailsUrl);

    const pageUrl = `${api.url}/checkout/${product.id}`;
    const jsBytes = await javascriptGzipBytes(pageUrl);
    const widgetBytes = gzipSync(readFileSync(WIDGET_BUNDLE), { level: 9 }).length;
    // A Lighthouse failure is one missed row, not a lost run: the other measures still print.
    const score = await lighthousePerformance(pageUrl).catch((error: Error) => {
      console.error(error.message);
      return Number.NaN;
    });
    return [
      metric('bare Fastify route, same JSON', bareRps, 'req/s'),
      metric(`GET checkout-details (${api.database})`, detailsRps, 'req/s'),
      metric('checkout-details ÷ bare', detailsRps / bareRps, 'ratio', { min: 0.5 }),
      metric('JavaScript for /checkout/{id}, gzip', jsBytes / 1024, 'KB', { max: 120 }),
      metric('widget bundle, gzip', widgetBytes / 1024, 'KB', { max: 15 }),
      metric('Lighthouse mobile performance, /checkout/{id}', score, 'score', { min: 95 }),
    ];
  } finally {
    await api.close();
  }
}
