// A merchant connects Adyen (pointed at the loopback emulator) and takes payments through Kassa's
// own routes: the hosted-fields charge, refunds, Adyen's signed webhooks, reconciliation.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AdyenEmulator,
  DEFAULT_HMAC_KEY,
  KASSA_CONNECTION_CREDENTIALS,
  startAdyenEmulator,
} from '../../../test/emulators/adyen/emulator.ts';
import { message, type NotificationItem, signItem } from '../../../test/emulators/adyen/notifications.ts';
import { ADYEN_TEST_CARDS, TEST_CARD_CVC, TEST_CARD_EXPIRY } from '../../../test/emulators/adyen/test-cards.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { createConnectedShop } from '../../../test/payments/shop.ts';
import type { TestSession } from '../../../test/session.ts';
import { checkoutByCard } from '../../../test/support/checkout.ts';
import { processorWebhookEvents, refunds, transactionEvents, transactions, users } from '../../db/schema.ts';
import { ADYEN_BUYER_MESSAGES } from '../../payments/adyen/refusal-messages.ts';
import { UNCONFIRMED_PAYMENT } from '../charges/charge.service.ts';
import { reconcileStalePayments } from '../charges/reconcile.ts';

let t: TestApp;
let emulator: AdyenEmulator;
let productId: string;
let owner: TestSession;
let connectionId: string;

const adyenCard = (number: string = ADYEN_TEST_CARDS.visa, holder_name?: string) => ({
  number,
  exp_month: Number(TEST_CARD_EXPIRY.month),
  exp_year: Number(TEST_CARD_EXPIRY.year),
  cvc: TEST_CARD_CVC,
  ...(holder_name ? { holder_name } : {}),
});

const webhook = (payload: unknown, id = connectionId) =>
  t.app.inject({ method: 'POST', url: `/apiv1/webhooks/adyen/${id}/`, payload: payload as object });

beforeAll(async () => {
  emulator = await startAdyenEmulator();
  t = await buildTestApp({ KASSA_ADYEN_CHECKOUT_BASE: emulator.baseUrl });
  let connection: { id: string };
  ({ owner, productId, connection } = await createConnectedShop(
    t,
    { name: 'Adyen Outfitters', ownerEmail: 'owner@adyen-outfitters.test', pricePerUnit: 2_000, currency: 'EUR' },
    { provider: 'adyen', credentials: KASSA_CONNECTION_CREDENTIALS },
  ));
  expect(connection).toMatchObject({
    provider: 'adyen',
    status: 'verified',
    last_verification_message: 'Connected to Adyen TEST with merchant account KassaTestECOM.',
  });
  connectionId = connection.id;
  // Adyen delivers its webhooks to the URL the merchant configured for this connection.
  emulator.notify = async (payload) => {
    const answer = await webhook(payload);
    return { status: answer.statusCode, body: answer.body };
  };
});
afterAll(async () => {
  await emulator.close();
  await t.close();
});

const pay = (card: ReturnType<typeof adyenCard>, quantity = 1) =>
  checkoutByCard(t, { product: productId, quantity }, { card });
const txRow = async (id: string) => (await t.ctx.db.select().from(transactions).where(eq(transactions.id, id)))[0]!;
const eventsOf = async (id: string) =>
  t.ctx.db.select().from(transactionEvents).where(eq(transactionEvents.transactionId, id));
const refund = (id: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url: `/apiv1/transaction/${id}/refund/`, headers: owner.auth, payload });

