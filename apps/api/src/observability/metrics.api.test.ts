// What an operator's Prometheus reads after buyers pay: the payment and request counters move by
// exactly what happened, the queue gauges agree with the database, and nothing a buyer typed or an
// id is in any label. The endpoint is on its own port; the public port does not serve it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { createShop } from '../../test/payments/shop.ts';
import { billing } from '../../test/support/buyer.ts';
import { checkoutByCard, newBuyerAddress, testCard } from '../../test/support/checkout.ts';
import { type MetricsServer, startMetricsServer } from './metrics-server.ts';

// The metrics tests' ports (4667–4669); no other test file listens on them.
const METRICS_PORT = 4667;

let t: TestApp;
let metrics: MetricsServer;
let productId: string;
let merchantId: string;

beforeAll(async () => {
  t = await buildTestApp();
  ({ merchantId, productId } = await createShop(t, { name: 'Metric Outfitters', pricePerUnit: 1_250 }));
  metrics = await startMetricsServer({ host: '127.0.0.1', port: METRICS_PORT, database: t.ctx.database });
});
afterAll(async () => {
  await metrics?.close();
  await t.close();
});

type Labels = Record<string, string>;

async function scrape(): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${METRICS_PORT}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
}

/** A sample's value in the Prometheus text format; 0 when the series does not exist yet. */
function sample(text: string, name: string, labels: Labels = {}): number {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const found = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(m[3]);
  }
  return 0;
}

const charge = { method: 'POST', route: '/apiv1/pay/charge/', status_class: '2xx' };

describe('the Prometheus endpoint', () => {
  it('counts every payment by outcome, processor and mode, and times the charge route', async () => {
    const before = await scrape();
    const PAID = 4;
    const DECLINED = 2;
    for (let i = 0; i < PAID; i += 1) {
      const res = await checkoutByCard(t, { product: productId }, { remoteAddress: newBuyerAddress() });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().result.status).toBe('capture_succeeded');
    }
    for (let i = 0; i < DECLINED; i += 1) {
      const res = await checkoutByCard(
        t,
        { product: productId },
        { remoteAddress: newBuyerAddress(), card: testCard('4000000000000002') },
      );
      expect(res.json().result.status, res.body).toBe('authorization_failed');
    }
    const after = await scrape();

    const sandbox = { processor: 'sandbox', mode: 'test' };
    const delta = (name: string, labels: Labels) => sample(after, name, labels) - sample(before, name, labels);
    expect(delta('kassa_payments_total', { ...sandbox, outcome: 'capture_succeeded' })).toBe(PAID);
    expect(delta('kassa_payments_total', { ...sandbox, outcome: 'authorization_failed' })).toBe(DECLINED);
    // Declines are answers, not processor errors.
    expect(delta('kassa_processor_call_duration_seconds_count', { processor: 'sandbox', operation: 'authorize' })).toBe(
      PAID + DECLINED,
    );
    expect(delta('kassa_processor_errors_total', { processor: 'sandbox', operation: 'authorize' })).toBe(0);
    expect(delta('kassa_http_requests_total', charge)).toBe(PAID + DECLINED);
    expect(delta('kassa_http_request_duration_seconds_count', charge)).toBe(PAID + DECLINED);
    expect(delta('kassa_http_request_duration_seconds_bucket', { ...charge, le: '+Inf' })).toBe(PAID + DECLINED);
  });

  it('counts each of 20 payments made at the same moment exactly once (3 rounds)', async () => {
    // On PostgreSQL (api-postgres) these really overlap, and some settle through the locked path.
    const AT_ONCE = 20;
    for (let round = 0; round < 3; round += 1) {
      const before = await scrape();
      const answers = await Promise.all(
        Array.from({ length: AT_ONCE }, () =>
          checkoutByCard(t, { product: productId }, { remoteAddress: newBuyerAddress() }),
        ),
      );
      for (const res of answers) expect(res.json().result?.status, res.body).toBe('capture_succeeded');
      const after = await scrape();
      const paid = { outcome: 'capture_succeeded', processor: 'sandbox', mode: 'test' };
      expect(sample(after, 'kassa_payments_total', paid) - sample(before, 'kassa_payments_total', paid)).toBe(AT_ONCE);
      expect(
        sample(after, 'kassa_http_requests_total', charge) - sample(before, 'kassa_http_requests_total', charge),
      ).toBe(AT_ONCE);
    }
  }, 120_000);

  it('labels requests by route pattern and status class, never by the address asked for', async () => {
    const refused = await t.app.inject({
      method: 'POST',
      url: '/apiv1/transaction/00000000-0000-4000-8000-000000000000/refund/',
      payload: {},
    });
    expect(refused.statusCode).toBe(401);
    await t.app.inject({ method: 'GET', url: '/apiv1/no-such-thing/ada@example.com' });
    const text = await scrape();
    expect(
      sample(text, 'kassa_http_requests_total', { route: '/apiv1/transaction/:id/refund/', status_class: '4xx' }),
    ).toBe(1);
    expect(sample(text, 'kassa_http_requests_total', { route: 'unmatched', status_class: '4xx' })).toBeGreaterThan(0);
    // No id, e-mail, card number or name of what was bought or by whom.
    for (const secret of [
      '00000000-0000-4000-8000-000000000000',
      merchantId,
      productId,
      billing.emailAddress,
      'ada@example.com',
      '4242424242424242',
      '4000000000000002',
      billing.lastName,
      'Metric Outfitters',
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('reports the e-mail and webhook queues as the database holds them', async () => {
    const text = await scrape();
    const [queued] = await t.ctx.database.query<{ n: number; oldest: number | null }>(
      `SELECT count(*)::int AS n, extract(epoch FROM now() - min(created_at))::float8 AS oldest
         FROM notifications WHERE status = 'queued'`,
    );
    // The payments above queued receipts and merchant e-mails; no worker runs in this test to send them.
    expect(queued!.n).toBeGreaterThan(0);
    expect(sample(text, 'kassa_queue_depth', { queue: 'email' })).toBe(queued!.n);
    expect(sample(text, 'kassa_queue_oldest_age_seconds', { queue: 'email' })).toBeGreaterThan(0);
    expect(text).toMatch(/^kassa_queue_depth\{queue="webhook"\} 0$/m);
    expect(sample(text, 'kassa_queue_read_failures_total')).toBe(0);
    if (t.ctx.database.kind === 'postgres') {
      expect(sample(text, 'kassa_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
      expect(text).toMatch(/^kassa_db_pool_waiting \d+$/m);
      // The payments above ran their statements of fixed text on the shared connections.
      expect(sample(text, 'kassa_db_pool_connections', { state: 'shared' })).toBeGreaterThan(0);
      expect(text).toMatch(/^kassa_db_shared_unanswered \d+$/m);
    }
    // prom-client's process metrics: event-loop lag and memory.
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('is not on the public port, and answers 404 for anything but GET /metrics', async () => {
    const onPublic = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(onPublic.statusCode).toBe(404);
    expect(onPublic.body).not.toContain('kassa_payments_total');
    expect((await fetch(`http://127.0.0.1:${METRICS_PORT}/`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${METRICS_PORT}/metrics`, { method: 'POST' })).status).toBe(404);
  });
});
