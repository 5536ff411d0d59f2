import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant } from '../../../test/factories/merchants.ts';
import { createInvoice, createProduct } from '../../../test/factories/sellables.ts';
import type { TestApp } from '../../../test/helper.ts';
import { startShop } from '../../../test/payments/shop.ts';
import { billing } from '../../../test/support/buyer.ts';
import { openCheckout, payByCard, testCard } from '../../../test/support/checkout.ts';
import {
  checkoutSessions,
  invoices,
  merchants,
  providerConnections,
  transactionEvents,
  transactions,
} from '../../db/schema.ts';
import { MINUTE } from '../../lib/clock.ts';
import { deliverQueuedNotifications } from '../notifications/notifications.worker.ts';
import { insertProcessingTransaction } from './charge.queries.ts';
import { INTERRUPTED_REASON, reconcileStalePayments } from './reconcile.ts';

let t: TestApp;
let merchantId: string;
let productId: string;

beforeAll(async () => {
  ({ t, merchantId, productId } = await startShop({
    name: 'Acme Outfitters',
    ownerEmail: 'owner@acme.test',
    pricePerUnit: 2_500,
  }));
});
afterAll(() => t.close());

const checkout = (quantity = 1, id = productId) => openCheckout(t, { product: id, quantity });

const pay = (payload: object, headers: Record<string, string> = {}, remoteAddress?: string) =>
  t.app.inject({ method: 'POST', url: '/apiv1/pay/charge/', payload, headers, remoteAddress });
const payCard = async (number: string, token?: string) =>
  payByCard(t, token ?? (await checkout()).token_card, { card: testCard(number) });

