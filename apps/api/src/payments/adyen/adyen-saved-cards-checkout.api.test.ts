// Saved cards on an Adyen connection end to end through Kassa's API: the buyer keeps the card while
// paying (storePaymentMethod for the customer's shopperReference), the merchant charges it without the
// buyer (ContAuth, UnscheduledCardOnFile; Subscription for a subscription's invoices), the buyer signed
// in to the customer portal pays a public checkout with it (Ecommerce, CardOnFile), Adyen's
// RECURRING_CONTRACT webhook is taken, and removing the card deletes the token at Adyen.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdyenEmulator, KASSA_CONNECTION_CREDENTIALS } from '../../../test/emulators/adyen/emulator.ts';
import { message } from '../../../test/emulators/adyen/notifications.ts';
import { ADYEN_TEST_CARDS } from '../../../test/emulators/adyen/test-cards.ts';
import type { TestApp } from '../../../test/helper.ts';
import { type AdyenShop, adyenCard, startAdyenShop } from '../../../test/payments/adyen-shop.ts';
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
import type { TestSession } from '../../../test/session.ts';
import { billing } from '../../../test/support/buyer.ts';
import { merchantResult } from '../../../test/support/customer-portal.ts';
import { transactionEvents, transactions } from '../../db/schema.ts';
import { reconcileStalePayments, UNCONFIRMED_PAYMENT } from '../../modules/charges/charge.service.ts';
import { NEW_CARD_GRACE_MS } from '../../modules/payment-methods/sync-cards.service.ts';
import { runRenewals } from '../../modules/subscriptions/renewals.service.ts';

let shop: AdyenShop;
let t: TestApp;
let emulator: AdyenEmulator;
let productId: string;
let owner: TestSession;
let merchantId: string;
let connectionId: string;

beforeAll(async () => {
  shop = await startAdyenShop({
    name: 'Adyen Outfitters',
    ownerEmail: 'owner@adyen-saved.test',
    pricePerUnit: 2_000,
    currency: 'EUR',
  });
  ({ t, emulator, productId, owner, merchantId, connectionId } = shop);
});
afterAll(() => shop.close());

const txRow = (id: string) => transactionRow(t, id);

