// Stripe end to end through Kassa's API: the merchant connects Stripe (pointed at the loopback
// emulator), buyers pay through POST /pay/charge/, refunds go through the transaction endpoint,
// 3-D Secure comes back through GET /pay/return/{reference}, and Stripe's signed webhooks update
// what was decided later. The connector is the real `stripe` SDK.
import { ROLE } from '@kassa/contract/access';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  EMULATOR_LIVE_KEY,
  EMULATOR_TEST_KEY,
  type StripeEmulator,
  startStripeEmulator,
  type WebhookEndpoint,
} from '../../../test/emulators/stripe/emulator.ts';
import { createMerchant } from '../../../test/factories/merchants.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { connectPaymentService, createConnectedShop, createSignedInShop } from '../../../test/payments/shop.ts';
import { STRIPE_DECLINES } from '../../../test/payments/stripe-declines.ts';
import { createSignedInUser, type TestSession } from '../../../test/session.ts';
import { usBilling } from '../../../test/support/buyer.ts';
import { checkoutByCard, testCard } from '../../../test/support/checkout.ts';
import { refunds, transactionEvents, transactions } from '../../db/schema.ts';
import { reconcileStalePayments } from '../../modules/charges/reconcile.ts';
import { deliverQueuedNotifications } from '../../modules/notifications/notifications.worker.ts';

const WEBHOOK_SECRET = 'whsec_kassaEmulatorSigningSecret01';

let emulator: StripeEmulator;
let t: TestApp;
let owner: TestSession;
let productId: string;
let connectionId: string;
const webhookEndpoint: WebhookEndpoint = {
  secret: WEBHOOK_SECRET,
  deliver: async (payload, headers) =>
    (await t.app.inject({ method: 'POST', url: `/apiv1/webhooks/stripe/${connectionId}/`, payload, headers }))
      .statusCode,
};

const connectStripe = (s: TestSession, credentials: Record<string, string>) =>
  connectPaymentService(t, s, { provider: 'stripe', credentials, enabled: true });

beforeAll(async () => {
  emulator = await startStripeEmulator();
  t = await buildTestApp({ KASSA_STRIPE_API_BASE: emulator.url });
  let connection: { id: string };
  ({ owner, productId, connection } = await createConnectedShop(
    t,
    { name: 'Acme Outfitters', pricePerUnit: 2_500 },
    {
      provider: 'stripe',
      credentials: { secret_key: EMULATOR_TEST_KEY, webhook_secret: WEBHOOK_SECRET },
      enabled: true,
    },
  ));
  connectionId = connection.id;
  emulator.setWebhookEndpoint(EMULATOR_TEST_KEY, webhookEndpoint);
});
afterAll(async () => {
  await t.close();
  await emulator.close();
});
afterEach(async () => {
  emulator.setFault(null);
  await emulator.flushWebhooks();
});

const billing = usBilling();

const pay = (number: string) => checkoutByCard(t, { product: productId }, { card: testCard(number), billing });
const txRow = async (id: string) => (await t.ctx.db.select().from(transactions).where(eq(transactions.id, id)))[0]!;
const eventsOf = async (id: string) =>
  (await t.ctx.db.select().from(transactionEvents).where(eq(transactionEvents.transactionId, id))).map((e) => e.type);
const refund = (id: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url: `/apiv1/transaction/${id}/refund/`, payload, headers: owner.auth });

/** Follows Stripe's 3-D Secure page like the buyer's popup: the page, the button, the redirect back. */
async function authenticate(approvalUrl: string, button: 'complete' | 'fail') {
  const page = await (await fetch(approvalUrl)).text();
  const action = page.match(new RegExp(`action="([^"]+/${button})"`))![1]!;
  const answer = await fetch(new URL(action, approvalUrl), { method: 'POST', redirect: 'manual' });
  expect(answer.status).toBe(303);
  const back = new URL(answer.headers.get('location')!);
  expect(back.origin).toBe('http://kassa.test');
  return t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
}

