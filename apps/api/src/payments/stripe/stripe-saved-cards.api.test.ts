// Saved cards on a Stripe connection end to end through Kassa's API: the buyer keeps the card while
// paying (setup_future_usage on a Stripe Customer), the merchant charges it off-session
// (POST /customer/{id}/charge/), the buyer signed in to the customer portal pays a public checkout with
// it on-session, and removing it detaches the PaymentMethod at Stripe.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EMULATOR_TEST_KEY,
  type StripeEmulator,
  startStripeEmulator,
} from '../../../test/emulators/stripe/emulator.ts';
import { createTransaction } from '../../../test/factories/transactions.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import {
  chargeSavedCard,
  createCustomer,
  openBoundCheckout,
  payAndSaveCard,
  payKeepingCard,
  payWithSavedCardBothWays,
  removeSavedCard,
  savedCardsOf,
  transactionRow,
} from '../../../test/payments/processor-saved-cards.ts';
import { createConnectedShop } from '../../../test/payments/shop.ts';
import type { TestSession } from '../../../test/session.ts';
import { usBilling } from '../../../test/support/buyer.ts';
import { testCard } from '../../../test/support/checkout.ts';
import { auditLog, savedCards, transactions } from '../../db/schema.ts';
import { reconcileStalePayments } from '../../modules/charges/charge.service.ts';
import { AUTHENTICATION_LINK_SENT } from '../../modules/charges/settle-payment.ts';
import { deliverQueuedNotifications } from '../../modules/notifications/notifications.worker.ts';
import { NEW_CARD_GRACE_MS } from '../../modules/payment-methods/sync-cards.service.ts';

let emulator: StripeEmulator;
let t: TestApp;
let owner: TestSession;
let merchantId: string;
let productId: string;
let connectionId: string;

beforeAll(async () => {
  emulator = await startStripeEmulator();
  t = await buildTestApp({ KASSA_STRIPE_API_BASE: emulator.url });
  let connection: { id: string };
  ({ owner, merchantId, productId, connection } = await createConnectedShop(
    t,
    { name: 'Acme Outfitters', pricePerUnit: 2_500 },
    {
      provider: 'stripe',
      credentials: { secret_key: EMULATOR_TEST_KEY, webhook_secret: 'whsec_kassaEmulatorSigningSecret01' },
      enabled: true,
    },
  ));
  connectionId = connection.id;
});
afterAll(async () => {
  await t.close();
  await emulator.close();
});

const txRow = (id: string) => transactionRow(t, id);

/** The PaymentMethod Kassa keeps for a saved card. */
const paymentMethodOf = async (cardId: string) =>
  (await t.ctx.db.select().from(savedCards).where(eq(savedCards.id, cardId)))[0]!.token;

/** What the audit trail holds of a saved card, in name order. */
const cardAuditActions = async (cardId: string) =>
  (await t.ctx.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, cardId)))
    .map((a) => a.action)
    .sort();

/** The merchant detaches the card at Stripe (its Dashboard calls the API), not through Kassa. */
async function detachInDashboard(paymentMethod: string) {
  const detached = await fetch(`${emulator.url}/v1/payment_methods/${paymentMethod}/detach`, {
    method: 'POST',
    headers: { authorization: `Bearer ${EMULATOR_TEST_KEY}` },
  });
  expect(detached.status).toBe(200);
}

async function customerWithCard(number: string, email?: string) {
  const customer = await createCustomer(t, owner, email);
  const paid = await payAndSaveCard(t, owner, {
    productId,
    buyerId: customer.reference,
    card: testCard(number),
    billing: usBilling(),
  });
  return { customer, paid };
}