describe('paying a checkout with the sandbox test cards', () => {
  it('captures 4242 4242 4242 4242 for price × quantity and completes the checkout', async () => {
    const { token_card } = await checkout(3);
    const res = await pay({
      token: token_card,
      method: 'card',
      card: testCard('4242 4242 4242 4242'),
      billing,
      amount: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().result;
    expect(result).toMatchObject({
      status: 'capture_succeeded',
      amount: 7_500,
      currency: 'USD',
      payment_method: { brand: 'visa', last4: '4242' },
    });
    const [tx] = await t.ctx.db.select().from(transactions).where(eq(transactions.id, result.id));
    expect(tx).toMatchObject({ capturedAmount: 7_500, buyerEmail: 'ada@example.com', merchantId });
    const [session] = await t.ctx.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, tx!.checkoutSessionId!));
    expect(session!.status).toBe('completed');
    const again = await payByCard(t, token_card);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('This checkout has already been paid.');
  });

  it('declines 4000 0000 0000 0002 and 9995 with their reasons, and lets the buyer retry', async () => {
    const { token_card } = await checkout();
    const declined = (await payCard('4000000000000002', token_card)).json().result;
    expect(declined).toMatchObject({ status: 'authorization_failed', failure_reason: 'Card declined.' });
    const funds = (await payCard('4000000000009995')).json().result;
    expect(funds).toMatchObject({ status: 'authorization_failed', failure_reason: 'Insufficient funds.' });
    const retry = (await payCard('4242424242424242', token_card)).json().result;
    expect(retry.status).toBe('capture_succeeded');
  });

  it('refuses a Luhn-invalid number before recording anything', async () => {
    const before = await t.ctx.db.$count(transactions);
    const res = await payCard('4242424242424241');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_input', errors: [{ path: 'card.number' }] });
    expect(await t.ctx.db.$count(transactions)).toBe(before);
  });

  it('sends 4000 0000 0000 3220 through the approval page: approve captures, answering twice is refused', async () => {
    const pending = (await payCard('4000000000003220')).json().result;
    expect(pending.status).toBe('buyer_approval_pending');
    const url = new URL(pending.payment_method.approval_url);
    expect(url.origin).toBe('http://kassa.test');
    const reference = url.pathname.split('/').at(-1)!;
    const view = await t.app.inject({ method: 'GET', url: `/apiv1/pay/approval/${reference}/` });
    expect(view.json().result).toMatchObject({
      merchant_name: 'Acme Outfitters',
      amount: 2_500,
      status: 'buyer_approval_pending',
    });
    const approved = await t.app.inject({
      method: 'POST',
      url: `/apiv1/pay/approval/${reference}/`,
      payload: { decision: 'approve' },
    });
    expect(approved.json().result).toMatchObject({ id: pending.id, status: 'capture_succeeded' });
    const twice = await t.app.inject({
      method: 'POST',
      url: `/apiv1/pay/approval/${reference}/`,
      payload: { decision: 'decline' },
    });
    expect(twice.statusCode).toBe(422);
  });

  it('records a declined approval as authorization_failed', async () => {
    const pending = (await payCard('4000000000003220')).json().result;
    const reference = new URL(pending.payment_method.approval_url).pathname.split('/').at(-1)!;
    const res = await t.app.inject({
      method: 'POST',
      url: `/apiv1/pay/approval/${reference}/`,
      payload: { decision: 'decline' },
    });
    expect(res.json().result).toMatchObject({
      status: 'authorization_failed',
      failure_reason: 'The buyer declined the approval.',
    });
  });

  it('fails an approval the buyer left when they pay the same checkout again, and refuses the old approval', async () => {
    const { token_card } = await checkout();
    const left = (await payCard('4000000000003220', token_card)).json().result;
    expect(left.status).toBe('buyer_approval_pending');
    const paid = (await payCard('4242424242424242', token_card)).json().result;
    expect(paid.status).toBe('capture_succeeded');
    const [old] = await t.ctx.db.select().from(transactions).where(eq(transactions.id, left.id));
    expect(old).toMatchObject({
      status: 'authorization_failed',
      failureReason: 'Replaced by a new payment attempt before it was approved.',
    });
    const events = await t.ctx.db.select().from(transactionEvents).where(eq(transactionEvents.transactionId, left.id));
    expect(events.map((e) => [e.type, e.status])).toContainEqual(['abandoned', 'authorization_failed']);
    const reference = new URL(left.payment_method.approval_url).pathname.split('/').at(-1)!;
    const late = await t.app.inject({
      method: 'POST',
      url: `/apiv1/pay/approval/${reference}/`,
      payload: { decision: 'approve' },
    });
    expect(late.statusCode).toBe(422);
  });

  it('lets the widget read the final result with the checkout token only', async () => {
    const { token_card } = await checkout();
    const paid = (await payCard('4242424242424242', token_card)).json().result;
    const ok = await t.app.inject({
      method: 'GET',
      url: `/apiv1/pay/payment/${paid.id}/`,
      headers: { 'x-checkout-token': token_card },
    });
    expect(ok.json().result.status).toBe('capture_succeeded');
    const other = await checkout();
    const res = await t.app.inject({
      method: 'GET',
      url: `/apiv1/pay/payment/${paid.id}/`,
      headers: { 'x-checkout-token': other.token_card },
    });
    expect(res.statusCode).toBe(404);
  });

  it('refuses an expired checkout token', async () => {
    const { token_card } = await checkout();
    t.clock.advance(31 * MINUTE);
    try {
      const res = await payCard('4242424242424242', token_card);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toMatch(/expired/);
    } finally {
      t.clock.advance(-31 * MINUTE);
    }
  });

  it('refuses a card token for the wallet section', async () => {
    const { token_card } = await checkout();
    const res = await pay({ token: token_card, method: 'wallet', billing });
    expect(res.statusCode).toBe(400);
  });

  it('refuses payment once the merchant is blocked, even with a token issued before', async () => {
    const m = await createMerchant(t.ctx.db);
    const p = await createProduct(t.ctx.db, m.id);
    const { token_card } = await checkout(1, p.id);
    await t.ctx.db.update(merchants).set({ isBlocked: true }).where(eq(merchants.id, m.id));
    const res = await payCard('4242424242424242', token_card);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('This merchant cannot accept payments right now.');
  });
});