describe('paying with Stripe', () => {
  it('captures 4242 through Stripe and records the PaymentIntent', async () => {
    const res = await pay('4242424242424242');
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().result;
    expect(result).toMatchObject({ status: 'capture_succeeded', amount: 2_500, payment_method: { last4: '4242' } });
    const tx = await txRow(result.id);
    expect(tx).toMatchObject({ provider: 'stripe', providerConnectionId: connectionId, capturedAmount: 2_500 });
    expect(emulator.paymentIntent(tx.providerReference!)).toMatchObject({
      status: 'succeeded',
      amount_received: 2_500,
      metadata: { kassa_reference: tx.id },
    });
  });

  it.each(STRIPE_DECLINES)('declines %s with the buyer message "%s"', async (number, message) => {
    const res = await pay(number);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({ status: 'authorization_failed', failure_reason: message });
    expect((await txRow(res.json().result.id)).providerReference).toMatch(/^pi_/);
  });
});

describe('3-D Secure through the return page', () => {
  it('completes on Stripe’s page, returns to Kassa, and the payment is captured', async () => {
    const pending = (await pay('4000002500003155')).json().result;
    expect(pending.status).toBe('buyer_approval_pending');
    expect(pending.payment_method.approval_url).toMatch(new RegExp(`^${emulator.url}/3ds/`));
    const page = await authenticate(pending.payment_method.approval_url, 'complete');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('data-outcome="approved"');
    expect(page.headers['content-security-policy']).not.toMatch(/unsafe-inline/);
    expect(await txRow(pending.id)).toMatchObject({ status: 'capture_succeeded', capturedAmount: 2_500 });
    // The widget polls the payment after the popup closes.
    // Returning twice settles nothing twice.
    const again = await t.app.inject({ method: 'GET', url: `/pay/return/${pending.id}?payment_intent=x` });
    expect(again.body).toContain('data-outcome="approved"');
    expect((await eventsOf(pending.id)).filter((e) => e === 'captured')).toHaveLength(1);
  });

  it('a failed authentication declines the payment', async () => {
    const pending = (await pay('4000000000003220')).json().result;
    const page = await authenticate(pending.payment_method.approval_url, 'fail');
    expect(page.body).toContain('data-outcome="declined"');
    expect(await txRow(pending.id)).toMatchObject({
      status: 'authorization_failed',
      failureReason: 'The card could not be authenticated (3-D Secure).',
    });
  });

  it('a forged return for another PaymentIntent changes nothing; an unknown payment says so', async () => {
    const pending = (await pay('4000002500003155')).json().result;
    const forged = await t.app.inject({ method: 'GET', url: `/pay/return/${pending.id}?payment_intent=pi_forged` });
    expect(forged.body).toContain('data-outcome="pending"');
    expect((await txRow(pending.id)).status).toBe('buyer_approval_pending');
    const unknown = await t.app.inject({ method: 'GET', url: `/pay/return/${crypto.randomUUID()}` });
    expect(unknown.body).toContain('data-outcome="not_found"');
    const malformed = await t.app.inject({ method: 'GET', url: '/pay/return/not-a-uuid' });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('refunds through Stripe', () => {
  it('refunds part then the rest, with Kassa’s refund id as Stripe’s idempotency key', async () => {
    const paid = (await pay('4242424242424242')).json().result;
    const part = await refund(paid.id, { amount: 1_000 });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json().result).toMatchObject({ status: 'partially_refunded', refunded_amount: 1_000 });
    const rest = await refund(paid.id);
    expect(rest.json().result).toMatchObject({ status: 'refunded', refunded_amount: 2_500 });
    const rows = await t.ctx.db.select().from(refunds).where(eq(refunds.transactionId, paid.id));
    const stripeRefunds = emulator.refunds((await txRow(paid.id)).providerReference!);
    expect(stripeRefunds.map((r) => r.amount).sort()).toEqual([1_000, 1_500]);
    expect(rows.map((r) => r.providerReference).sort()).toEqual(stripeRefunds.map((r) => r.id).sort());
    const keys = emulator.requests.filter((r) => r.path === '/v1/refunds').map((r) => r.idempotencyKey);
    for (const row of rows) expect(keys).toContain(row.id);
  });

  it('20 parallel refunds never refund more than captured, in Kassa or at Stripe', async () => {
    for (let round = 0; round < 3; round++) {
      const paid = (await pay('4242424242424242')).json().result;
      const answers = await Promise.all(Array.from({ length: 20 }, () => refund(paid.id, { amount: 300 })));
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(8);
      expect(answers.filter((a) => a.statusCode !== 200).every((a) => a.statusCode === 422)).toBe(true);
      const tx = await txRow(paid.id);
      expect(tx.refundedAmount).toBe(2_400);
      const atStripe = emulator.refunds(tx.providerReference!).reduce((s, r) => s + (r.amount as number), 0);
      expect(atStripe).toBe(2_400);
    }
  });
});

describe('Stripe webhooks', () => {
  const post = (payload: string, signature?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/apiv1/webhooks/stripe/${connectionId}/`,
      payload,
      headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    });

  it('settles a 3-D Secure payment the buyer never came back from, once', async () => {
    const pending = (await pay('4000002500003155')).json().result;
    // The buyer authenticates, then closes the window before the return page loads.
    const page = await (await fetch(pending.payment_method.approval_url)).text();
    const action = page.match(/action="([^"]+\/complete)"/)![1]!;
    await fetch(new URL(action, emulator.url), { method: 'POST', redirect: 'manual' });
    await emulator.flushWebhooks();
    expect(await txRow(pending.id)).toMatchObject({ status: 'capture_succeeded', capturedAmount: 2_500 });
    const settled = emulator.deliveries.filter((d) => d.type === 'payment_intent.succeeded').at(-1)!;
    expect(settled.status).toBe(200);
    expect((await eventsOf(pending.id)).filter((e) => e === 'captured')).toHaveLength(1);
  });

  it('refuses an event whose signature does not match (400) and changes nothing', async () => {
    const pending = (await pay('4000002500003155')).json().result;
    const intent = emulator.paymentIntent((await txRow(pending.id)).providerReference!)!;
    const forged = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'payment_intent.succeeded',
      livemode: false,
      data: { object: { ...intent, status: 'succeeded', amount_received: 2_500 } },
    });
    const t0 = Math.floor(Date.now() / 1000);
    const bad = await post(forged, `t=${t0},v1=${'0'.repeat(64)}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: 'error', code: 'invalid_input' });
    expect((await post(forged)).statusCode).toBe(400);
    expect((await txRow(pending.id)).status).toBe('buyer_approval_pending');
    expect((await post('{}', 't=1,v1=abc')).statusCode).toBe(400);
    const nowhere = await t.app.inject({
      method: 'POST',
      url: `/apiv1/webhooks/stripe/${crypto.randomUUID()}/`,
      payload: forged,
      headers: { 'content-type': 'application/json' },
    });
    expect(nowhere.statusCode).toBe(404);
  });

  it('a refund Stripe later fails goes back on the transaction with a timeline entry, once', async () => {
    const paid = (await pay('4242424242424242')).json().result;
    await refund(paid.id, { amount: 1_000 });
    const [row] = await t.ctx.db.select().from(refunds).where(eq(refunds.transactionId, paid.id));
    emulator.failRefund(row!.providerReference!);
    await emulator.flushWebhooks();
    const tx = await txRow(paid.id);
    expect(tx).toMatchObject({ refundedAmount: 0, status: 'capture_succeeded' });
    expect((await eventsOf(paid.id)).filter((e) => e === 'refund_failed')).toHaveLength(1);
    const [after] = await t.ctx.db.select().from(refunds).where(eq(refunds.id, row!.id));
    expect(after!.status).toBe('failed');
  });

  it('a dispute marks the transaction disputed and e-mails the merchant once', async () => {
    const paid = (await pay('4242424242424242')).json().result;
    const pi = (await txRow(paid.id)).providerReference!;
    const dispute = emulator.openDispute(pi);
    await emulator.flushWebhooks();
    expect((await txRow(paid.id)).disputedAt).toBeInstanceOf(Date);
    // Stripe retries deliveries: the same dispute again changes nothing and mails nobody twice.
    await emulator.sendEvent(EMULATOR_TEST_KEY, 'charge.dispute.created', dispute);
    expect((await eventsOf(paid.id)).filter((e) => e === 'disputed')).toHaveLength(1);
    while ((await deliverQueuedNotifications(t.ctx)) > 0) {}
    const mails = t.mail.sent.filter(
      (m) => m.to === owner.user.email.toLowerCase() && m.subject.startsWith('Dispute opened'),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`/transactions/${paid.id}`);
    // The owner sees the mark on the payment and in the list.
    const shown = await t.app.inject({ method: 'GET', url: `/apiv1/transaction/${paid.id}/`, headers: owner.auth });
    expect(shown.json().result.disputed_at).toBe((await txRow(paid.id)).disputedAt?.toISOString());
  });
});