describe('saved cards on Stripe', () => {
  it('keeps the card on a Stripe Customer while paying, then charges it off-session and removes it', async () => {
    const { customer, paid } = await customerWithCard('4242424242424242');
    expect(paid).toMatchObject({ status: 'capture_succeeded' });
    const [card] = await savedCardsOf(t, owner, customer.id);
    expect(card).toMatchObject({ processor: 'stripe', brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 });
    const intent = emulator.paymentIntent((await txRow(paid.id)).providerReference!)!;
    expect(intent).toMatchObject({ setup_future_usage: 'off_session', customer: expect.stringMatching(/^cus_/) });
    expect(emulator.customer(intent.customer as string)).toMatchObject({
      metadata: { kassa_customer_id: customer.id },
    });

    const key = crypto.randomUUID();
    const charged = await chargeSavedCard(
      t,
      owner,
      customer.id,
      { payment_method_id: card!.id, amount: 4_200, currency: 'USD' },
      key,
    );
    expect(charged.statusCode, charged.body).toBe(200);
    expect(charged.json().result).toMatchObject({ status: 'capture_succeeded', amount: 4_200 });
    const offSession = emulator.paymentIntent((await txRow(charged.json().result.id)).providerReference!)!;
    expect(offSession).toMatchObject({
      customer: intent.customer,
      payment_method: intent.payment_method,
      status: 'succeeded',
    });
    expect(emulator.requests.at(-1)?.params).toMatchObject({ off_session: 'true', confirm: 'true' });

    // The same Idempotency-Key answers the first charge again: Stripe is not asked twice.
    const intentsBefore = emulator.paymentIntents().length;
    const again = await chargeSavedCard(
      t,
      owner,
      customer.id,
      { payment_method_id: card!.id, amount: 4_200, currency: 'USD' },
      key,
    );
    expect(again.json().result.id).toBe(charged.json().result.id);
    expect(emulator.paymentIntents()).toHaveLength(intentsBefore);

    const removed = await removeSavedCard(t, owner, customer.id, card!.id);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(emulator.paymentMethod(intent.payment_method as string)).toMatchObject({ customer: null });
    expect(await savedCardsOf(t, owner, customer.id)).toEqual([]);
  });

  it('a card detached in Stripe’s own dashboard is removed by the check; Stripe unreachable changes nothing', async () => {
    const { customer } = await customerWithCard('4242424242424242');
    const [card] = await savedCardsOf(t, owner, customer.id);
    const paymentMethod = await paymentMethodOf(card!.id);
    const sync = () =>
      t.app.inject({ method: 'POST', url: `/apiv1/customer/${customer.id}/payment-method/sync/`, headers: owner.auth });

    expect((await sync()).json().result).toEqual({
      checked: 1,
      removed: 0,
      updated: 0,
      kept_while_paying: 0,
      not_checked: 0,
      not_saved_through_kassa: 0,
    });
    expect(emulator.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: `/v1/customers/${emulator.paymentMethod(paymentMethod)!.customer}/payment_methods`,
    });

    await detachInDashboard(paymentMethod);

    await emulator.stopListening();
    try {
      const refused = await sync();
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toBe(
        "Stripe could not be asked for the customer's cards. Nothing was changed; try again later.",
      );
      expect(await savedCardsOf(t, owner, customer.id)).toHaveLength(1);
    } finally {
      await emulator.resumeListening();
    }

    // A card just saved is left alone while the processor may not list it yet (NEW_CARD_GRACE_MS).
    expect((await sync()).json().result).toMatchObject({ checked: 0, removed: 0, not_checked: 1 });
    t.clock.advance(NEW_CARD_GRACE_MS);
    expect((await sync()).json().result).toMatchObject({ checked: 1, removed: 1 });
    expect(await savedCardsOf(t, owner, customer.id)).toEqual([]);
  });

  it('follows Stripe’s webhooks: a renewed expiry is taken, a card detached in the Dashboard removed, each once', async () => {
    const deliveries: { type: string; status: number; effect: string }[] = [];
    emulator.setWebhookEndpoint(EMULATOR_TEST_KEY, {
      secret: 'whsec_kassaEmulatorSigningSecret01',
      deliver: async (payload, headers) => {
        const res = await t.app.inject({
          method: 'POST',
          url: `/apiv1/webhooks/stripe/${connectionId}/`,
          payload,
          headers,
        });
        deliveries.push({ type: JSON.parse(payload).type, status: res.statusCode, effect: res.json().result?.effect });
        return res.statusCode;
      },
    });
    try {
      const { customer } = await customerWithCard('4242424242424242');
      const [card] = await savedCardsOf(t, owner, customer.id);
      const paymentMethod = await paymentMethodOf(card!.id);
      await emulator.flushWebhooks();
      deliveries.length = 0;

      const before = emulator.paymentMethod(paymentMethod)!;
      emulator.renewCard(paymentMethod, 4, 2034);
      await emulator.flushWebhooks();
      // An older event delivered late: Kassa reads the card from Stripe and keeps the newer expiry.
      await emulator.sendEvent(EMULATOR_TEST_KEY, 'payment_method.updated', before);
      await emulator.flushWebhooks();
      expect(deliveries).toEqual([
        { type: 'payment_method.automatically_updated', status: 200, effect: 'card_updated' },
        { type: 'payment_method.updated', status: 200, effect: 'ignored' },
      ]);
      expect(await savedCardsOf(t, owner, customer.id)).toEqual([
        expect.objectContaining({ id: card!.id, exp_month: 4, exp_year: 2034 }),
      ]);
      deliveries.length = 0;

      // Detached while a payment on the card waits for its outcome: refused for Stripe to send again.
      const waiting = await createTransaction(t.ctx.db, merchantId, {
        status: 'processing',
        customerId: customer.id,
        paymentMethodId: card!.id,
      });

      await detachInDashboard(paymentMethod);
      await emulator.flushWebhooks();
      expect(await savedCardsOf(t, owner, customer.id)).toHaveLength(1);
      await t.ctx.db.update(transactions).set({ status: 'capture_succeeded' }).where(eq(transactions.id, waiting.id));
      // Stripe sends it again; then once more, which changes nothing.
      for (let i = 0; i < 2; i += 1) {
        await emulator.sendEvent(EMULATOR_TEST_KEY, 'payment_method.detached', emulator.paymentMethod(paymentMethod)!);
        await emulator.flushWebhooks();
      }
      expect(deliveries).toEqual([
        { type: 'payment_method.detached', status: 409, effect: undefined },
        { type: 'payment_method.detached', status: 200, effect: 'card_removed' },
        { type: 'payment_method.detached', status: 200, effect: 'ignored' },
      ]);
      expect(await savedCardsOf(t, owner, customer.id)).toEqual([]);
      expect(await cardAuditActions(card!.id)).toEqual([
        'payment_method.attached',
        'payment_method.detached',
        'payment_method.updated',
      ]);
    } finally {
      emulator.setWebhookEndpoint(EMULATOR_TEST_KEY, null);
    }
  });

  it('20 deliveries of one card event at once, 3 rounds: the renewal and the removal each made once', async () => {
    const signed: { type: string; payload: string; headers: Record<string, string> }[] = [];
    emulator.setWebhookEndpoint(EMULATOR_TEST_KEY, {
      secret: 'whsec_kassaEmulatorSigningSecret01',
      deliver: async (payload, headers) => {
        signed.push({ type: JSON.parse(payload).type, payload, headers });
        return 200;
      },
    });
    const deliverTwenty = async (type: string) => {
      const event = signed.findLast((e) => e.type === type)!;
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          t.app.inject({
            method: 'POST',
            url: `/apiv1/webhooks/stripe/${connectionId}/`,
            payload: event.payload,
            headers: event.headers,
          }),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
      return answers.map((a) => a.json().result.effect as string).sort();
    };
    try {
      for (let round = 0; round < 3; round += 1) {
        const { customer } = await customerWithCard('4242424242424242');
        const [card] = await savedCardsOf(t, owner, customer.id);
        const paymentMethod = await paymentMethodOf(card!.id);

        emulator.renewCard(paymentMethod, 5, 2036 + round);
        await emulator.flushWebhooks();
        expect(await deliverTwenty('payment_method.automatically_updated')).toEqual([
          'card_updated',
          ...Array(19).fill('ignored'),
        ]);

        await detachInDashboard(paymentMethod);
        await emulator.flushWebhooks();
        expect(await deliverTwenty('payment_method.detached')).toEqual(['card_removed', ...Array(19).fill('ignored')]);

        expect(await cardAuditActions(card!.id)).toEqual([
          'payment_method.attached',
          'payment_method.detached',
          'payment_method.updated',
        ]);
        expect(await savedCardsOf(t, owner, customer.id)).toEqual([]);
      }
    } finally {
      emulator.setWebhookEndpoint(EMULATOR_TEST_KEY, null);
    }
  });

  it('20 parallel charges with one Idempotency-Key make one PaymentIntent at Stripe', async () => {
    const { customer } = await customerWithCard('4242424242424242');
    const [card] = await savedCardsOf(t, owner, customer.id);
    const key = crypto.randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        chargeSavedCard(t, owner, customer.id, { payment_method_id: card!.id, amount: 700, currency: 'USD' }, key),
      ),
    );
    // Each retry answers the one charge, or "still being processed" while another holds the key.
    for (const a of answers) expect([200, 409], a.body).toContain(a.statusCode);
    const ids = new Set(answers.filter((a) => a.statusCode === 200).map((a) => a.json().result.id));
    expect(ids.size).toBe(1);
    const reference = [...ids][0] as string;
    expect(
      emulator.paymentIntents().filter((pi) => (pi.metadata as Record<string, string>).kassa_reference === reference),
    ).toHaveLength(1);
  });

  it('a card whose issuer wants the buyer is declined off-session as needing authentication, and the customer e-mailed', async () => {
    const { customer, paid } = await customerWithCard('4000002760003184', 'stripe-auth@example.com');
    expect(paid.status).toBe('buyer_approval_pending');
    const page = await (await fetch(paid.payment_method.approval_url)).text();
    const action = page.match(/action="([^"]+\/complete)"/)![1]!;
    const back = await fetch(new URL(action, paid.payment_method.approval_url), { method: 'POST', redirect: 'manual' });
    const returned = new URL(back.headers.get('location')!);
    await t.app.inject({ method: 'GET', url: `${returned.pathname}${returned.search}` });
    const [card] = await savedCardsOf(t, owner, customer.id);
    expect(card).toMatchObject({ processor: 'stripe', last4: '3184' });

    const charged = await chargeSavedCard(t, owner, customer.id, {
      payment_method_id: card!.id,
      amount: 1_000,
      currency: 'USD',
    });
    expect(charged.statusCode, charged.body).toBe(200);
    expect(charged.json().result).toMatchObject({
      status: 'authorization_failed',
      failure_code: 'authentication_required',
      failure_reason: AUTHENTICATION_LINK_SENT,
    });
    expect(emulator.paymentIntent((await txRow(charged.json().result.id)).providerReference!)).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: { code: 'authentication_required' },
    });
    // The customer gets one e-mail with the link to pay it themselves, on-session.
    const mails = () =>
      t.mail.sent.filter((m) => m.to === customer.email && m.subject.startsWith('Confirm your payment'));
    await expect
      .poll(async () => {
        await deliverQueuedNotifications(t.ctx);
        return mails().length;
      })
      .toBe(1);
    expect(mails()[0]!.text).toMatch(/\/card\/authenticate\/[\w.-]+/);
  });
});

