// The developer platform in the browser: the owner makes an API key and a webhook endpoint on the
// Developers page; the shop's server (a local receiver) uses the key to create a payment link, a
// buyer pays it with 4242, and the receiver gets `payment.succeeded` with a signature that verifies
// against the secret the page showed once. The delivery shows in the endpoint's log, and Retry sends
// the same event (same webhook-id) again.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { useBrowser } from './support/browser.ts';
import { ADA, fillCardFields, submitCardPayment } from './support/card-fields.ts';
import { DEMO_PASSWORD, type KassaServer, startServer } from './support/server.ts';
import { describeBrowser } from './support/suite.ts';
import { signInThroughUi } from './support/ui-sign-in.ts';

interface Received {
  headers: Record<string, string>;
  body: string;
}

/** The merchant's own server: records every webhook request and answers 200. */
async function startReceiver(): Promise<{ url: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/kassa-webhooks`,
    received,
    close: () => new Promise((ok) => server.close(() => ok())),
  };
}

const typeOf = (r: Received) => (JSON.parse(r.body) as { type: string }).type;

async function createKeyOnPage(page: Page): Promise<string> {
  await page.getByTestId('api-key-create').click();
  await page.getByTestId('key-name').fill('Shop backend');
  await page.getByTestId('key-mode-test').check();
  await page.getByTestId('scope-payment_links:write').check();
  await page.getByTestId('create-key-submit').click();
  const secret = await page.getByTestId('secret-value').inputValue({ timeout: 10_000 });
  await page.getByTestId('secret-done').click();
  await expect.poll(() => page.getByTestId('api-key-row').count()).toBeGreaterThan(0);
  return secret;
}

async function addEndpointOnPage(page: Page, url: string): Promise<string> {
  await page.getByTestId('webhook-add').click();
  await page.getByTestId('webhook-url').fill(url);
  await page.getByTestId('webhook-events-all').check();
  await page.getByTestId('webhook-save').click();
  const secret = await page.getByTestId('webhook-secret-value').inputValue({ timeout: 10_000 });
  await page.getByTestId('webhook-secret-done').click();
  return secret;
}

describeBrowser('developers: API key, webhook endpoint, verified delivery and Retry', () => {
  let server: KassaServer;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    receiver = await startReceiver();
    server = await startServer({ demo: true, env: { KASSA_WEBHOOKS_ALLOW_PRIVATE: 'true' } });
  });
  afterAll(async () => {
    await server?.stop();
    await receiver?.close();
  });
  const browser = useBrowser({ baseURL: () => server.url, viewport: { width: 1280, height: 900 } });

  it('a payment made through a link the key created reaches the receiver signed, shows in the log, and Retry re-sends it', async () => {
    const page = browser.page();
    await signInThroughUi(page, server.dataDir, 'owner@acme.example', DEMO_PASSWORD);
    await page.goto('/developers');
    const apiKey = await createKeyOnPage(page);
    expect(apiKey).toMatch(/^sk_test_/);
    const signingSecret = await addEndpointOnPage(page, receiver.url);
    expect(signingSecret).toMatch(/^whsec_/);

    // The shop's server creates a payment link with the key.
    const created = await fetch(`${server.url}/apiv1/quick-payment/`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${apiKey}`,
        'content-type': 'application/json',
        'idempotency-key': crypto.randomUUID(),
      },
      body: JSON.stringify({ name: 'Repair deposit', amount: 4_900, currency: 'USD' }),
    });
    expect(created.status).toBe(201);
    const link = ((await created.json()) as { result: { checkout_url: string } }).result.checkout_url;

    const buyerContext = await browser.browser().newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const buyer = await buyerContext.newPage();
      await buyer.goto(link);
      await fillCardFields(
        buyer,
        { number: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123' },
        ADA('ada@example.com'),
      );
      await submitCardPayment(buyer);
    } finally {
      await buyerContext.close();
    }

    const succeeded = () => receiver.received.filter((r) => typeOf(r) === 'payment.succeeded');
    await expect.poll(() => succeeded().length, { timeout: 30_000 }).toBe(1);
    const first = succeeded()[0]!;
    const event = new Webhook(signingSecret).verify(first.body, first.headers) as {
      data: { amount: number; status: string };
    };
    expect(event.data).toMatchObject({ amount: 4_900, status: 'capture_succeeded' });
    // A forged body does not verify with the same headers.
    expect(() => new Webhook(signingSecret).verify(first.body.replace('4900', '1'), first.headers)).toThrow();

    await page.reload();
    await page.getByTestId('webhook-log-toggle').click();
    const row = page.getByTestId('webhook-delivery-row').filter({ hasText: 'payment.succeeded' });
    await expect.poll(() => row.getByTestId('webhook-delivery-code').textContent(), { timeout: 15_000 }).toBe('200');
    await row.getByTestId('webhook-delivery-retry').click();
    await expect.poll(() => succeeded().length, { timeout: 30_000 }).toBe(2);
    const again = succeeded()[1]!;
    expect(again.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(() => new Webhook(signingSecret).verify(again.body, again.headers)).not.toThrow();
  });
});
