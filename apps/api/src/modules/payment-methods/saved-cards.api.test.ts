// Saved cards end to end on the sandbox's own vault (docs/decisions/0023-saved-cards-live-at-the-processor.md):
// saving with the buyer's consent, who may pay with a saved card, merchant-initiated charges, the test
// cards' kept behaviour, removal, the replace link, and the races (≥20 truly parallel requests).
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSavedCard } from '../../../test/factories/saved-cards.ts';
import { createInvoice, createQuickPayment } from '../../../test/factories/sellables.ts';
import { createMonthlyPrice } from '../../../test/factories/subscriptions.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { createSignedInShop } from '../../../test/payments/shop.ts';
import type { TestSession } from '../../../test/session.ts';
import { billing } from '../../../test/support/buyer.ts';
import { testCard } from '../../../test/support/checkout.ts';
import {
  auditLog,
  checkoutSessions,
  customers,
  providerConnections,
  sandboxVaultCards,
  savedCards,
  subscriptions,
  transactionEvents,
  transactions,
} from '../../db/schema.ts';
import { AUTHENTICATION_LINK_SENT } from '../charges/settle-payment.ts';
import { deliverQueuedNotifications } from '../notifications/notifications.worker.ts';
import { authenticationLinkFor } from './authenticate-payment.service.ts';
import { vaultCustomerFor } from './payment-methods.service.ts';

let t: TestApp;
let owner: TestSession;
let productId: string;
let apiKey: { authorization: string };
let buyers = 0;

beforeAll(async () => {
  t = await buildTestApp();
  ({ owner, productId } = await createSignedInShop(t, { name: 'Acme Outfitters', pricePerUnit: 2_500 }));
  const key = await t.app.inject({
    method: 'POST',
    url: '/apiv1/developers/api-keys/',
    headers: owner.auth,
    payload: { name: 'server', mode: 'test', scopes: ['customers:write', 'payments:write'] },
  });
  expect(key.statusCode, key.body).toBe(201);
  apiKey = { authorization: `Bearer ${key.json().result.secret}` };
});
afterAll(() => t.close());

/** A client address of its own per request: the public routes are rate-limited per address. */
const address = () => {
  buyers += 1;
  return `10.77.${Math.floor(buyers / 250)}.${buyers % 250}`;
};

async function token(body: object = {}, headers: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/apiv1/product/get-checkout-token/${productId}/`,
    payload: { quantity: 1, ...body },
    headers,
    remoteAddress: address(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result.token_card as string;
}

const pay = (payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/apiv1/pay/charge/',
    payload: { method: 'card', billing, ...payload },
    headers,
    remoteAddress: address(),
  });

const session = (checkoutToken: string) =>
  t.app.inject({ method: 'GET', url: '/apiv1/pay/session/', headers: { 'x-checkout-token': checkoutToken } });

const cardsOf = (customerId: string) =>
  t.app.inject({ method: 'GET', url: `/apiv1/customer/${customerId}/payment-method/`, headers: apiKey });

const charge = (customerId: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/apiv1/customer/${customerId}/charge/`,
    payload: { amount: 1_200, currency: 'USD', ...payload },
    headers: { ...apiKey, ...headers },
  });

/**
 * A buyer who pays with `number` and agrees to keep the card, on a checkout the merchant's server minted
 * for its buyer id (API key): their customer (made with that reference on the first save) and card.
 */
async function saveByPaying(reference: string, number = '4242424242424242', headers: Record<string, string> = {}) {
  const minted = await token({ buyer_id: reference }, apiKey);
  const paid = await pay({ token: minted, card: testCard(number), save_card: true }, headers);
  expect(paid.statusCode, paid.body).toBe(200);
  const [tx] = await t.ctx.db.select().from(transactions).where(eq(transactions.id, paid.json().result.id));
  return { tx: tx!, customerId: tx!.customerId!, paymentMethodId: tx!.paymentMethodId };
}

