// docs/operations.md, with real server processes started as `npm start` starts them (the tracing
// preload on the command line). Metrics: served on KASSA_METRICS_PORT and not on the public port; a
// second process on the same host and metrics port runs on without them. Traces, with
// OTEL_EXPORTER_OTLP_ENDPOINT pointing at a small OTLP/HTTP receiver in this test: a payment's trace
// holds the HTTP request, its PostgreSQL statements and the processor call under it, and no attribute
// carries the card, the buyer's e-mail or a secret. The trace part needs DATABASE_URL (the pg spans
// are PostgreSQL's; CI sets it) and is skipped without it.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../apps/api/src/db/client.ts';
import { createMerchant } from '../apps/api/test/factories/merchants.ts';
import { createProduct } from '../apps/api/test/factories/sellables.ts';
import { adminUrl, withDatabase } from '../apps/api/test/pg-url.ts';
import { buyerAddress, postJson } from './support/loopback-client.ts';
import { type KassaServer, startServer } from './support/server.ts';

const BASE_URL = process.env.DATABASE_URL;
// The tracing tests' receiver port, in this suite's range (4667–4669).
const RECEIVER_PORT = 4668;
const SECRET = 'tracing-suite-root-secret-0123456789abcdef';
const CARD = '4242424242424242';
const EMAIL = 'traced.buyer@example.com';

interface OtlpAttribute {
  key: string;
  value: Record<string, unknown>;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: OtlpAttribute[];
}