/** What Kassa sent Stripe to create the PaymentIntent of the payment `transactionId`. */
function intentRequestOf(transactionId: string) {
  const sent = emulator.requests.filter(
    (r) => r.method === 'POST' && r.path === '/v1/payment_intents' && r.idempotencyKey === transactionId,
  );
  expect(sent).toHaveLength(1);
  return sent[0]!.params;
}

describe('the buyer present or not: one saved card, two kinds of PaymentIntent', () => {
  it('the signed-in buyer pays a public checkout on-session; the merchant charges the same card off_session', async () => {
    const email = `portal-${crypto.randomUUID()}@example.com`;
    const { customer, paid } = await customerWithCard('4242424242424242', email);
    const stripeCard = emulator.paymentIntent((await txRow(paid.id)).providerReference!)!;
    const [card] = await savedCardsOf(t, owner, customer.id);

    const { buyerTx, merchantTx } = await payWithSavedCardBothWays(
      t,
      { owner, merchantId, productId },
      { customer, cardId: card!.id, charge: { amount: 1_800, currency: 'USD' } },
    );
    // The buyer is there: no off_session, and a return_url for the 3-D Secure page the issuer may want.
    const onSession = intentRequestOf(buyerTx.id);
    expect(onSession).toMatchObject({
      customer: stripeCard.customer,
      payment_method: stripeCard.payment_method,
      confirm: 'true',
      return_url: expect.stringContaining(`/pay/return/${buyerTx.id}`),
    });
    expect(onSession).not.toHaveProperty('off_session');
    expect(onSession).not.toHaveProperty('setup_future_usage');

    const offSession = intentRequestOf(merchantTx.id);
    expect(offSession).toMatchObject({
      customer: stripeCard.customer,
      payment_method: stripeCard.payment_method,
      off_session: 'true',
      confirm: 'true',
    });
    expect(offSession).not.toHaveProperty('return_url');
  });
});