/** A card saved without paying, through the replace link's add-card page (every test card saves there). */
async function saveByLink(customerId: string, number: string) {
  const sent = await t.app.inject({
    method: 'POST',
    url: `/apiv1/customer/${customerId}/payment-method/replace-link/`,
    headers: apiKey,
    payload: {},
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const link = t.mail.lastTo(sent.json().result.sent_to)!.text.match(/\/card\/add\/([\w.-]+)/)![1]!;
  const added = await t.app.inject({
    method: 'POST',
    url: '/apiv1/pay/add-card/',
    headers: { 'x-add-card-token': link },
    payload: { card: testCard(number) },
    remoteAddress: address(),
  });
  expect(added.statusCode, added.body).toBe(200);
  return added.json().result.card.id as string;
}

describe('saving a card with a payment', () => {
  it('keeps the consent in the words the buyer read: the hosted fields speak the browser’s language', async () => {
    const { customerId } = await saveByPaying('buyer-save-de', '4242424242424242', {
      'accept-language': 'de-CH,de;q=0.9,en;q=0.5',
    });
    const list = await cardsOf(customerId);
    expect(list.json().result.map((card: { consent_text: string }) => card.consent_text)).toEqual([
      'Diese Karte für künftige Zahlungen speichern',
    ]);
  });

  it('keeps the notice’s words and the merchant’s page when the page says it showed them', async () => {
    const minted = await token({ buyer_id: 'buyer-notice' }, apiKey);
    const paid = await pay({
      token: minted,
      card: testCard('4242424242424242'),
      save_card: true,
      save_card_shown: 'notice',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const [tx] = await t.ctx.db.select().from(transactions).where(eq(transactions.id, paid.json().result.id));
    const list = await cardsOf(tx!.customerId!);
    expect(list.json().result.map((card: { consent_text: string }) => card.consent_text)).toEqual([
      'This card will be saved for future payments',
    ]);
    // Embedded in the merchant's page, the consent names that page; Kassa's own origin names the checkout.
    const consentPageOf = async (buyer: string, page: string) => {
      const res = await pay({
        token: await token({ buyer_id: buyer }, apiKey),
        card: testCard('4242424242424242'),
        save_card: true,
        save_card_page: page,
      });
      expect(res.statusCode, res.body).toBe(200);
      const [row] = await t.ctx.db.select().from(transactions).where(eq(transactions.id, res.json().result.id));
      return (await cardsOf(row!.customerId!)).json().result[0].consent_page;
    };
    expect(await consentPageOf('buyer-embedded', 'https://shop.example.com')).toBe('https://shop.example.com');
    expect(await consentPageOf('buyer-on-kassa', 'http://kassa.test')).toBe(`http://kassa.test/checkout/${productId}`);
    const odd = await pay({
      token: await token({}, apiKey),
      card: testCard('4242424242424242'),
      save_card: true,
      save_card_shown: 'told',
    });
    expect(odd.statusCode).toBe(400);
  });

  it('keeps the sandbox token, brand, last 4, expiry and the consent, for the customer of the buyer id', async () => {
    const { tx, customerId, paymentMethodId } = await saveByPaying('buyer-save-1');
    expect(tx).toMatchObject({ status: 'capture_succeeded', initiator: null });
    expect(paymentMethodId).toEqual(expect.any(String));
    const list = await cardsOf(customerId);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().result).toEqual([
      expect.objectContaining({
        id: paymentMethodId,
        customer_id: customerId,
        mode: 'test',
        brand: 'visa',
        last4: '4242',
        exp_month: 12,
        exp_year: 2030,
        processor: 'sandbox',
        consent_text: 'Save this card for future payments',
        consent_page: `http://kassa.test/checkout/${productId}`,
        expired: false,
        expiring: false,
      }),
    ]);
    const [row] = await t.ctx.db.select().from(savedCards).where(eq(savedCards.id, paymentMethodId!));
    expect(row!.token).toMatch(/^sbx_pm_/);
    const attached = await t.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, paymentMethodId!));
    expect(attached.map((a) => a.action)).toEqual(['payment_method.attached']);
  });

  it('saves one card once: the same card saved again for the customer is the first one', async () => {
    const first = await saveByPaying('buyer-save-twice');
    const second = await saveByPaying('buyer-save-twice');
    expect(second.customerId).toBe(first.customerId);
    expect(second.paymentMethodId).toBe(first.paymentMethodId);
    expect((await cardsOf(first.customerId)).json().result).toHaveLength(1);
  });

  it('saves nothing for a declined payment, and refuses save_card without a typed card', async () => {
    const declined = await pay({
      token: await token({ buyer_id: 'buyer-declined' }),
      card: testCard('4000000000000002'),
      save_card: true,
    });
    expect(declined.json().result.status).toBe('authorization_failed');
    const [tx] = await t.ctx.db.select().from(transactions).where(eq(transactions.id, declined.json().result.id));
    expect(tx!.paymentMethodId).toBeNull();
    const bare = await pay({ token: await token(), save_card: true });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({
      message: 'Enter the card details to save a card.',
      request_id: expect.any(String),
    });
  });

  it('refuses to save when the merchant fixed store: false, and the sandbox saves only its test cards', async () => {
    const fixed = await pay({ token: await token({ store: false }), card: testCard(), save_card: true });
    expect(fixed.statusCode).toBe(400);
    expect(fixed.json().message).toBe('This checkout does not save cards.');
    const other = await pay({ token: await token(), card: testCard('5555555555554444'), save_card: true });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({
      message: expect.stringMatching(/saves only its test cards/),
      request_id: expect.any(String),
    });
  });
});

describe('the buyer id the merchant minted', () => {
  const customersWithReference = (reference: string) =>
    t.ctx.db.select().from(customers).where(eq(customers.reference, reference));

  it('a buyer id from a browser names no one: the card is kept for a customer of its own', async () => {
    const known = await saveByPaying('buyer-known');
    const publicSave = await pay({
      token: await token({ buyer_id: 'buyer-known' }),
      card: testCard('4111111111111111'),
      save_card: true,
    });
    expect(publicSave.json().result.status).toBe('capture_succeeded');
    const [tx] = await t.ctx.db.select().from(transactions).where(eq(transactions.id, publicSave.json().result.id));
    expect(tx!.customerId).not.toBe(known.customerId);
    const [stranger] = await t.ctx.db.select().from(customers).where(eq(customers.id, tx!.customerId!));
    expect(stranger!.reference).toBeNull();
    expect((await cardsOf(known.customerId)).json().result).toHaveLength(1);
    // Nor does a browser's unknown buyer id claim the reference before the merchant uses it.
    await pay({ token: await token({ buyer_id: 'buyer-squatted' }), card: testCard(), save_card: true });
    expect(await customersWithReference('buyer-squatted')).toEqual([]);
    const [session] = await t.ctx.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, tx!.checkoutSessionId!));
    expect(session).toMatchObject({ buyerReference: 'buyer-known', buyerReferenceTrusted: false });
  });

  it('a new buyer id the merchant minted makes one customer with it on the first save, then maps to it', async () => {
    const first = await saveByPaying('buyer-minted-new');
    const [made] = await customersWithReference('buyer-minted-new');
    expect(made).toMatchObject({ id: first.customerId, mode: 'test', merchantId: first.tx.merchantId });
    const again = await saveByPaying('buyer-minted-new');
    expect(again.customerId).toBe(first.customerId);
    expect(await customersWithReference('buyer-minted-new')).toHaveLength(1);
  });

  it('20 truly parallel first saves with one new buyer id make one customer, 3 rounds', async () => {
    for (let round = 0; round < 3; round++) {
      const reference = `buyer-crowd-${round}`;
      const tokens = await Promise.all(Array.from({ length: 20 }, () => token({ buyer_id: reference }, apiKey)));
      const paid = await Promise.all(tokens.map((minted) => pay({ token: minted, card: testCard(), save_card: true })));
      for (const p of paid) expect(p.statusCode, p.body).toBe(200);
      const made = await customersWithReference(reference);
      expect(made, `round ${round}`).toHaveLength(1);
      const rows = await t.ctx.db
        .select()
        .from(transactions)
        .where(
          inArray(
            transactions.id,
            paid.map((p) => p.json().result.id),
          ),
        );
      expect(rows.every((r) => r.status === 'capture_succeeded' && r.customerId === made[0]!.id)).toBe(true);
      // The same card saved twenty times for one customer is one saved card.
      expect((await cardsOf(made[0]!.id)).json().result).toHaveLength(1);
    }
  });
});

