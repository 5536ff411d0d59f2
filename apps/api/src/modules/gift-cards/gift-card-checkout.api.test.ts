import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createMerchant } from '../../../test/factories/merchants.ts';
import { createProduct } from '../../../test/factories/sellables.ts';
import { buildTestApp } from '../../../test/helper.ts';
import type { TestSession } from '../../../test/session.ts';
import { usBilling } from '../../../test/support/buyer.ts';
import { openCheckout, payByCard, testCard, watchAuthorizations } from '../../../test/support/checkout.ts';
import { createOwnedMerchant } from '../../../test/support/merchant-team.ts';
import { giftCardRedemptions, giftCards, providerConnections, transactions } from '../../db/schema.ts';

const t = await buildTestApp();
afterAll(() => t.close());
const { merchantId: acme, owner } = await createOwnedMerchant(t, { name: 'Acme', allowConnections: true });
const productId = (await createProduct(t.ctx.db, acme, { pricePerUnit: 2_500 })).id;
/** Amounts the processor was asked to authorize. */
const authorized: number[] = [];
watchAuthorizations(t, (_providerId, request) => authorized.push(request.amount));

/** Pays checkout `token` by card with `giftCard` applied; the card number picks the sandbox's answer. */
const payWithGiftCard = (token: string, giftCard: { code: string; pin: string }, cardNumber = '4242424242424242') =>
  payByCard(t, token, { card: testCard(cardNumber), billing, gift_card: giftCard });

const billing = usBilling();

const checkout = (id = productId, remoteAddress?: string) => openCheckout(t, { product: id }, remoteAddress);
const pay = (payload: object) => t.app.inject({ method: 'POST', url: '/apiv1/pay/charge/', payload });
const issue = (s: TestSession, payload: object) =>
  t.app.inject({ method: 'POST', url: '/apiv1/gift-card/', payload, headers: s.auth });

async function balanceOf(code: string) {
  const [row] = await t.ctx.db
    .select()
    .from(giftCards)
    .where(eq(giftCards.code, code.replaceAll('-', '')));
  return row!.balance;
}