describe('a payment whose answer was lost', () => {
  it('stays processing, then reconciliation finds it at Stripe by Kassa’s reference', async () => {
    // No webhook either: only reconciliation can learn the outcome.
    emulator.setWebhookEndpoint(EMULATOR_TEST_KEY, null);
    emulator.setFault({ fault: { mode: 'drop' }, match: 'POST /v1/payment_intents' });
    const res = await pay('4242424242424242');
    emulator.setFault(null);
    emulator.setWebhookEndpoint(EMULATOR_TEST_KEY, webhookEndpoint);
    expect(res.statusCode).toBe(409);
    const [tx] = await t.ctx.db.select().from(transactions).where(eq(transactions.status, 'processing'));
    expect(tx).toBeDefined();
    t.clock.advance(2 * 60_000);
    expect(await reconcileStalePayments(t.ctx)).toBe(1);
    const settled = await txRow(tx!.id);
    expect(settled).toMatchObject({ status: 'capture_succeeded', capturedAmount: 2_500 });
    expect(settled.providerReference).toMatch(/^pi_/);
    // One PaymentIntent for the reference although the SDK resent the cut request.
    const intents = emulator
      .paymentIntents()
      .filter((pi) => (pi.metadata as Record<string, string>).kassa_reference === tx!.id);
    expect(intents).toHaveLength(1);
  });
});