describe('wallet payments', () => {
  it('always wait for the buyer’s approval', async () => {
    const m = await createMerchant(t.ctx.db);
    await t.ctx.db
      .insert(providerConnections)
      .values({ merchantId: m.id, kind: 'digital_wallet', provider: 'sandbox_wallet' });
    const p = await createProduct(t.ctx.db, m.id);
    const { token } = await checkout(1, p.id);
    const res = await pay({
      token,
      method: 'wallet',
      billing: { firstName: 'A', lastName: 'B', emailAddress: 'a@b.example' },
    });
    expect(res.json().result).toMatchObject({ status: 'buyer_approval_pending', method: 'wallet' });
  });
});

describe('invoices', () => {
  it('marks the invoice paid and never takes a second payment for it', async () => {
    const inv = await createInvoice(t.ctx.db, merchantId, { totalAmount: 12_345 });
    const open = async () =>
      t.app.inject({ method: 'POST', url: `/apiv1/invoice/get-checkout-token/${inv.id}/`, payload: {} });
    const first = (await open()).json().result.token_card;
    const second = (await open()).json().result.token_card;
    const paid = (await payCard('4242424242424242', first)).json().result;
    expect(paid).toMatchObject({ status: 'capture_succeeded', amount: 12_345 });
    const [row] = await t.ctx.db.select().from(invoices).where(eq(invoices.id, inv.id));
    expect(row).toMatchObject({ status: 'paid', paidTransactionId: paid.id });
    const res = await payCard('4242424242424242', second);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('This invoice has already been paid.');
    expect((await open()).statusCode).toBe(422);
  });
});

describe('Idempotency-Key on /pay/charge/', () => {
  it('replays the first result for the same body and refuses another body with 422', async () => {
    const { token_card } = await checkout();
    const body = { token: token_card, method: 'card', card: testCard('4000000000000002'), billing };
    const first = await pay(body, { 'idempotency-key': 'attempt-1' });
    const replay = await pay(body, { 'idempotency-key': 'attempt-1' });
    expect(replay.json().result.id).toBe(first.json().result.id);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const other = await pay({ ...body, card: testCard('4242424242424242') }, { 'idempotency-key': 'attempt-1' });
    expect(other.statusCode).toBe(422);
  });

  it('makes one payment of 20 parallel charges with one key; the others replay it or hear it is running', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { token_card } = await checkout();
      const body = { token: token_card, method: 'card', card: testCard('4242424242424242'), billing };
      const before = await t.ctx.db.$count(transactions, eq(transactions.merchantId, merchantId));
      const key = { 'idempotency-key': `parallel-${round}` };
      // From 20 addresses, as 20 tabs of one buyer behind different networks: past the per-address limit.
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => pay(body, key, `10.9.${round}.${i + 1}`)));
      expect(answers.map((a) => a.statusCode).filter((s) => s !== 200 && s !== 409)).toEqual([]);
      const paid = answers.filter((a) => a.statusCode === 200).map((a) => a.json().result);
      expect(paid.length).toBeGreaterThan(0);
      expect(new Set(paid.map((r) => r.id)).size).toBe(1);
      expect(paid[0].status).toBe('capture_succeeded');
      expect(await t.ctx.db.$count(transactions, eq(transactions.merchantId, merchantId))).toBe(before + 1);
      const later = await pay(body, key, `10.9.${round}.100`);
      expect(later.json().result.id).toBe(paid[0].id);
      expect(later.headers['idempotent-replayed']).toBe('true');
    }
  });
});