describe('issuing sandbox gift cards', () => {
  it('needs the sandbox gift card service connected', async () => {
    const res = await issue(owner, { balance: 1_000, currency: 'USD' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Connect the Kassa Sandbox Gift Cards service before issuing gift cards.');
    const connected = await t.app.inject({
      method: 'POST',
      url: '/apiv1/connection/merchant-connection/',
      payload: {
        kind: 'gift_card',
        provider: 'sandbox_gift_card',
        credentials: { secret_key: 'sk_test_gift000011112222' },
      },
      headers: owner.auth,
    });
    expect(connected.statusCode, connected.body).toBe(201);
  });

  it('issues a card with a generated code and PIN shown once, and lists balances', async () => {
    const res = await issue(owner, { balance: 1_000, currency: 'usd' });
    expect(res.statusCode, res.body).toBe(201);
    const issued = res.json().result;
    expect(issued.code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(issued.pin).toMatch(/^\d{6}$/);
    expect(issued).toMatchObject({ balance: 1_000, currency: 'USD' });
    const [row] = await t.ctx.db.select().from(giftCards).where(eq(giftCards.id, issued.id));
    expect(row!.pinHash).not.toContain(issued.pin);
    const list = await t.app.inject({ method: 'GET', url: '/apiv1/gift-card/', headers: owner.auth });
    expect(list.json().result.results).toEqual([expect.not.objectContaining({ pin: expect.anything() })]);
    expect(list.json().result.results[0]).toMatchObject({ id: issued.id, balance: 1_000 });
    expect((await issue(owner, { code: issued.code, balance: 5, currency: 'USD' })).statusCode).toBe(409);
  });
});

describe('paying with a gift card', () => {
  it('pays part with the gift card and the rest by card, asking the processor only for the rest', async () => {
    await issue(owner, { code: 'PART-0001', pin: '1234', balance: 1_000, currency: 'USD' });
    const { token_card, gift_cards_accepted } = await checkout();
    expect(gift_cards_accepted).toBe(true);
    authorized.length = 0;
    const res = await payWithGiftCard(token_card, { code: 'part-0001', pin: '1234' });
    expect(res.json().result).toMatchObject({
      status: 'capture_succeeded',
      method: 'card',
      amount: 2_500,
      gift_card_amount: 1_000,
    });
    expect(authorized).toEqual([1_500]);
    const [tx] = await t.ctx.db.select().from(transactions).where(eq(transactions.id, res.json().result.id));
    expect(tx).toMatchObject({ capturedAmount: 2_500, giftCardAmount: 1_000 });
    expect(await balanceOf('PART0001')).toBe(0);

    // Refunds go to the bank card first (1,500), the rest back onto the gift card.
    const refund = await t.app.inject({
      method: 'POST',
      url: `/apiv1/transaction/${tx!.id}/refund/`,
      payload: { amount: 2_000 },
      headers: owner.auth,
    });
    expect(refund.json().result).toMatchObject({ status: 'partially_refunded', refunded_amount: 2_000 });
    expect(await balanceOf('PART0001')).toBe(500);
    await t.app.inject({
      method: 'POST',
      url: `/apiv1/transaction/${tx!.id}/refund/`,
      payload: {},
      headers: owner.auth,
    });
    expect(await balanceOf('PART0001')).toBe(1_000);
  });

  it('pays everything with the gift card: no card needed, no processor', async () => {
    await issue(owner, { code: 'FULL-0001', pin: '5678', balance: 5_000, currency: 'USD' });
    authorized.length = 0;
    const res = await pay({
      token: (await checkout()).token_card,
      method: 'card',
      billing: { firstName: 'Ada', lastName: 'Lovelace', emailAddress: 'ada@example.com' },
      gift_card: { code: 'FULL-0001', pin: '5678' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({
      status: 'capture_succeeded',
      method: 'gift_card',
      gift_card_amount: 2_500,
    });
    expect(authorized).toEqual([]);
    expect(await balanceOf('FULL0001')).toBe(2_500);
    const refund = await t.app.inject({
      method: 'POST',
      url: `/apiv1/transaction/${res.json().result.id}/refund/`,
      payload: {},
      headers: owner.auth,
    });
    expect(refund.json().result.status).toBe('refunded');
    expect(await balanceOf('FULL0001')).toBe(5_000);
  });

  it('refuses a wrong PIN before anything is recorded', async () => {
    await issue(owner, { code: 'PINS-0001', pin: '1111', balance: 5_000, currency: 'USD' });
    const before = await t.ctx.db.$count(transactions);
    const res = await payWithGiftCard((await checkout()).token_card, { code: 'PINS-0001', pin: '2222' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'The gift card code or PIN is not valid.',
      errors: [{ path: 'gift_card' }],
    });
    expect(await t.ctx.db.$count(transactions)).toBe(before);
    expect(await balanceOf('PINS0001')).toBe(5_000);
  });

  it('asks for a card when the balance does not cover the total, then charges the rest to it', async () => {
    await issue(owner, { code: 'LOW-00001', pin: '4321', balance: 500, currency: 'USD' });
    const { token_card } = await checkout();
    const noCard = await pay({
      token: token_card,
      method: 'card',
      billing,
      gift_card: { code: 'LOW-00001', pin: '4321' },
    });
    expect(noCard.statusCode).toBe(400);
    expect(noCard.json().message).toBe('The gift card covers $5.00. Enter card details for the remaining $20.00.');
    expect(await balanceOf('LOW00001')).toBe(500);
    authorized.length = 0;
    const withCard = await payWithGiftCard(token_card, { code: 'LOW-00001', pin: '4321' });
    expect(withCard.json().result).toMatchObject({ status: 'capture_succeeded', gift_card_amount: 500 });
    expect(authorized).toEqual([2_000]);
  });

  it('gives the gift card part back when the card part is declined', async () => {
    await issue(owner, { code: 'BACK-0001', pin: '9999', balance: 1_000, currency: 'USD' });
    const res = await payWithGiftCard(
      (await checkout()).token_card,
      { code: 'BACK-0001', pin: '9999' },
      '4000000000000002',
    );
    expect(res.json().result).toMatchObject({
      status: 'authorization_failed',
      failure_reason: 'Card declined.',
      gift_card_amount: 0,
    });
    expect(await balanceOf('BACK0001')).toBe(1_000);
    const moves = await t.ctx.db
      .select()
      .from(giftCardRedemptions)
      .where(eq(giftCardRedemptions.transactionId, res.json().result.id));
    expect(moves.map((m) => m.amount).sort()).toEqual([-1_000, 1_000]);
  });

  it('gives it back when the buyer declines the approval page', async () => {
    await issue(owner, { code: 'APPR-0001', pin: '3333', balance: 1_000, currency: 'USD' });
    const pending = (
      await payWithGiftCard((await checkout()).token_card, { code: 'APPR-0001', pin: '3333' }, '4000000000003220')
    ).json().result;
    expect(pending.status).toBe('buyer_approval_pending');
    expect(await balanceOf('APPR0001')).toBe(0);
    const reference = new URL(pending.payment_method.approval_url).pathname.split('/').at(-1)!;
    const view = await t.app.inject({ method: 'GET', url: `/apiv1/pay/approval/${reference}/` });
    expect(view.json().result.amount).toBe(1_500);
    await t.app.inject({ method: 'POST', url: `/apiv1/pay/approval/${reference}/`, payload: { decision: 'decline' } });
    expect(await balanceOf('APPR0001')).toBe(1_000);
  });

  it('refuses gift cards where the merchant has no gift card service, and other merchants’ cards', async () => {
    const other = await createMerchant(t.ctx.db, { allowConnections: true });
    const p = await createProduct(t.ctx.db, other.id);
    const { token_card, gift_cards_accepted } = await checkout(p.id);
    expect(gift_cards_accepted).toBe(false);
    const res = await payWithGiftCard(token_card, { code: 'FULL-0001', pin: '5678' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('This merchant does not accept gift cards.');

    await t.ctx.db
      .insert(providerConnections)
      .values({ merchantId: other.id, kind: 'gift_card', provider: 'sandbox_gift_card' });
    const foreign = await payWithGiftCard((await checkout(p.id)).token_card, { code: 'FULL-0001', pin: '5678' });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe('The gift card code or PIN is not valid.');
  });
});

describe('one gift card spent by many buyers at once', () => {
  it('never spends more than its balance when 20 checkouts redeem it together (3 rounds)', async () => {
    for (let round = 0; round < 3; round += 1) {
      const code = `RACE-000${round}`;
      // 2 × 25.00 fit on the card; the 18 other buyers must be refused, not charged twice.
      await issue(owner, { code, pin: '7777', balance: 5_000, currency: 'USD' });
      const tokens: string[] = [];
      for (let i = 0; i < 20; i += 1) tokens.push((await checkout(productId, `10.4.${round}.${i}`)).token_card);
      const answers = await Promise.all(
        tokens.map((token, i) =>
          t.app.inject({
            method: 'POST',
            url: '/apiv1/pay/charge/',
            remoteAddress: `10.3.${round}.${i}`,
            payload: {
              token,
              method: 'card',
              billing: { firstName: 'Ada', lastName: 'Lovelace', emailAddress: 'ada@example.com' },
              gift_card: { code, pin: '7777' },
            },
          }),
        ),
      );
      expect(answers.filter((r) => r.statusCode >= 500).map((r) => r.body)).toEqual([]);
      const paid = answers.filter((r) => r.statusCode === 200 && r.json().result.status === 'capture_succeeded');
      expect(paid).toHaveLength(2);
      expect(await balanceOf(code)).toBe(0);
      const redeemed = await t.ctx.db
        .select({ amount: giftCardRedemptions.amount })
        .from(giftCardRedemptions)
        .innerJoin(giftCards, eq(giftCards.id, giftCardRedemptions.giftCardId))
        .where(eq(giftCards.code, code.replaceAll('-', '')));
      expect(redeemed.reduce((sum, r) => sum + r.amount, 0)).toBe(5_000);
    }
  });
});
