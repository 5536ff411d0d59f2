// Events reach a receiver on 127.0.0.1 (KASSA_WEBHOOKS_ALLOW_PRIVATE), signed so the reference
// Standard Webhooks package verifies them; failures retry on the schedule (the clock is moved, not
// waited for) until the endpoint is turned off and its owner told. Nothing here leaves the machine.
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, describe, expect, it } from 'vitest';
import { createInvoice, createProduct } from '../../../test/factories/sellables.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { signIn } from '../../../test/session.ts';
import {
  type CheckoutOf,
  checkoutByCard,
  newBuyerAddress,
  payByCard,
  testCard,
} from '../../../test/support/checkout.ts';
import { createOwnedMerchant } from '../../../test/support/merchant-team.ts';
import { transactions, users, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema.ts';
import { MINUTE } from '../../lib/clock.ts';
import { recordPaymentWebhook } from './webhook-events.ts';
import { claimDueDeliveries } from './webhooks.queries.ts';
import { sealWebhookSecret } from './webhooks.service.ts';
import { DISABLE_AFTER_MS, deliverDueWebhooks, MAX_ATTEMPTS, RETRY_DELAYS_MS } from './webhooks.worker.ts';

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}

/** A receiver on the loopback interface answering each request with `respond`. */
async function receiver(
  respond: (req: IncomingMessage, res: ServerResponse, n: number) => void = (_q, res) => res.end('ok'),
  host = '127.0.0.1',
  port = 0,
) {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      respond(req, res, received.length);
    });
  });
  server.listen(port, host);
  await once(server, 'listening');
  const address = server.address() as AddressInfo;
  return {
    url: `http://${host}:${address.port}/hooks`,
    port: address.port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const t = await buildTestApp({ KASSA_WEBHOOKS_ALLOW_PRIVATE: 'true' });
afterAll(() => t.close());
const hookShop = await createOwnedMerchant(t, { name: 'Hook Shop' }, { email: 'owner@hookshop.test' });
const merchantId = hookShop.merchantId;
/** Signed in again by `api` when moving the clock ended the session. */
let owner = hookShop.owner;
const productId = (await createProduct(t.ctx.db, merchantId, { pricePerUnit: 2_500 })).id;

/** Calls the endpoints API as the owner, signing in again when moving the clock ended the session. */
async function api(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  const call = () =>
    t.app.inject({ method, url: `/apiv1/developers/webhook-endpoints/${url}`, headers: owner.auth, payload });
  const res = await call();
  if (res.statusCode !== 401) return res;
  owner = { ...(await signIn(t, owner.account.email, owner.account.password)), account: owner.account };
  return call();
}

/** A test endpoint unless told: the sandbox's payments are test-mode money. */
async function addEndpoint(url: string, events: 'all' | string[] = 'all', mode: 'test' | 'live' = 'test') {
  const res = await api('POST', '', { url, events, mode });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().result as { id: string; secret: string };
}

/** Only this endpoint takes events from now on: earlier tests' endpoints are removed. */
async function onlyEndpoint(url: string, events: 'all' | string[] = 'all', mode: 'test' | 'live' = 'test') {
  await t.ctx.db.delete(webhookEndpoints).where(eq(webhookEndpoints.merchantId, merchantId));
  return addEndpoint(url, events, mode);
}

async function payCheckout(of: CheckoutOf, cardNumber?: string) {
  const res = await checkoutByCard(t, of, { card: testCard(cardNumber), remoteAddress: newBuyerAddress() });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as { id: string; status: string };
}
const sandboxPayment = (cardNumber?: string) => payCheckout({ product: productId }, cardNumber);

/** Runs the worker until nothing is due now. */
async function drain() {
  while ((await deliverDueWebhooks(t.ctx)) > 0);
}

const deliveriesOf = async (endpointId: string) => {
  const res = await api('GET', `${endpointId}/deliveries/`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result.results as {
    id: string;
    status: string;
    event_type: string;
    attempt_count: number;
    next_attempt_at: string | null;
    attempts: {
      status_code: number | null;
      duration_ms: number;
      response_snippet: string | null;
      error: string | null;
    }[];
  }[];
};

describe('delivery to a local receiver', () => {
  it('sends payment.succeeded after a sandbox payment, signed so standardwebhooks verifies it, and logs the attempt', async () => {
    const hook = await receiver((_q, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('thanks'));
    try {
      const endpoint = await onlyEndpoint(hook.url, ['payment.succeeded']);
      const payment = await sandboxPayment();
      expect(payment.status).toBe('capture_succeeded');
      await drain();
      expect(hook.received).toHaveLength(1);
      const [got] = hook.received;
      const headers = got!.headers as Record<string, string>;
      const event = new Webhook(endpoint.secret).verify(got!.body, headers) as {
        type: string;
        timestamp: string;
        data: Record<string, unknown>;
      };
      expect(event.type).toBe('payment.succeeded');
      expect(event.data).toMatchObject({
        id: payment.id,
        merchant_id: merchantId,
        amount: 2_500,
        captured_amount: 2_500,
        status: 'capture_succeeded',
        card_last4: '4242',
      });
      expect(Number.isNaN(Date.parse(event.timestamp))).toBe(false);
      expect(headers['content-type']).toBe('application/json');
      const [delivery] = await deliveriesOf(endpoint.id);
      expect(delivery).toMatchObject({ status: 'delivered', event_type: 'payment.succeeded', attempt_count: 1 });
      expect(delivery!.attempts[0]).toMatchObject({ status_code: 200, response_snippet: 'thanks', error: null });
      expect(headers['webhook-id']).toBe(
        (await t.ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, delivery!.id)))[0]!.eventId,
      );

      // Retry from the log sends the very same event again, with the same webhook-id.
      const retry = await api('POST', `${endpoint.id}/deliveries/${delivery!.id}/retry/`);
      expect(retry.statusCode, retry.body).toBe(200);
      await drain();
      expect(hook.received).toHaveLength(2);
      expect(hook.received[1]!.headers['webhook-id']).toBe(headers['webhook-id']);
      expect(hook.received[1]!.body).toBe(got!.body);
      expect((await deliveriesOf(endpoint.id))[0]!.attempts).toHaveLength(2);
    } finally {
      await hook.close();
    }
  });

  it('does not send events the endpoint did not subscribe to; a declined payment is payment.failed', async () => {
    const hook = await receiver();
    try {
      const endpoint = await onlyEndpoint(hook.url, ['payment.failed']);
      await sandboxPayment();
      const declined = await sandboxPayment('4000000000000002');
      expect(declined.status).toBe('authorization_failed');
      await drain();
      expect(hook.received.map((r) => JSON.parse(r.body).type)).toEqual(['payment.failed']);
      expect(JSON.parse(hook.received[0]!.body).data).toMatchObject({
        id: declined.id,
        failure_reason: 'Card declined.',
      });
      expect(await deliveriesOf(endpoint.id)).toHaveLength(1);
    } finally {
      await hook.close();
    }
  });

  it('announces refunds with the refund amount and the new totals, and a paid invoice', async () => {
    const hook = await receiver();
    try {
      await onlyEndpoint(hook.url, 'all');
      const payment = await sandboxPayment();
      const refund = await t.app.inject({
        method: 'POST',
        url: `/apiv1/transaction/${payment.id}/refund/`,
        headers: owner.auth,
        payload: { amount: 1_000, reason: 'Damaged' },
      });
      expect(refund.statusCode, refund.body).toBe(200);
      const invoice = await createInvoice(t.ctx.db, merchantId, { totalAmount: 7_700 });
      const invoicePayment = await payCheckout({ invoice: invoice.id });
      await drain();
      const events = hook.received.map((r) => JSON.parse(r.body));
      expect(events.map((e) => e.type).sort()).toEqual([
        'invoice.paid',
        'payment.refunded',
        'payment.succeeded',
        'payment.succeeded',
      ]);
      expect(events.find((e) => e.type === 'payment.refunded').data).toMatchObject({
        id: payment.id,
        captured_amount: 2_500,
        refunded_amount: 1_000,
        refundable_amount: 1_500,
        status: 'partially_refunded',
        refund: { amount: 1_000, reason: 'Damaged', currency: 'USD' },
      });
      expect(events.find((e) => e.type === 'invoice.paid').data).toMatchObject({
        id: invoice.id,
        status: 'paid',
        total_amount: 7_700,
        public_url: `http://kassa.test/invoice/copy/${invoice.id}`,
      });
      expect(
        events.find((e) => e.type === 'payment.succeeded' && e.data.id === invoicePayment.id).data.invoice_id,
      ).toBe(invoice.id);
    } finally {
      await hook.close();
    }
  });

  it('announces the capture and the void of authorized payments', async () => {
    const hook = await receiver();
    try {
      await onlyEndpoint(hook.url, ['payment.captured', 'payment.voided', 'payment.succeeded']);
      const authorize = async () => {
        const open = await t.app.inject({
          method: 'POST',
          url: '/apiv1/virtual-terminal/checkout/',
          headers: owner.auth,
          payload: {
            amount: 4_000,
            currency: 'USD',
            customer_first_name: 'Grace',
            customer_last_name: 'Hopper',
            customer_email: 'grace@example.com',
            authorize_only: true,
          },
        });
        expect(open.statusCode, open.body).toBe(200);
        const charge = await payByCard(t, open.json().result.token_card, { remoteAddress: newBuyerAddress() });
        expect(charge.json().result.status).toBe('authorization_succeeded');
        return charge.json().result.id as string;
      };
      const [captured, voided] = [await authorize(), await authorize()];
      const act = (id: string, action: string, payload: object = {}) =>
        t.app.inject({ method: 'POST', url: `/apiv1/transaction/${id}/${action}/`, headers: owner.auth, payload });
      expect((await act(captured, 'capture', { amount: 3_000 })).statusCode).toBe(200);
      expect((await act(voided, 'void')).statusCode).toBe(200);
      await drain();
      const events = hook.received.map((r) => JSON.parse(r.body));
      expect(events.map((e) => [e.type, e.data.id, e.data.status, e.data.captured_amount])).toEqual([
        ['payment.captured', captured, 'capture_succeeded', 3_000],
        ['payment.voided', voided, 'voided', 0],
      ]);
    } finally {
      await hook.close();
    }
  });

  it('announces a sent and a voided invoice', async () => {
    const hook = await receiver();
    try {
      await onlyEndpoint(hook.url, ['invoice.sent', 'invoice.voided']);
      const draft = await createInvoice(t.ctx.db, merchantId, { status: 'draft' });
      const inv = (url: string, method: 'POST' | 'DELETE') =>
        t.app.inject({ method, url: `/apiv1/invoice/${draft.id}/${url}`, headers: owner.auth });
      expect((await inv('send/', 'POST')).statusCode).toBe(200);
      expect((await inv('', 'DELETE')).statusCode).toBe(200);
      await drain();
      const events = hook.received.map((r) => JSON.parse(r.body));
      expect(events.map((e) => [e.type, e.data.status])).toEqual([
        ['invoice.sent', 'sent'],
        ['invoice.voided', 'void'],
      ]);
    } finally {
      await hook.close();
    }
  });
});

describe('retries and failures', () => {
  it('retries a receiver that fails twice on the schedule (5 s, then 5 min), then delivers', async () => {
    const hook = await receiver((_q, res, n) => {
      res.statusCode = n <= 2 ? 500 : 204;
      res.end(n <= 2 ? 'try later' : '');
    });
    try {
      const endpoint = await onlyEndpoint(hook.url);
      const ping = await api('POST', `${endpoint.id}/test/`);
      expect(ping.statusCode, ping.body).toBe(200);
      await drain();
      expect(hook.received).toHaveLength(1);
      let [delivery] = await deliveriesOf(endpoint.id);
      expect(delivery).toMatchObject({ status: 'pending', attempt_count: 1 });
      expect(delivery!.attempts[0]).toMatchObject({ status_code: 500, response_snippet: 'try later' });
      expect(Date.parse(delivery!.next_attempt_at!) - t.clock.now().getTime()).toBeGreaterThan(3_000);

      await drain(); // not due yet
      expect(hook.received).toHaveLength(1);
      t.clock.advance(RETRY_DELAYS_MS[0]!);
      await drain();
      expect(hook.received).toHaveLength(2);
      t.clock.advance(RETRY_DELAYS_MS[1]! - 1_000);
      await drain();
      expect(hook.received).toHaveLength(2);
      t.clock.advance(1_000);
      await drain();
      expect(hook.received).toHaveLength(3);
      [delivery] = await deliveriesOf(endpoint.id);
      expect(delivery).toMatchObject({ status: 'delivered', attempt_count: 3, next_attempt_at: null });
      expect(delivery!.attempts.map((a) => a.status_code)).toEqual([204, 500, 500]);
      // One event, one id: every attempt carries the same webhook-id.
      expect(new Set(hook.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
      expect(JSON.parse(hook.received[0]!.body).type).toBe('test.ping');
    } finally {
      await hook.close();
    }
  });

  it('after the whole schedule (about 3 days) fails, turns the endpoint off and e-mails the owner', async () => {
    const hook = await receiver((_q, res) => {
      res.statusCode = 503;
      res.end('down');
    });
    try {
      const endpoint = await onlyEndpoint(hook.url);
      await api('POST', `${endpoint.id}/test/`);
      const mailsBefore = t.mail.sent.length;
      const started = t.clock.now().getTime();
      await drain();
      const isEnabled = async () =>
        (await t.ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id)))[0]!.enabled;
      for (const delay of RETRY_DELAYS_MS) {
        expect(await isEnabled()).toBe(true);
        t.clock.advance(delay);
        await drain();
      }
      expect(hook.received).toHaveLength(MAX_ATTEMPTS);
      expect(t.clock.now().getTime() - started).toBeGreaterThanOrEqual(DISABLE_AFTER_MS);
      const [view] = (await api('GET', '')).json().result;
      expect(view).toMatchObject({ enabled: false, disabled_reason: expect.stringContaining('3 days') });
      const [delivery] = await deliveriesOf(endpoint.id);
      expect(delivery).toMatchObject({ status: 'failed', attempt_count: MAX_ATTEMPTS, next_attempt_at: null });
      const mails = t.mail.sent.slice(mailsBefore).filter((m) => m.subject.includes('webhook'));
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ to: 'owner@hookshop.test', subject: 'A webhook endpoint was turned off' });
      expect(mails[0]!.text).toContain(hook.url);

      // Off means off: new events are not queued for it, and a retry is refused until it is on again.
      await sandboxPayment();
      expect(await deliveriesOf(endpoint.id)).toHaveLength(1);
      const retry = await api('POST', `${endpoint.id}/deliveries/${delivery!.id}/retry/`);
      expect(retry.statusCode).toBe(422);
      expect((await api('PATCH', `${endpoint.id}/`, { enabled: true })).json().result).toMatchObject({
        enabled: true,
        disabled_reason: null,
        failing_since: null,
      });
    } finally {
      await hook.close();
    }
  });

  it('turns the endpoint off at once when it answers 410 Gone, and tells the owner in their language', async () => {
    const hook = await receiver((_q, res) => {
      res.statusCode = 410;
      res.end();
    });
    // An owner who reads Kassa in German gets this e-mail in German (docs/i18n.md).
    const speaks = (locale: 'de' | null) =>
      t.ctx.db.update(users).set({ locale }).where(eq(users.email, 'owner@hookshop.test'));
    await speaks('de');
    try {
      const endpoint = await onlyEndpoint(hook.url);
      await api('POST', `${endpoint.id}/test/`);
      const mailsBefore = t.mail.sent.length;
      await drain();
      t.clock.advance(RETRY_DELAYS_MS[0]!);
      await drain();
      expect(hook.received).toHaveLength(1);
      const [view] = (await api('GET', '')).json().result;
      expect(view).toMatchObject({ enabled: false, disabled_reason: expect.stringContaining('410 Gone') });
      expect((await deliveriesOf(endpoint.id))[0]).toMatchObject({ status: 'failed', attempt_count: 1 });
      const mails = t.mail.sent.slice(mailsBefore).filter((m) => /webhook/i.test(m.subject));
      expect(mails.map((m) => m.to)).toEqual(['owner@hookshop.test']);
      expect(mails[0]!.subject).toBe('Ein Webhook-Endpunkt wurde deaktiviert');
      expect(mails[0]!.text).toContain(`Kassa hat diesen Webhook-Endpunkt deaktiviert:\n\n${hook.url}`);
      expect(mails[0]!.html).toContain('Es werden keine Ereignisse mehr an ihn gesendet.');
    } finally {
      await speaks(null);
      await hook.close();
    }
  });

  it('does not follow redirects: a 3xx is a failed attempt and the target is never called', async () => {
    const target = await receiver();
    const hook = await receiver((_q, res) => res.writeHead(302, { location: target.url }).end());
    try {
      const endpoint = await onlyEndpoint(hook.url);
      await api('POST', `${endpoint.id}/test/`);
      await drain();
      expect(hook.received).toHaveLength(1);
      expect(target.received).toHaveLength(0);
      const [delivery] = await deliveriesOf(endpoint.id);
      expect(delivery).toMatchObject({ status: 'pending' });
      expect(delivery!.attempts[0]).toMatchObject({
        status_code: 302,
        error: expect.stringContaining('Redirects are not followed'),
      });
    } finally {
      await hook.close();
      await target.close();
    }
  });

  it('gives up on a receiver that does not answer within the timeout', async () => {
    const hook = await receiver(() => undefined);
    try {
      const endpoint = await onlyEndpoint(hook.url);
      await api('POST', `${endpoint.id}/test/`);
      const started = Date.now();
      await deliverDueWebhooks(t.ctx, { timeoutMs: 300 });
      expect(Date.now() - started).toBeLessThan(5_000);
      const [delivery] = await deliveriesOf(endpoint.id);
      expect(delivery!.attempts[0]).toMatchObject({ status_code: null, error: expect.stringContaining('No answer') });
    } finally {
      await hook.close();
    }
  });

  it('sends a delivery again when its worker died mid-attempt (at least once)', async () => {
    const hook = await receiver();
    try {
      const endpoint = await onlyEndpoint(hook.url);
      await api('POST', `${endpoint.id}/test/`);
      const now = t.clock.now();
      // A worker claims it and dies before sending.
      expect(await claimDueDeliveries(t.ctx.db, now, new Date(now.getTime() + MINUTE), 10)).toHaveLength(1);
      await drain();
      expect(hook.received).toHaveLength(0);
      t.clock.advance(MINUTE);
      await drain();
      expect(hook.received).toHaveLength(1);
      expect((await deliveriesOf(endpoint.id))[0]).toMatchObject({ status: 'delivered', attempt_count: 2 });
    } finally {
      await hook.close();
    }
  });
});