describe('who may pay with a saved card', () => {
  it('binds the customer for the merchant (API key) and offers its cards; a public token binds nobody', async () => {
    const { paymentMethodId } = await saveByPaying('buyer-bind');
    const publicToken = await token({ buyer_id: 'buyer-bind' });
    expect((await session(publicToken)).json().result).toEqual({
      store: null,
      can_save: true,
      customer_bound: false,
      saved_cards: [],
      subscription: null,
    });
    const refused = await pay({ token: publicToken, payment_method_id: paymentMethodId });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      message: expect.stringContaining('needs the buyer to sign in first'),
      request_id: expect.any(String),
    });

    const merchantToken = await token({ buyer_id: 'buyer-bind', store: 'ask' }, apiKey);
    const offered = (await session(merchantToken)).json().result;
    expect(offered).toMatchObject({ store: 'ask', customer_bound: true });
    expect(offered.saved_cards).toEqual([
      { id: paymentMethodId, brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030, expired: false },
    ]);
    const paid = await pay({ token: merchantToken, payment_method_id: paymentMethodId });
    expect(paid.json().result).toMatchObject({ status: 'capture_succeeded', payment_method: { last4: '4242' } });
    const [tx] = await t.ctx.db.select().from(transactions).where(eq(transactions.id, paid.json().result.id));
    expect(tx).toMatchObject({ initiator: 'customer', paymentMethodId });
  });

  it('binds the customer on a payment link’s and an invoice’s checkout as on a product’s', async () => {
    const { paymentMethodId } = await saveByPaying('buyer-links');
    const [buyer] = await t.ctx.db.select().from(customers).where(eq(customers.reference, 'buyer-links'));
    const link = await createQuickPayment(t.ctx.db, buyer!.merchantId);
    const invoice = await createInvoice(t.ctx.db, buyer!.merchantId, { totalAmount: 3_000 });
    for (const url of [
      `/apiv1/quick-payment/get-checkout-token/${link.id}/`,
      `/apiv1/invoice/get-checkout-token/${invoice.id}/`,
    ]) {
      const mint = (headers: Record<string, string>) =>
        t.app.inject({ method: 'POST', url, payload: { buyer_id: 'buyer-links' }, headers, remoteAddress: address() });
      const bound = await mint(apiKey);
      expect(bound.statusCode, bound.body).toBe(200);
      const offered = (await session(bound.json().result.token_card)).json().result;
      expect(offered.customer_bound).toBe(true);
      expect(offered.saved_cards.map((card: { id: string }) => card.id)).toEqual([paymentMethodId]);
      // From a browser the same buyer id names no one.
      const unbound = await mint({});
      expect((await session(unbound.json().result.token_card)).json().result).toMatchObject({
        customer_bound: false,
        saved_cards: [],
      });
    }
  });

  it('a portal session binds too; a bad credential or another merchant is refused', async () => {
    await saveByPaying('buyer-portal');
    const bound = await token({ buyer_id: 'buyer-portal' }, owner.auth);
    expect((await session(bound)).json().result.customer_bound).toBe(true);
    const bad = await t.app.inject({
      method: 'POST',
      url: `/apiv1/product/get-checkout-token/${productId}/`,
      payload: { quantity: 1, buyer_id: 'buyer-portal' },
      headers: { authorization: 'Bearer sk_test_notAKeyAtAll000000000000000000000000000000000' },
      remoteAddress: address(),
    });
    expect(bad.statusCode).toBe(401);
    const other = await createSignedInShop(t, { name: 'Other Shop', pricePerUnit: 100 });
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/apiv1/product/get-checkout-token/${productId}/`,
      payload: { quantity: 1, buyer_id: 'buyer-portal' },
      headers: other.owner.auth,
      remoteAddress: address(),
    });
    expect(foreign.statusCode).toBe(403);
  });

  it('binds a buyer only with a key of the mode the checkout is paid in', async () => {
    await saveByPaying('buyer-modes');
    const live = await t.app.inject({
      method: 'POST',
      url: '/apiv1/developers/api-keys/',
      headers: owner.auth,
      payload: { name: 'live server', mode: 'live', scopes: ['customers:write', 'payments:write'] },
    });
    expect(live.statusCode, live.body).toBe(201);
    const liveKey = { authorization: `Bearer ${live.json().result.secret}` };
    // The sandbox takes this merchant's cards: its checkouts are paid in test mode.
    const refused = await t.app.inject({
      method: 'POST',
      url: `/apiv1/product/get-checkout-token/${productId}/`,
      payload: { quantity: 1, buyer_id: 'buyer-modes' },
      headers: liveKey,
      remoteAddress: address(),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      message:
        'This checkout is paid in test mode, so only a test API key may bind a buyer id to it (this key is for live mode).',
      request_id: expect.any(String),
    });
    expect((await session(await token({ buyer_id: 'buyer-modes' }, apiKey))).json().result.customer_bound).toBe(true);
  });

  it('never charges a card kept in another mode than its customer’s', async () => {
    const { customerId, paymentMethodId } = await saveByPaying('buyer-other-mode');
    await t.ctx.db.update(savedCards).set({ mode: 'live' }).where(eq(savedCards.id, paymentMethodId!));
    const before = (await t.ctx.db.select().from(transactions)).length;
    const refused = await charge(customerId, { payment_method_id: paymentMethodId });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('This card is not saved for this customer.');
    const bound = await pay({
      token: await token({ buyer_id: 'buyer-other-mode' }, apiKey),
      payment_method_id: paymentMethodId,
    });
    expect(bound.statusCode).toBe(400);
    expect((await t.ctx.db.select().from(transactions)).length).toBe(before);
  });

  it('keeps no card for a bound customer of the other mode than the payment’s', async () => {
    const { customerId } = await saveByPaying('buyer-switch');
    const minted = await token({ buyer_id: 'buyer-switch' }, apiKey);
    // As if the merchant's processor had gone live between the binding and the payment.
    await t.ctx.db.update(customers).set({ mode: 'live' }).where(eq(customers.id, customerId));
    const before = (await t.ctx.db.select().from(transactions)).length;
    const res = await pay({ token: minted, card: testCard('4111111111111111'), save_card: true });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      "This checkout's customer is in live mode and the payment is in test mode, so the card cannot be saved for them. Start a new checkout.",
    );
    expect((await t.ctx.db.select().from(transactions)).length).toBe(before);
    expect(await t.ctx.db.select().from(savedCards).where(eq(savedCards.customerId, customerId))).toHaveLength(1);
  });

  it('refuses another customer’s card on a bound checkout, and changes nothing', async () => {
    const mine = await saveByPaying('buyer-mine');
    const theirs = await saveByPaying('buyer-theirs', '4111111111111111');
    const before = (await t.ctx.db.select().from(transactions)).length;
    const res = await pay({
      token: await token({ buyer_id: 'buyer-mine' }, apiKey),
      payment_method_id: theirs.paymentMethodId,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'This card is not saved for this customer.',
      request_id: expect.any(String),
    });
    expect((await t.ctx.db.select().from(transactions)).length).toBe(before);
    expect(mine.customerId).not.toBe(theirs.customerId);
  });
});

describe('merchant-initiated charges', () => {
  it('charges off-session, tells it apart on the transaction and the timeline', async () => {
    const { customerId, paymentMethodId } = await saveByPaying('buyer-mit');
    const res = await charge(customerId, { payment_method_id: paymentMethodId, description: 'Monthly box' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({ status: 'capture_succeeded', amount: 1_200, currency: 'USD' });
    const id = res.json().result.id;
    const [tx] = await t.ctx.db.select().from(transactions).where(eq(transactions.id, id));
    expect(tx).toMatchObject({ initiator: 'merchant', customerId, paymentMethodId, source: 'virtual_terminal' });
    const detail = await t.app.inject({ method: 'GET', url: `/apiv1/transaction/${id}/`, headers: owner.auth });
    expect(detail.json().result).toMatchObject({
      initiator: 'merchant',
      customer_id: customerId,
      payment_method_id: paymentMethodId,
    });
    const events = await t.ctx.db.select().from(transactionEvents).where(eq(transactionEvents.transactionId, id));
    expect(events.map((e) => e.type)).toContain('merchant_initiated');
  });

  it('keeps each test card’s behaviour: 0002 and 0341 decline, 3220 answers authentication required', async () => {
    const { customerId } = await saveByPaying('buyer-behaviours');
    const declines = await saveByLink(customerId, '4000000000000002');
    const later = await saveByLink(customerId, '4000000000000341');
    const threeDs = await saveByLink(customerId, '4000000000003220');
    for (const pm of [declines, later]) {
      const res = await charge(customerId, { payment_method_id: pm });
      expect(res.json().result).toMatchObject({ status: 'authorization_failed', failure_reason: 'Card declined.' });
    }
    const auth = await charge(customerId, { payment_method_id: threeDs });
    expect(auth.json().result.status).toBe('authorization_failed');
    expect(auth.json().result.failure_reason).toMatch(/approve this payment/);
    // With the buyer present the same card asks for approval instead.
    const present = await pay({
      token: await token({ buyer_id: 'buyer-behaviours' }, apiKey),
      payment_method_id: threeDs,
    });
    expect(present.json().result).toMatchObject({ status: 'buyer_approval_pending' });
  });

  it('refuses an expired card, a deleted customer, another merchant and a key without payments:write', async () => {
    const { customerId, paymentMethodId } = await saveByPaying('buyer-refusals');
    // Every refusal below changes nothing: no payment, no checkout, the card as it was.
    const count = async () => ({
      payments: (await t.ctx.db.select().from(transactions)).length,
      checkouts: (await t.ctx.db.select().from(checkoutSessions)).length,
    });
    const before = await count();
    await t.ctx.db.update(savedCards).set({ expYear: 2020 }).where(eq(savedCards.id, paymentMethodId!));
    const expired = await charge(customerId, { payment_method_id: paymentMethodId });
    expect(expired.statusCode).toBe(422);
    expect(expired.json()).toMatchObject({
      message: expect.stringContaining('expired'),
      request_id: expect.any(String),
    });
    await t.ctx.db.update(savedCards).set({ expYear: 2030 }).where(eq(savedCards.id, paymentMethodId!));

    const readOnly = await t.app.inject({
      method: 'POST',
      url: '/apiv1/developers/api-keys/',
      headers: owner.auth,
      payload: { name: 'reader', mode: 'test', scopes: ['customers:read'] },
    });
    const noScope = await charge(
      customerId,
      { payment_method_id: paymentMethodId },
      { authorization: `Bearer ${readOnly.json().result.secret}` },
    );
    expect(noScope.statusCode).toBe(403);

    const other = await createSignedInShop(t, { name: 'Elsewhere', pricePerUnit: 100 });
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/apiv1/customer/${customerId}/charge/`,
      payload: { amount: 100, currency: 'USD', payment_method_id: paymentMethodId },
      headers: other.owner.auth,
    });
    expect(foreign.statusCode).toBe(404);

    // The key's mode is bound on every charge, not written into the statement the first charge prepared.
    await t.ctx.db.update(customers).set({ mode: 'live' }).where(eq(customers.id, customerId));
    const otherMode = await charge(customerId, { payment_method_id: paymentMethodId });
    expect(otherMode.statusCode).toBe(404);
    expect(otherMode.json().message).toBe('Customer not found.');
    await t.ctx.db.update(customers).set({ mode: 'test' }).where(eq(customers.id, customerId));

    const deleted = await t.app.inject({ method: 'DELETE', url: `/apiv1/customer/${customerId}/`, headers: apiKey });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const gone = await charge(customerId, { payment_method_id: paymentMethodId });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('Customer not found.');
    expect(await count()).toEqual(before);
    const [card] = await t.ctx.db.select().from(savedCards).where(eq(savedCards.id, paymentMethodId!));
    expect(card).toMatchObject({ expYear: 2030 });
  });

  it('answers a retry with one Idempotency-Key with the first charge', async () => {
    const { customerId, paymentMethodId } = await saveByPaying('buyer-idem');
    const key = { 'idempotency-key': 'mit-once-1' };
    const first = await charge(customerId, { payment_method_id: paymentMethodId }, key);
    const again = await charge(customerId, { payment_method_id: paymentMethodId }, key);
    expect(again.json().result.id).toBe(first.json().result.id);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });
});