describe('paying through Adyen', () => {
  it('charges the Adyen test Visa and keeps Adyen’s pspReference', async () => {
    const res = await pay(adyenCard(), 2);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().result;
    expect(result).toMatchObject({ status: 'capture_succeeded', amount: 4_000, currency: 'EUR' });
    const tx = await txRow(result.id);
    expect(tx).toMatchObject({ provider: 'adyen', providerConnectionId: connectionId, capturedAmount: 4_000 });
    expect(emulator.payments.get(tx.providerReference!)).toMatchObject({
      reference: tx.id,
      amount: { currency: 'EUR', value: 4_000 },
      capturedValue: 4_000,
    });
    // The billing name goes as the card holder's name when the buyer gave none.
    expect(emulator.requests.find((r) => (r.body as { reference?: string }).reference === tx.id)?.body).toMatchObject({
      paymentMethod: { holderName: 'Ada Lovelace' },
    });
  });

  it('tells the buyer why Adyen refused, in words they can act on', async () => {
    for (const [holder, reason] of [
      ['NOT_ENOUGH_BALANCE', ADYEN_BUYER_MESSAGES.funds],
      ['CARD_EXPIRED', ADYEN_BUYER_MESSAGES.expired],
      ['DECLINED', ADYEN_BUYER_MESSAGES.declined],
    ] as const) {
      const res = await pay(adyenCard(ADYEN_TEST_CARDS.visa, holder));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().result, holder).toMatchObject({ status: 'authorization_failed', failure_reason: reason });
    }
  });

  it('sends a 3-D Secure card to Adyen’s challenge page through the approval popup', async () => {
    const res = await pay(adyenCard(ADYEN_TEST_CARDS.visa3ds));
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().result;
    expect(result.status).toBe('buyer_approval_pending');
    expect(result.payment_method.approval_url).toMatch(new RegExp(`^${emulator.baseUrl}/threeDS/redirect\\?MD=`));
  });

  it('refunds part and then the rest through Adyen, keyed by Kassa’s refund ids', async () => {
    const paid = (await pay(adyenCard(), 5)).json().result;
    const part = await refund(paid.id, { amount: 3_000 });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json().result).toMatchObject({ status: 'partially_refunded', refunded_amount: 3_000 });
    const rest = await refund(paid.id);
    expect(rest.json().result).toMatchObject({ status: 'refunded', refunded_amount: 10_000 });
    const tx = await txRow(paid.id);
    expect(emulator.payments.get(tx.providerReference!)!.refundedValue).toBe(10_000);
    const rows = await t.ctx.db.select().from(refunds).where(eq(refunds.transactionId, paid.id));
    const keys = emulator.requests.filter((r) => r.path === `/v72/payments/${tx.providerReference}/refunds`);
    expect(keys.map((r) => r.idempotencyKey).sort()).toEqual(rows.map((r) => r.id).sort());
  });

  it('25 parallel refunds of a 20-refund payment: exactly 20 reach Adyen, never more than captured', async () => {
    for (let round = 0; round < 3; round++) {
      const paid = (await pay(adyenCard(), 1)).json().result;
      const answers = await Promise.all(Array.from({ length: 25 }, () => refund(paid.id, { amount: 100 })));
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(20);
      expect(answers.filter((a) => a.statusCode === 422)).toHaveLength(5);
      const tx = await txRow(paid.id);
      expect(tx).toMatchObject({ refundedAmount: 2_000, status: 'refunded' });
      expect(emulator.payments.get(tx.providerReference!)!.refundedValue).toBe(2_000);
    }
  });
});