/** OTLP/HTTP with the JSON encoding (OTEL_EXPORTER_OTLP_PROTOCOL=http/json): POST /v1/traces. */
function startReceiver(): Promise<{ server: Server; spans: OtlpSpan[]; bodies: string[] }> {
  const spans: OtlpSpan[] = [];
  const bodies: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      if (req.method === 'POST' && req.url === '/v1/traces') {
        bodies.push(body);
        const parsed = JSON.parse(body) as {
          resourceSpans?: { scopeSpans?: { spans?: OtlpSpan[] }[] }[];
        };
        for (const rs of parsed.resourceSpans ?? [])
          for (const ss of rs.scopeSpans ?? []) spans.push(...(ss.spans ?? []));
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return new Promise((resolve) => server.listen(RECEIVER_PORT, '127.0.0.1', () => resolve({ server, spans, bodies })));
}

const attr = (span: OtlpSpan, key: string) => {
  const value = span.attributes?.find((a) => a.key === key)?.value;
  return value ? Object.values(value)[0] : undefined;
};

describe('the metrics port of a running server', () => {
  const servers: KassaServer[] = [];
  afterAll(() => Promise.all(servers.map((s) => s.stop())));

  it('serves /metrics there, not on the public port; a second process on the same port runs without', async () => {
    const METRICS_PORT = 4669;
    const first = await startServer({ env: { KASSA_METRICS_PORT: String(METRICS_PORT) } });
    servers.push(first);
    expect(first.readLog()).toContain(`Metrics: http://127.0.0.1:${METRICS_PORT}/metrics`);
    expect((await fetch(`${first.url}/apiv1/health/ready/`)).status).toBe(200);
    const scraped = await fetch(`http://127.0.0.1:${METRICS_PORT}/metrics`);
    expect(scraped.status).toBe(200);
    const text = await scraped.text();
    expect(text).toMatch(
      /^kassa_http_requests_total\{method="GET",route="\/apiv1\/health\/ready\/",status_class="2xx"\} [1-9]/m,
    );
    expect(text).toContain('process_resident_memory_bytes');
    expect(text).toMatch(/^kassa_queue_depth\{queue="email"\} 0$/m);
    const onPublic = await fetch(`${first.url}/metrics`);
    expect(onPublic.status).toBe(404);
    expect(await onPublic.text()).not.toContain('kassa_');

    const second = await startServer({ env: { KASSA_METRICS_PORT: String(METRICS_PORT) } });
    servers.push(second);
    expect((await fetch(`${second.url}/apiv1/health/ready/`)).status).toBe(200);
    expect(second.readLog()).toContain(`Metrics are not served: port ${METRICS_PORT} on 127.0.0.1`);
  }, 240_000);
});

describe.skipIf(!BASE_URL)(`a payment's trace${BASE_URL ? '' : ' — skipped: set DATABASE_URL to run it'}`, () => {
  const dbName = `kassa_observe_trace_${process.pid}`;
  const dbUrl = BASE_URL ? withDatabase(BASE_URL, dbName) : '';
  let admin: Database;
  let db: Database | undefined;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let server: KassaServer | undefined;

  beforeAll(async () => {
    admin = await openDatabase({ url: adminUrl(BASE_URL!) });
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.query(`create database ${dbName}`);
    receiver = await startReceiver();
  });

  afterAll(async () => {
    await server?.stop();
    await db?.close();
    await admin?.query(`drop database if exists ${dbName} with (force)`);
    await admin?.close();
    await new Promise((r) => receiver?.server.close(r));
  });

  it('shows the request, its statements and the processor call, with no card, e-mail or secret', async () => {
    server = await startServer({
      env: {
        DATABASE_URL: dbUrl,
        KASSA_SECRET_KEY: SECRET,
        OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${RECEIVER_PORT}`,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        // Spans leave every 100 ms instead of every 5 s.
        OTEL_BSP_SCHEDULE_DELAY: '100',
      },
    });
    db = await openDatabase({ url: dbUrl });
    const merchant = await createMerchant(db.db, { name: 'Traced Outfitters' });
    const productId = (await createProduct(db.db, merchant.id, { pricePerUnit: 2_345 })).id;

    const address = buyerAddress(7);
    const token = await postJson(
      `${server.url}/apiv1/product/get-checkout-token/${productId}/`,
      { quantity: 1 },
      address,
    );
    expect('status' in token && token.status).toBe(200);
    const checkoutToken = String('body' in token && token.body?.result?.token_card);
    const charge = await postJson(
      `${server.url}/apiv1/pay/charge/`,
      {
        token: checkoutToken,
        method: 'card',
        card: { number: CARD, exp_month: 12, exp_year: 2030, cvc: '123' },
        billing: {
          firstName: 'Trace',
          lastName: 'Buyer',
          emailAddress: EMAIL,
          address: { line1: '1 Harbor Way', city: 'Arlington', state: 'VA', zipCode: '22201', country: 'US' },
        },
      },
      address,
    );
    expect('status' in charge && charge.status, JSON.stringify(charge)).toBe(200);
    const transactionId = String('body' in charge && charge.body?.result?.id);

    // The processor's span, then the whole trace it belongs to.
    await expect
      .poll(() => receiver.spans.some((s) => s.name === 'processor authorize'), { timeout: 30_000 })
      .toBe(true);
    const processorSpan = receiver.spans.find((s) => s.name === 'processor authorize')!;
    const byId = new Map<string, OtlpSpan>();
    await expect
      .poll(
        () => {
          for (const s of receiver.spans) if (s.traceId === processorSpan.traceId) byId.set(s.spanId, s);
          return [...byId.values()].some((s) => !s.parentSpanId);
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    const trace = [...byId.values()];
    const root = trace.find((s) => !s.parentSpanId)!;
    const ancestorsOf = (span: OtlpSpan) => {
      const chain: OtlpSpan[] = [];
      for (let s = span.parentSpanId ? byId.get(span.parentSpanId) : undefined; s; ) {
        chain.push(s);
        s = s.parentSpanId ? byId.get(s.parentSpanId) : undefined;
      }
      return chain;
    };

    // The HTTP request is the root: a server span (kind 2) for POST, its address without the token.
    expect(root.kind).toBe(2);
    expect(attr(root, 'http.method') ?? attr(root, 'http.request.method')).toBe('POST');
    expect(String(attr(root, 'http.target') ?? attr(root, 'url.path'))).toBe('/apiv1/pay/charge/');
    // Fastify's span for the route, under the request.
    expect(trace.some((s) => attr(s, 'http.route') === '/apiv1/pay/charge/')).toBe(true);

    // The processor call: its processor's name, a child of the request.
    expect(attr(processorSpan, 'kassa.processor')).toBe('sandbox');
    expect(ancestorsOf(processorSpan)).toContain(root);
    // The statements: PostgreSQL spans under the request, with the SQL and no values.
    // (The instrumentation writes the current semantic conventions: db.system.name, db.query.text.)
    const sqlOf = (s: OtlpSpan) => String(attr(s, 'db.query.text') ?? attr(s, 'db.statement') ?? '');
    const statements = trace.filter((s) => attr(s, 'db.system.name') === 'postgresql' && sqlOf(s));
    expect(statements.length).toBeGreaterThan(1);
    for (const s of statements) expect(ancestorsOf(s)).toContain(root);
    expect(statements.some((s) => /update "?transactions"?/i.test(sqlOf(s)))).toBe(true);
    // Values are placeholders ($1, $2…), never sent (enhancedDatabaseReporting off).
    expect(trace.some((s) => s.attributes?.some((a) => /values|parameters/.test(a.key)))).toBe(false);

    // Nothing a buyer typed, no secret and no bearer token, in any span of any trace sent.
    const everything = receiver.bodies.join('\n');
    for (const secret of [CARD, CARD.slice(-8), EMAIL, 'Trace', SECRET, checkoutToken, address, productId]) {
      expect(everything).not.toContain(secret);
    }
    // The id of the payment itself is not there either: ids stay in the database and the logs.
    expect(everything).not.toContain(transactionId);
  }, 180_000);
});