describe('saved cards on Adyen', () => {
  it('stores the card for the customer while paying, charges it with ContAuth, and deletes the token', async () => {
    const customer = await createCustomer(t, owner);
    const paid = await payAndSaveCard(t, owner, {
      productId,
      buyerId: customer.reference,
      card: adyenCard(),
      billing,
    });
    expect(paid).toMatchObject({ status: 'capture_succeeded' });
    // Adyen's RECURRING_CONTRACT webhook may already have made Kassa list the shopper's tokens (a GET):
    // the payment is the last POST /payments.
    expect(emulator.requests.filter((r) => r.path === '/v72/payments').at(-1)!.body).toMatchObject({
      storePaymentMethod: true,
      shopperReference: customer.id,
      recurringProcessingModel: 'CardOnFile',
      shopperInteraction: 'Ecommerce',
    });
    const [card] = await savedCardsOf(t, owner, customer.id);
    expect(card).toMatchObject({ processor: 'adyen', brand: 'visa', last4: '1111', exp_month: 3, exp_year: 2030 });
    const [token] = emulator.storedPaymentMethods.list(customer.id, KASSA_CONNECTION_CREDENTIALS.merchant_account);
    // Adyen's RECURRING_CONTRACT webhook for the new token is answered like every other.
    await emulator.settled();
    expect(
      emulator.deliveries.find((d) => d.item.eventCode === 'RECURRING_CONTRACT' && d.item.pspReference === token!.id),
    ).toMatchObject({ status: 200, body: '[accepted]' });

    const key = crypto.randomUUID();
    const charge = { payment_method_id: card!.id, amount: 3_100, currency: 'EUR' };
    const charged = await chargeSavedCard(t, owner, customer.id, charge, key);
    expect(charged.statusCode, charged.body).toBe(200);
    expect(charged.json().result).toMatchObject({ status: 'capture_succeeded', amount: 3_100 });
    const sent = emulator.requests.filter((r) => r.path === '/v72/payments').at(-1)!;
    expect(sent.body).toMatchObject({
      paymentMethod: { type: 'scheme', storedPaymentMethodId: token!.id },
      shopperReference: customer.id,
      shopperInteraction: 'ContAuth',
      recurringProcessingModel: 'UnscheduledCardOnFile',
    });
    expect(sent.idempotencyKey).toBe(charged.json().result.id);
    expect(emulator.payments.get((await txRow(charged.json().result.id)).providerReference!)).toMatchObject({
      resultCode: 'Authorised',
      capturedValue: 3_100,
    });
    // The same Idempotency-Key answers the first charge again: Adyen is not asked twice.
    const before = emulator.payments.size;
    const again = await chargeSavedCard(t, owner, customer.id, charge, key);
    expect(again.json().result.id).toBe(charged.json().result.id);
    expect(emulator.payments.size).toBe(before);

    const removed = await removeSavedCard(t, owner, customer.id, card!.id);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(emulator.storedPaymentMethods.list(customer.id, KASSA_CONNECTION_CREDENTIALS.merchant_account)).toEqual([]);
    expect(await savedCardsOf(t, owner, customer.id)).toEqual([]);
  });

  it('a token Adyen no longer has (deleted in the Customer Area) is removed by the check, through GET /storedPaymentMethods', async () => {
    const customer = await createCustomer(t, owner);
    await payAndSaveCard(t, owner, { productId, buyerId: customer.reference, card: adyenCard(), billing });
    const [token] = emulator.storedPaymentMethods.list(customer.id, KASSA_CONNECTION_CREDENTIALS.merchant_account);
    const sync = () =>
      t.app.inject({ method: 'POST', url: `/apiv1/customer/${customer.id}/payment-method/sync/`, headers: owner.auth });
    expect((await sync()).json().result).toMatchObject({ checked: 1, removed: 0 });
    expect(emulator.requests.at(-1)).toMatchObject({ method: 'GET', path: '/v72/storedPaymentMethods' });

    emulator.storedPaymentMethods.delete(token!.id, customer.id, KASSA_CONNECTION_CREDENTIALS.merchant_account);
    // Adyen makes tokens asynchronously: a card saved minutes ago is not taken as forgotten yet.
    expect((await sync()).json().result).toMatchObject({ checked: 0, removed: 0, not_checked: 1 });
    t.clock.advance(NEW_CARD_GRACE_MS);
    expect((await sync()).json().result).toMatchObject({ checked: 1, removed: 1 });
    expect(await savedCardsOf(t, owner, customer.id)).toEqual([]);
  });

  it('keeps the card of a save-while-paying payment whose answer was lost, once, from RECURRING_CONTRACT', async () => {
    const customer = await createCustomer(t, owner);
    const checkout = await openBoundCheckout(t, owner, productId, customer.reference);
    emulator.holdNotifications();
    emulator.failNext({ kind: 'drop' }, { path: /\/payments$/ });
    const lost = await payKeepingCard(t, checkout, adyenCard(ADYEN_TEST_CARDS.mastercard), billing);
    expect(lost.statusCode, lost.body).toBe(409);
    expect(lost.json().message).toBe(UNCONFIRMED_PAYMENT);
    // Adyen stored the card, but Kassa never heard: the customer has no card yet.
    expect(await savedCardsOf(t, owner, customer.id)).toEqual([]);

    await emulator.releaseNotifications();
    const cards = await savedCardsOf(t, owner, customer.id);
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ processor: 'adyen', brand: 'mc', last4: '1111', exp_month: 3, exp_year: 2030 });
    const [token] = emulator.storedPaymentMethods.list(customer.id, KASSA_CONNECTION_CREDENTIALS.merchant_account);
    const recurring = emulator.notifications.find(
      (n) => n.eventCode === 'RECURRING_CONTRACT' && n.pspReference === token!.id,
    )!;
    const tx = await txRow(recurring.merchantReference!);
    expect(tx).toMatchObject({ status: 'capture_succeeded', paymentMethodId: cards[0]!.id });

    // Adyen delivers the same webhook again, several times at once: still one card, one timeline entry.
    const again = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.app.inject({ method: 'POST', url: `/apiv1/webhooks/adyen/${connectionId}/`, payload: message([recurring]) }),
      ),
    );
    expect(again.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await savedCardsOf(t, owner, customer.id)).toHaveLength(1);
    const events = await t.ctx.db.select().from(transactionEvents).where(eq(transactionEvents.transactionId, tx.id));
    expect(events.filter((e) => e.type === 'card_saved')).toHaveLength(1);
  });

  it('without RECURRING_CONTRACT, the lost payment still settles from AUTHORISATION and no card is guessed', async () => {
    const customer = await createCustomer(t, owner);
    const checkout = await openBoundCheckout(t, owner, productId, customer.reference);
    emulator.holdNotifications();
    emulator.failNext({ kind: 'drop' }, { path: /\/payments$/ });
    const lost = await payKeepingCard(t, checkout, adyenCard(ADYEN_TEST_CARDS.visaAlternative), billing);
    expect(lost.statusCode, lost.body).toBe(409);
    // Reconciliation cannot ask Adyen by Kassa's reference: the payment waits, nothing is guessed.
    expect(await reconcileStalePayments(t.ctx, 0)).toBe(0);
    const [waiting] = await t.ctx.db.select().from(transactions).where(eq(transactions.customerId, customer.id));
    expect(waiting).toMatchObject({ status: 'processing', saveConsent: expect.anything() });

    // The webhook is not subscribed to Recurring contract: only AUTHORISATION arrives.
    await emulator.releaseNotifications((item) => item.eventCode === 'AUTHORISATION');
    expect(await txRow(waiting!.id)).toMatchObject({ status: 'capture_succeeded', paymentMethodId: null });
    // Adyen keeps the token; Kassa shows no card the buyer could be charged with (docs/processors.md).
    expect(emulator.storedPaymentMethods.list(customer.id, KASSA_CONNECTION_CREDENTIALS.merchant_account)).toHaveLength(
      1,
    );
    expect(await savedCardsOf(t, owner, customer.id)).toEqual([]);
  });
});