describe('Adyen webhooks', () => {
  it('settles a payment whose answer was lost once Adyen’s AUTHORISATION arrives; reconciliation does not guess', async () => {
    emulator.holdNotifications();
    emulator.failNext({ kind: 'drop' }, { path: /\/payments$/ });
    const res = await pay(adyenCard());
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(UNCONFIRMED_PAYMENT);
    const [tx] = await t.ctx.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.providerConnectionId, connectionId), eq(transactions.status, 'processing')));
    expect(tx).toBeDefined();
    // Adyen took the payment; Kassa cannot ask it by reference, so the payment waits.
    expect(await reconcileStalePayments(t.ctx, 0)).toBe(0);
    expect((await txRow(tx!.id)).status).toBe('processing');
    await emulator.releaseNotifications();
    const settled = await txRow(tx!.id);
    const psp = [...emulator.payments.values()].find((p) => p.reference === tx!.id)!.pspReference;
    expect(settled).toMatchObject({ status: 'capture_succeeded', capturedAmount: 2_000, providerReference: psp });
    expect(emulator.deliveries.at(-1)).toMatchObject({ status: 200, body: '[accepted]' });
  });

  it('refuses a message whose HMAC does not match, and an endpoint that does not exist', async () => {
    const item = emulator.notifications.find((n) => n.eventCode === 'AUTHORISATION')!;
    const forged = { ...item, amount: { ...item.amount, value: item.amount.value + 1 } };
    const bad = await webhook(message([forged]));
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ status: 'error', message: 'The notification signature is not valid.' });
    const otherKey = signItem({ ...item, additionalData: {} }, 'AB'.repeat(32));
    expect((await webhook(message([otherKey]))).statusCode).toBe(401);
    expect((await webhook(message([item]), crypto.randomUUID())).statusCode).toBe(404);
    expect((await webhook({ live: 'false', notificationItems: [] })).statusCode).toBe(400);
    const good = await webhook(message([item]));
    expect(good.statusCode).toBe(200);
    expect(good.body).toBe('[accepted]');
  });

  it('tells an owner who reads Kassa in German of a dispute in German', async () => {
    const speaks = (locale: 'de' | null) =>
      t.ctx.db.update(users).set({ locale }).where(eq(users.email, 'owner@adyen-outfitters.test'));
    await speaks('de');
    try {
      const paid = (await pay(adyenCard())).json().result;
      const tx = await txRow(paid.id);
      const before = t.mail.sent.length;
      emulator.dispute(tx.providerReference!, 'NOTIFICATION_OF_CHARGEBACK');
      await emulator.settled();
      const [mail] = t.mail.sent.slice(before);
      expect(mail!.subject).toMatch(/^Eine Zahlung wurde angefochten \(.+\)$/);
      expect(mail!.text).toContain(`Die Bank des Käufers hat die Zahlung ${paid.id} über`);
      expect(mail!.text).toContain('Grundcode: ');
      expect(mail!.html).toContain('Adyen Customer Area');
    } finally {
      await speaks(null);
    }
  });

  it('marks a disputed payment, tells the owner once, and acts once per event however often it comes', async () => {
    const paid = (await pay(adyenCard())).json().result;
    const tx = await txRow(paid.id);
    const before = t.mail.sent.length;
    const item = emulator.dispute(tx.providerReference!, 'NOTIFICATION_OF_CHARGEBACK');
    await emulator.settled();
    expect((await txRow(paid.id)).disputedAt).toBeInstanceOf(Date);
    const mails = t.mail.sent.slice(before);
    expect(mails.map((m) => m.to)).toEqual(['owner@adyen-outfitters.test']);
    expect(mails[0]!.subject).toMatch(/disputed/);
    expect(mails[0]!.text).not.toContain('ada@example.com');
    // Adyen redelivers (ours answered, theirs timed out), 5 times at once.
    const again = await Promise.all(Array.from({ length: 5 }, () => webhook(message([item]))));
    expect(again.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    emulator.dispute(tx.providerReference!, 'CHARGEBACK');
    await emulator.settled();
    const types = (await eventsOf(paid.id)).map((e) => e.type);
    expect(types.filter((type) => type === 'dispute_opened')).toHaveLength(1);
    expect(types.filter((type) => type === 'chargeback')).toHaveLength(1);
    expect(t.mail.sent.length - before).toBe(1);
    const recorded = await t.ctx.db
      .select()
      .from(processorWebhookEvents)
      .where(eq(processorWebhookEvents.transactionId, paid.id));
    expect(recorded.map((r) => r.eventKey).sort()).toEqual(
      [
        `${item.pspReference}:CHARGEBACK`,
        `${item.pspReference}:NOTIFICATION_OF_CHARGEBACK`,
        `${tx.providerReference}:AUTHORISATION`,
      ].sort(),
    );
  });

  it('puts a refund Adyen could not complete on the payment’s timeline', async () => {
    const paid = (await pay(adyenCard(ADYEN_TEST_CARDS.visa, 'refund failed'))).json().result;
    expect(paid.status).toBe('capture_succeeded');
    expect((await refund(paid.id, { amount: 500 })).statusCode).toBe(200);
    await emulator.settled();
    const failed = (await eventsOf(paid.id)).filter((e) => e.type === 'refund_failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ amount: 500 });
    expect(failed[0]!.message).toMatch(/could not complete the refund/);
  });

  it('ignores a correctly signed event for another merchant account of the same key', async () => {
    const foreign: NotificationItem = signItem(
      {
        eventCode: 'AUTHORISATION',
        pspReference: 'FOREIGN000000001',
        merchantAccountCode: 'SomeOtherECOM',
        merchantReference: crypto.randomUUID(),
        amount: { currency: 'EUR', value: 100 },
        eventDate: new Date().toISOString(),
        success: 'true',
      },
      DEFAULT_HMAC_KEY,
    );
    const res = await webhook(message([foreign]));
    expect(res.statusCode).toBe(200);
    const rows = await t.ctx.db
      .select()
      .from(processorWebhookEvents)
      .where(eq(processorWebhookEvents.eventKey, 'FOREIGN000000001:AUTHORISATION'));
    expect(rows).toHaveLength(0);
  });
});