describe('removing a card', () => {
  it('detaches it: gone from the list, unusable, announced; the sandbox forgets it', async () => {
    const { customerId, paymentMethodId } = await saveByPaying('buyer-remove');
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/apiv1/customer/${customerId}/payment-method/${paymentMethodId}/`,
      headers: apiKey,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await cardsOf(customerId)).json().result).toEqual([]);
    const charged = await charge(customerId, { payment_method_id: paymentMethodId });
    expect(charged.statusCode).toBe(400);
    expect(charged.json().message).toBe('This card was removed from the customer.');
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/apiv1/customer/${customerId}/payment-method/${paymentMethodId}/`,
      headers: apiKey,
    });
    expect(again.statusCode).toBe(404);
  });
});

describe('a card expiring before the next charge', () => {
  it('is flagged against the customer’s next renewal, and within a month when none is planned', async () => {
    const { customerId, paymentMethodId } = await saveByPaying('buyer-expiring');
    const [buyer] = await t.ctx.db.select().from(customers).where(eq(customers.id, customerId));
    const now = t.ctx.clock.now();
    const monthsAhead = (n: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + n, 15));
    // The card is valid for two more months after this one.
    const last = monthsAhead(2);
    await t.ctx.db
      .update(savedCards)
      .set({ expMonth: last.getUTCMonth() + 1, expYear: last.getUTCFullYear() })
      .where(eq(savedCards.id, paymentMethodId!));
    const flagged = async () =>
      (await cardsOf(customerId)).json().result.find((card: { id: string }) => card.id === paymentMethodId).expiring;
    expect(await flagged()).toBe(false);

    const price = await createMonthlyPrice(t.ctx.db, buyer!.merchantId, productId);
    const [subscription] = await t.ctx.db
      .insert(subscriptions)
      .values({
        merchantId: buyer!.merchantId,
        mode: 'test',
        customerId,
        priceId: price.id,
        paymentMethodId,
        status: 'active',
        billingCycleAnchor: now,
        currentPeriodStart: now,
        currentPeriodEnd: monthsAhead(3),
      })
      .returning();
    expect(await flagged()).toBe(true);
    // Ending with its period, it charges nothing more: back to the month's window.
    await t.ctx.db.update(subscriptions).set({ cancelAtPeriodEnd: true }).where(eq(subscriptions.id, subscription!.id));
    expect(await flagged()).toBe(false);
  });
});