describe('connecting Stripe', () => {
  it('refuses a key Stripe does not accept, and says when Stripe cannot be reached', async () => {
    const merchant = await createMerchant(t.ctx.db, { allowConnections: true });
    const other = await createSignedInUser(t, { role: ROLE.MERCHANT_OWNER, merchantId: merchant.id });
    const bad = await connectStripe(other, { secret_key: 'sk_test_notAKeyStripeKnows1' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe('Stripe did not accept this secret key.');
    await emulator.stopListening();
    try {
      const down = await connectStripe(other, { secret_key: EMULATOR_TEST_KEY });
      expect(down.statusCode).toBe(422);
      expect(down.json().message).toBe('Stripe could not be reached. Try again in a minute.');
    } finally {
      await emulator.resumeListening();
    }
  });

  it('a live key moves payments in Stripe’s live mode only', async () => {
    const { owner: live, productId: product } = await createSignedInShop(t, {
      allowConnections: true,
      pricePerUnit: 1_000,
    });
    const conn = await connectStripe(live, { secret_key: EMULATOR_LIVE_KEY });
    expect(conn.statusCode, conn.body).toBe(201);
    const res = await checkoutByCard(t, { product }, { card: testCard('5105105105105100'), billing });
    expect(res.json().result.status, res.body).toBe('capture_succeeded');
    const pi = (await txRow(res.json().result.id)).providerReference!;
    expect(emulator.paymentIntent(pi)).toMatchObject({ livemode: true });
    expect(emulator.paymentIntents(EMULATOR_TEST_KEY).some((i) => i.id === pi)).toBe(false);
    // Stripe refuses its test cards in live mode.
    const testCardAnswer = await checkoutByCard(t, { product }, { card: testCard('4242424242424242'), billing });
    expect(testCardAnswer.json().result).toMatchObject({
      status: 'authorization_failed',
      failure_reason: 'Card declined: a test card cannot pay in live mode.',
    });
  });
});