describe('notifications', () => {
  it('mails the merchant and a receipt to the buyer once, however often the page asks', async () => {
    await deliverQueuedNotifications(t.ctx, 1000);
    const sentBefore = t.mail.sent.length;
    const paid = (await payCard('4242424242424242')).json().result;
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/apiv1/transaction/send-notification/',
        payload: { id: paid.id },
      });
      expect(res.json()).toMatchObject({ status: 'success', message: 'Notification sent.' });
    }
    await deliverQueuedNotifications(t.ctx, 1000);
    await deliverQueuedNotifications(t.ctx, 1000);
    const mails = t.mail.sent.slice(sentBefore);
    expect(mails.map((m) => m.to).sort()).toEqual(['ada@example.com', 'owner@acme.test']);
    expect(mails.find((m) => m.to === 'ada@example.com')!.text).toContain('$25.00');
  });

  it('announces nothing for a declined payment and 404s an unknown one', async () => {
    const declined = (await payCard('4000000000000002')).json().result;
    const res = await t.app.inject({
      method: 'POST',
      url: '/apiv1/transaction/send-notification/',
      payload: { id: declined.id },
    });
    expect(res.json().message).toBe('Nothing to notify for this payment.');
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/apiv1/transaction/send-notification/',
      payload: { id: crypto.randomUUID() },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('reconciliation', () => {
  it('settles a payment a crash left in processing, and the buyer can pay again', async () => {
    const { token_card } = await checkout();
    const paid = (await payCard('4000000000000002', token_card)).json().result;
    // Simulate a crash between recording and the processor's answer.
    await t.ctx.db
      .update(transactions)
      .set({ status: 'processing', createdAt: new Date(Date.now() - 5 * MINUTE) })
      .where(eq(transactions.id, paid.id));
    const blocked = await payCard('4242424242424242', token_card);
    expect(blocked.statusCode).toBe(409);
    expect(await reconcileStalePayments(t.ctx)).toBeGreaterThanOrEqual(1);
    const [row] = await t.ctx.db.select().from(transactions).where(eq(transactions.id, paid.id));
    expect(row).toMatchObject({ status: 'authorization_failed', failureReason: INTERRUPTED_REASON });
    expect((await payCard('4242424242424242', token_card)).json().result.status).toBe('capture_succeeded');
  });
});

describe('card data at rest', () => {
  it('keeps no full card number and no CVV in any table', async () => {
    await pay({
      token: (await checkout()).token_card,
      method: 'card',
      card: testCard('4111 1111 1111 1111', '987'),
      billing,
    });
    const tables = await t.ctx.database.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'",
    );
    let dump = '';
    for (const { table_name } of tables) {
      const rows = await t.ctx.database.query<{ r: string }>(`select row_to_json(x)::text as r from "${table_name}" x`);
      dump += rows.map((r) => r.r).join('\n');
    }
    expect(dump).toContain('"card_last4":"1111"');
    expect(dump).not.toMatch(/4111-?\s?1111-?\s?1111-?\s?1111|4111111111111111/);
    expect(dump).not.toContain('"987"');
    expect(dump).not.toMatch(/\b\d{13,19}\b/);
  });
});

describe('recording an attempt', () => {
  it('hands back the row exactly as the database stored it, with or without the optional parts', async () => {
    const base = {
      merchantId,
      source: 'product' as const,
      productId,
      amount: 2_500,
      currency: 'EUR',
      method: 'card' as const,
      status: 'processing' as const,
    };
    const full = {
      ...base,
      checkoutSessionId: crypto.randomUUID(),
      giftCardAmount: 500,
      intent: 'authorize' as const,
      mode: 'test' as const,
      cardBrand: 'visa',
      cardLast4: '4242',
      cardExpMonth: 12,
      cardExpYear: 2031,
      cardFingerprint: 'fp',
      buyerId: crypto.randomUUID(),
      buyerFirstName: 'Ada',
      buyerLastName: 'Lovelace',
      buyerEmail: 'ada@example.test',
      buyerLocale: 'de' as const,
      // A member left undefined is not stored: the row handed back has none either.
      billingAddress: { line1: 'Main St 1', city: 'Berlin', zipCode: undefined as unknown as string, country: 'DE' },
      fraudDecision: 'review' as const,
      fraudReasons: ['Many cards from one address.'],
      description: 'Two mugs',
      saveConsent: { at: new Date(0).toISOString(), page: 'https://shop.test/p', text: 'Keep my card.' },
    };
    for (const values of [base, full]) {
      const recorded = await t.ctx.db.transaction((tx) => insertProcessingTransaction(tx, values));
      const [stored] = await t.ctx.db.select().from(transactions).where(eq(transactions.id, recorded.id));
      expect(recorded).toStrictEqual(stored);
    }
  });
});