describe('another merchant’s card', () => {
  it('is neither removed nor charged through one’s own customer, and stays as it was', async () => {
    const mine = await saveByPaying('buyer-own-card');
    const other = await createSignedInShop(t, { name: 'Other Outfitters', pricePerUnit: 900 });
    const theirs = await t.app.inject({
      method: 'POST',
      url: '/apiv1/customer/',
      headers: other.owner.auth,
      payload: { name: 'Their Buyer', email: 'their@example.com', mode: 'test' },
    });
    expect(theirs.statusCode, theirs.body).toBe(201);
    const theirCard = await createSavedCard(t.ctx.db, other.merchantId, theirs.json().result.id);
    const before = (await t.ctx.db.select().from(transactions)).length;

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/apiv1/customer/${mine.customerId}/payment-method/${theirCard.id}/`,
      headers: apiKey,
    });
    expect(removed.statusCode).toBe(404);
    expect(removed.json()).toMatchObject({ status: 'error', request_id: expect.any(String) });
    const charged = await charge(mine.customerId, { payment_method_id: theirCard.id });
    expect(charged.statusCode).toBe(400);
    expect(charged.json().message).toBe('This card is not saved for this customer.');
    // Their own customer's id is not this merchant's to name.
    const direct = await charge(theirs.json().result.id, { payment_method_id: theirCard.id });
    expect(direct.statusCode).toBe(404);

    const [card] = await t.ctx.db.select().from(savedCards).where(eq(savedCards.id, theirCard.id));
    expect(card!.deletedAt).toBeNull();
    expect((await t.ctx.db.select().from(transactions)).length).toBe(before);
  });
});

/** When the sandbox's vault forgot the card a saved card row names; null while it keeps it. */
async function vaultRemovedAt(paymentMethodId: string) {
  const [card] = await t.ctx.db.select().from(savedCards).where(eq(savedCards.id, paymentMethodId));
  const [kept] = await t.ctx.db.select().from(sandboxVaultCards).where(eq(sandboxVaultCards.token, card!.token));
  return kept!.removedAt;
}

describe('deleting a customer', () => {
  it('retires every card of theirs, announced, and the processor forgets them', async () => {
    const { customerId, paymentMethodId } = await saveByPaying('buyer-delete-customer');
    const second = await saveByLink(customerId, '4000000000000341');
    const deleted = await t.app.inject({ method: 'DELETE', url: `/apiv1/customer/${customerId}/`, headers: apiKey });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const rows = await t.ctx.db.select().from(savedCards).where(eq(savedCards.customerId, customerId));
    expect(rows.map((row) => row.deletedAt)).toEqual([expect.any(Date), expect.any(Date)]);
    expect(await vaultRemovedAt(paymentMethodId!)).toBeInstanceOf(Date);
    expect(await vaultRemovedAt(second)).toBeInstanceOf(Date);
    const detached = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'payment_method.detached'));
    expect(detached.map((entry) => entry.entityId)).toEqual(expect.arrayContaining([paymentMethodId, second]));
  });
});

describe('the replace link', () => {
  it('mails a link whose page names the card it replaces and saves the new one in its place, the consent in the holder’s language', async () => {
    const { customerId, paymentMethodId } = await saveByPaying('buyer-replace');
    const sent = await t.app.inject({
      method: 'POST',
      url: `/apiv1/customer/${customerId}/payment-method/replace-link/`,
      headers: apiKey,
      payload: { payment_method_id: paymentMethodId },
    });
    expect(sent.json().result.sent_to).toBe('ada@example.com');
    const link = t.mail.lastTo('ada@example.com')!.text.match(/\/card\/add\/([\w.-]+)/)![1]!;
    const french = 'Enregistrer cette carte pour de futurs paiements';
    const page = await t.app.inject({
      method: 'GET',
      url: '/apiv1/pay/add-card/',
      headers: { 'x-add-card-token': link, 'accept-language': 'fr-FR,fr;q=0.9' },
    });
    expect(page.json().result).toMatchObject({
      merchant_name: 'Acme Outfitters',
      replaces: { last4: '4242' },
      consent_text: french,
    });
    const added = await t.app.inject({
      method: 'POST',
      url: '/apiv1/pay/add-card/',
      headers: { 'x-add-card-token': link, 'accept-language': 'fr-FR,fr;q=0.9' },
      payload: { card: { ...testCard('4111111111111111'), exp_year: 2032 } },
      remoteAddress: address(),
    });
    expect(added.statusCode, added.body).toBe(200);
    expect((await cardsOf(customerId)).json().result).toEqual([
      expect.objectContaining({ last4: '1111', consent_text: french }),
    ]);
    // The card it replaced is forgotten at the processor too.
    expect(await vaultRemovedAt(paymentMethodId!)).toBeInstanceOf(Date);
    const forged = await t.app.inject({
      method: 'GET',
      url: '/apiv1/pay/add-card/',
      headers: { 'x-add-card-token': `${link.slice(0, -2)}xx` },
    });
    expect(forged.statusCode).toBe(422);
  });
});

describe('a merchant-initiated charge the bank wants the customer to approve', () => {
  const authenticate = (method: 'GET' | 'POST', linkToken: string) =>
    t.app.inject({
      method,
      url: '/apiv1/pay/authenticate/',
      headers: { 'x-authenticate-token': linkToken },
      remoteAddress: address(),
    });

  it('e-mails the customer a link where they pay it with the same card and 3-D Secure, once', async () => {
    const { customerId } = await saveByPaying('buyer-auth-link');
    const threeDs = await saveByLink(customerId, '4000000000003220');
    const key = { 'idempotency-key': 'auth-link-1' };
    // The API's own notification worker may deliver first: count from before the charge.
    const before = t.mail.sent.length;
    const declined = await charge(customerId, { payment_method_id: threeDs, amount: 4_200 }, key);
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().result).toMatchObject({
      status: 'authorization_failed',
      failure_code: 'authentication_required',
      failure_reason: AUTHENTICATION_LINK_SENT,
    });
    const declinedId = declined.json().result.id;
    // A retry with the same key answers the same decline and queues no second e-mail.
    expect((await charge(customerId, { payment_method_id: threeDs, amount: 4_200 }, key)).json().result.id).toBe(
      declinedId,
    );
    // Every customer of this file shares one e-mail address: this charge's mail is the one for $42.00.
    const confirmMails = () =>
      t.mail.sent
        .slice(before)
        .filter((m) => m.subject === 'Confirm your payment to Acme Outfitters' && m.text.includes('$42.00'));
    // The earlier tests' receipts (each with its PDF) are queued ahead of this mail: the poll waits
    // for the whole queue, not for one batch of it.
    await expect
      .poll(
        async () => {
          while ((await deliverQueuedNotifications(t.ctx)) > 0);
          return confirmMails().map((m) => m.to);
        },
        { timeout: 15_000 },
      )
      .toEqual(['ada@example.com']);
    const mails = confirmMails();
    expect(mails[0]!.text).toContain('$42.00');
    expect(mails[0]!.html).toContain('Confirm and pay');
    const linkToken = mails[0]!.text.match(/\/card\/authenticate\/([\w.-]+)/)![1]!;
    const events = await t.ctx.db
      .select()
      .from(transactionEvents)
      .where(eq(transactionEvents.transactionId, declinedId));
    expect(events.map((e) => e.type)).toContain('authentication_link_sent');

    const details = await authenticate('GET', linkToken);
    expect(details.statusCode, details.body).toBe(200);
    expect(details.json().result).toMatchObject({
      merchant_name: 'Acme Outfitters',
      amount: 4_200,
      currency: 'USD',
      card: { id: threeDs, last4: '3220' },
      paid: false,
    });
    const pending = await authenticate('POST', linkToken);
    expect(pending.statusCode, pending.body).toBe(200);
    expect(pending.json().result).toMatchObject({ status: 'buyer_approval_pending', amount: 4_200 });
    const [onSession] = await t.ctx.db.select().from(transactions).where(eq(transactions.id, pending.json().result.id));
    expect(onSession).toMatchObject({ initiator: 'customer', customerId, paymentMethodId: threeDs });
    const reference = new URL(pending.json().result.payment_method.approval_url).pathname.split('/').at(-1)!;
    const approved = await t.app.inject({
      method: 'POST',
      url: `/apiv1/pay/approval/${reference}/`,
      payload: { decision: 'approve' },
    });
    expect(approved.json().result).toMatchObject({ id: pending.json().result.id, status: 'capture_succeeded' });
    expect((await authenticate('GET', linkToken)).json().result.paid).toBe(true);
    const twice = await authenticate('POST', linkToken);
    expect(twice.statusCode).toBe(422);
    expect(twice.json()).toMatchObject({
      message: 'This checkout has already been paid.',
      request_id: expect.any(String),
    });
    await deliverQueuedNotifications(t.ctx);
    expect(confirmMails()).toHaveLength(1);
  });

  it('opens nothing for a bad or forged link, or a payment that was not such a decline', async () => {
    expect((await authenticate('GET', 'not-a-token-at-all-000000')).statusCode).toBe(422);
    const { customerId, paymentMethodId } = await saveByPaying('buyer-auth-other');
    const paid = await charge(customerId, { payment_method_id: paymentMethodId });
    const forged = authenticationLinkFor(t.ctx, paid.json().result.id).split('/').at(-1)!;
    const refused = await authenticate('POST', forged);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toMatch(/no longer valid/);
  });
});

describe('races (≥20 truly parallel requests)', () => {
  it('20 merchant-initiated charges with one Idempotency-Key charge once', async () => {
    const { customerId, paymentMethodId } = await saveByPaying('buyer-race-key');
    const key = { 'idempotency-key': 'race-one-key' };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => charge(customerId, { payment_method_id: paymentMethodId }, key)),
    );
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(new Set(ok.map((a) => a.json().result.id)).size).toBe(1);
    for (const a of answers) expect([200, 409]).toContain(a.statusCode);
    const rows = await t.ctx.db.select().from(transactions).where(eq(transactions.paymentMethodId, paymentMethodId!));
    expect(rows.filter((r) => r.initiator === 'merchant')).toHaveLength(1);
  });

  it('20 charges with different keys on one card each charge once: no lost or doubled row', async () => {
    const { customerId, paymentMethodId } = await saveByPaying('buyer-race-many');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        charge(customerId, { payment_method_id: paymentMethodId }, { 'idempotency-key': `race-many-${i}` }),
      ),
    );
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const ids = new Set(answers.map((a) => a.json().result.id));
    expect(ids.size).toBe(20);
    const rows = (
      await t.ctx.db.select().from(transactions).where(eq(transactions.paymentMethodId, paymentMethodId!))
    ).filter((r) => r.initiator === 'merchant');
    expect(rows).toHaveLength(20);
    expect(rows.every((r) => r.status === 'capture_succeeded' && ids.has(r.id))).toBe(true);
  });

  it('deleting a card while charges run leaves each charge finished or clearly refused', async () => {
    const { customerId, paymentMethodId } = await saveByPaying('buyer-race-delete');
    const remove = () =>
      t.app.inject({
        method: 'DELETE',
        url: `/apiv1/customer/${customerId}/payment-method/${paymentMethodId}/`,
        headers: apiKey,
      });
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, (_, i) =>
        charge(customerId, { payment_method_id: paymentMethodId }, { 'idempotency-key': `race-del-${i}` }),
      ),
      remove(),
    ]);
    const charges = answers.slice(0, 20);
    for (const a of charges) {
      if (a.statusCode === 200) expect(a.json().result.status).toBe('capture_succeeded');
      else {
        expect(a.statusCode).toBe(400);
        expect(a.json().message).toBe('This card was removed from the customer.');
      }
    }
    const deleted = answers[20]!;
    expect([200, 409]).toContain(deleted.statusCode);
    if (deleted.statusCode !== 200) expect((await remove()).statusCode).toBe(200);
    const rows = await t.ctx.db.select().from(transactions).where(eq(transactions.paymentMethodId, paymentMethodId!));
    expect(rows.filter((r) => r.initiator === 'merchant' && r.status === 'processing')).toEqual([]);
    expect(rows.filter((r) => r.initiator === 'merchant')).toHaveLength(
      charges.filter((a) => a.statusCode === 200).length,
    );
  });
});

describe('the customer at the processor', () => {
  it('is named by its id on the same connection only: another connection is another account', async () => {
    const { customerId } = await saveByPaying('buyer-two-accounts');
    const [customer] = await t.ctx.db.select().from(customers).where(eq(customers.id, customerId));
    const [first, second] = await t.ctx.db
      .insert(providerConnections)
      .values(
        ['stripe', 'adyen'].map((provider) => ({
          merchantId: customer!.merchantId,
          kind: 'payment_service' as const,
          provider,
          enabled: false,
        })),
      )
      .returning();
    const [kept] = await t.ctx.db.select().from(savedCards).where(eq(savedCards.customerId, customerId));
    const { id: _, createdAt: __, ...card } = kept!;
    await t.ctx.db.insert(savedCards).values({
      ...card,
      provider: 'stripe',
      connectionId: first!.id,
      processorCustomerId: 'cus_first',
      token: 'pm_1',
      fingerprint: 'one',
    });
    const at = (providerConnectionId: string | null) =>
      vaultCustomerFor(t.ctx.db, customer!, { provider: 'stripe', providerConnectionId });
    expect((await at(first!.id)).processorCustomerId).toBe('cus_first');
    expect((await at(second!.id)).processorCustomerId).toBeUndefined();
    expect((await at(null)).processorCustomerId).toBeUndefined();
  });
});