describe('a save-while-paying answer lost on the way', () => {
  it('reconciliation finds the PaymentIntent by Kassa’s reference and keeps its card, once', async () => {
    const customer = await createCustomer(t, owner);
    const token = await openBoundCheckout(t, owner, productId, customer.reference);
    // Stripe creates the PaymentIntent and attaches the card, but Kassa never reads the answer.
    emulator.setFault({ fault: { mode: 'drop' }, match: 'POST /v1/payment_intents', times: 10 });
    const lost = await payKeepingCard(t, token, testCard('4242424242424242'), usBilling());
    emulator.setFault(null);
    expect(lost.statusCode, lost.body).toBe(409);
    expect(await savedCardsOf(t, owner, customer.id)).toEqual([]);

    // Twice, as two reconciliation workers would: the payment settles once and one card is kept.
    await reconcileStalePayments(t.ctx, 0);
    await reconcileStalePayments(t.ctx, 0);
    const cards = await savedCardsOf(t, owner, customer.id);
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ processor: 'stripe', last4: '4242' });
    const [tx] = await t.ctx.db.select().from(transactions).where(eq(transactions.customerId, customer.id));
    expect(tx).toMatchObject({ status: 'capture_succeeded', paymentMethodId: cards[0]!.id });
    expect(
      emulator.paymentIntents().filter((pi) => (pi.metadata as Record<string, string>).kassa_reference === tx!.id),
    ).toHaveLength(1);
  });
});