describe('SSRF at delivery time', () => {
  it('checks the address again at each attempt and never connects to a private one', async () => {
    const id = crypto.randomUUID();
    // Saved while the name resolved publicly; it now resolves to an internal address.
    await t.ctx.db.delete(webhookEndpoints).where(eq(webhookEndpoints.merchantId, merchantId));
    await t.ctx.db.insert(webhookEndpoints).values({
      id,
      merchantId,
      url: 'https://rebind.example.com/hooks',
      mode: 'test',
      secretSealed: sealWebhookSecret(t.ctx.keys, merchantId, id, 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'),
    });
    await api('POST', `${id}/test/`);
    await deliverDueWebhooks(t.ctx, { resolve: async () => [{ address: '169.254.169.254', family: 4 }] });
    const [delivery] = await deliveriesOf(id);
    expect(delivery!.attempts[0]).toMatchObject({ status_code: null, error: expect.stringContaining('metadata') });
  });

  it('connects to the address it checked, not to what the name resolves to later', async () => {
    // Two receivers on the same port of two loopback addresses; the checked address is 127.0.0.2.
    const checked = await receiver(undefined, '127.0.0.2');
    const other = await receiver(undefined, '127.0.0.1', checked.port);
    try {
      const endpoint = await onlyEndpoint(`http://localhost:${checked.port}/hooks`);
      await api('POST', `${endpoint.id}/test/`);
      await deliverDueWebhooks(t.ctx, { resolve: async () => [{ address: '127.0.0.2', family: 4 }] });
      expect(checked.received).toHaveLength(1);
      expect(other.received).toHaveLength(0);
      expect(checked.received[0]!.headers.host).toBe(`localhost:${checked.port}`);
    } finally {
      await checked.close();
      await other.close();
    }
  });
});

describe('transactional outbox', () => {
  it('writes the event with the change, and nothing when the change rolls back', async () => {
    const hook = await receiver();
    try {
      const endpoint = await onlyEndpoint(hook.url);
      const payment = await sandboxPayment();
      const countEvents = async () =>
        (await t.ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id))).length;
      const before = await countEvents();
      await expect(
        t.ctx.db.transaction(async (tx) => {
          await tx.update(transactions).set({ status: 'voided' }).where(eq(transactions.id, payment.id));
          await recordPaymentWebhook(tx, payment.id, 'payment.voided');
          throw new Error('the processor call failed');
        }),
      ).rejects.toThrow('the processor call failed');
      expect(await countEvents()).toBe(before);
      const voided = await t.ctx.db.select().from(webhookEvents).where(eq(webhookEvents.type, 'payment.voided'));
      expect(voided.filter((e) => JSON.parse(e.body).data.id === payment.id)).toHaveLength(0);
      await t.ctx.db.transaction((tx) => recordPaymentWebhook(tx, payment.id, 'payment.voided'));
      expect(await countEvents()).toBe(before + 1);
    } finally {
      await hook.close();
    }
  });

  it('20 workers in parallel send each delivery exactly once per attempt', async () => {
    const hook = await receiver();
    try {
      const endpoint = await onlyEndpoint(hook.url);
      for (let round = 0; round < 3; round++) {
        hook.received.length = 0;
        const pings = await Promise.all(Array.from({ length: 25 }, () => api('POST', `${endpoint.id}/test/`)));
        const ids = pings.map((p) => p.json().result.id as string);
        await Promise.all(Array.from({ length: 20 }, () => deliverDueWebhooks(t.ctx, { limit: 2 })));
        await drain();
        const eventIds = hook.received.map((r) => r.headers['webhook-id']);
        expect(eventIds).toHaveLength(25);
        expect(new Set(eventIds).size).toBe(25);
        const rows = await t.ctx.db.select().from(webhookDeliveries).where(inArray(webhookDeliveries.id, ids));
        expect(rows.every((r) => r.status === 'delivered' && r.attemptCount === 1)).toBe(true);
      }
    } finally {
      await hook.close();
    }
  });
});