/** What Kassa sent Adyen's /payments for the payment `transactionId` (its idempotency key). */
function paymentRequestOf(transactionId: string) {
  const sent = emulator.requests.filter((r) => r.path === '/v72/payments' && r.idempotencyKey === transactionId);
  expect(sent).toHaveLength(1);
  return sent[0]!.body;
}

describe('the shopper present or not: one stored card, told apart in every call', () => {
  it('the signed-in buyer pays a public checkout with Ecommerce/CardOnFile; the merchant charges it with ContAuth', async () => {
    const email = `portal-${crypto.randomUUID()}@example.com`;
    const customer = await createCustomer(t, owner, email);
    await payAndSaveCard(t, owner, { productId, buyerId: customer.reference, card: adyenCard(), billing });
    const [card] = await savedCardsOf(t, owner, customer.id);
    const [token] = emulator.storedPaymentMethods.list(customer.id, KASSA_CONNECTION_CREDENTIALS.merchant_account);
    const storedCardCall = (shopperInteraction: string, recurringProcessingModel: string) => ({
      paymentMethod: { type: 'scheme', storedPaymentMethodId: token!.id },
      shopperReference: customer.id,
      shopperInteraction,
      recurringProcessingModel,
    });

    const { buyerTx, merchantTx } = await payWithSavedCardBothWays(
      t,
      { owner, merchantId, productId },
      { customer, cardId: card!.id, charge: { amount: 1_500, currency: 'EUR' } },
    );
    expect(buyerTx.amount).toBe(2_000);
    expect(paymentRequestOf(buyerTx.id)).toMatchObject(storedCardCall('Ecommerce', 'CardOnFile'));
    expect(paymentRequestOf(merchantTx.id)).toMatchObject(storedCardCall('ContAuth', 'UnscheduledCardOnFile'));
  });

  it('a subscription’s first invoice and its renewal go to Adyen as ContAuth/Subscription', async () => {
    const customer = await createCustomer(t, owner);
    await payAndSaveCard(t, owner, { productId, buyerId: customer.reference, card: adyenCard(), billing });
    const [card] = await savedCardsOf(t, owner, customer.id);
    const price = await merchantResult(t, owner, 'POST', '/price/', {
      product_id: productId,
      amount: 900,
      currency: 'EUR',
      interval: 'month',
      mode: 'test',
    });
    const sub = await merchantResult(t, owner, 'POST', '/subscription/', {
      customer_id: customer.id,
      price_id: price.id,
      payment_method_id: card!.id,
    });
    expect(sub.status).toBe('active');
    const month = 32 * 86_400_000;
    t.clock.advance(month);
    try {
      await runRenewals(t.ctx);
    } finally {
      t.clock.advance(-month);
    }
    const charges = await t.ctx.db.select().from(transactions).where(eq(transactions.customerId, customer.id));
    const invoiceCharges = charges.filter((c) => c.invoiceId !== null);
    expect(invoiceCharges.map((c) => [c.status, c.initiator])).toEqual([
      ['capture_succeeded', 'merchant'],
      ['capture_succeeded', 'merchant'],
    ]);
    for (const charge of invoiceCharges) {
      expect(paymentRequestOf(charge.id)).toMatchObject({
        paymentMethod: { storedPaymentMethodId: expect.any(String) },
        shopperInteraction: 'ContAuth',
        recurringProcessingModel: 'Subscription',
      });
    }
  });
});
