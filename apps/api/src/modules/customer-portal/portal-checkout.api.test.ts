// Saved cards on a public checkout (docs/product-rules.md#saved-cards-on-a-public-checkout): a buyer signed
// in to merchant A's customer portal binds A's public checkout to their customer and pays with a saved card
// in one click; the binding never crosses merchants, modes or customers, the charge is customer-initiated,
// and one checkout takes one payment however many one-click pays race (PGlite here, PostgreSQL in CI).
import { CUSTOMER_PORTAL_COOKIE } from '@kassa/contract/customer-portal';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { createSignedInShop } from '../../../test/payments/shop.ts';
import type { TestSession } from '../../../test/session.ts';
import { newBuyerAddress, openCheckout, payByCard } from '../../../test/support/checkout.ts';
import {
  askSignInLink,
  bindCheckout,
  createPortalCustomer,
  payWithSavedCard,
  signInToPortal,
} from '../../../test/support/customer-portal.ts';
import { transactionEvents, transactions } from '../../db/schema.ts';

let t: TestApp;
let owner: TestSession;
let otherOwner: TestSession;
let merchantId: string;
let productId: string;
let otherMerchantId: string;
let otherProductId: string;
let apiKey: { authorization: string };

beforeAll(async () => {
  t = await buildTestApp();
  ({ owner, merchantId, productId } = await createSignedInShop(t, { name: 'Corner Shop', pricePerUnit: 1_250 }));
  ({
    owner: otherOwner,
    merchantId: otherMerchantId,
    productId: otherProductId,
  } = await createSignedInShop(t, { name: 'Other Shop', pricePerUnit: 990 }));
  const key = await t.app.inject({
    method: 'POST',
    url: '/apiv1/developers/api-keys/',
    headers: owner.auth,
    payload: { name: 'server', mode: 'test', scopes: ['customers:write', 'customers:read'] },
  });
  expect(key.statusCode, key.body).toBe(201);
  apiKey = { authorization: `Bearer ${key.json().result.secret}` };
}, 180_000);
afterAll(() => t.close());

/** A customer of `mid` with one saved sandbox card, made by that merchant's owner. */
const customer = (session = owner, mid = merchantId, mode: 'test' | 'live' = 'test') =>
  createPortalCustomer(t, { owner: session, merchantId: mid }, { mode });

const chargesOf = (paymentMethodId: string) =>
  t.ctx.db.select().from(transactions).where(eq(transactions.paymentMethodId, paymentMethodId));

describe('signing in from a checkout', () => {
  it('mails a link that returns to the checkout, and signing in sets the session and the merchant hint', async () => {
    const c = await customer();
    const { session, hint, mail } = await signInToPortal(t, merchantId, c.email, `/checkout/${productId}`);
    expect(mail).toContain(`?return_to=${encodeURIComponent(`/checkout/${productId}`)}`);
    expect(session).toMatchObject({ path: '/apiv1/customer-portal/', httpOnly: true });
    expect(hint).toMatchObject({ value: merchantId, path: '/' });
    expect(hint.httpOnly).toBeFalsy();
  });

  it('refuses a return address that is not a public checkout, and mails nothing', async () => {
    const c = await customer();
    for (const returnTo of [
      'https://evil.example/checkout/x',
      '//evil.example',
      `/billing/${merchantId}`,
      '/checkout/1',
    ]) {
      const before = t.mail.lastTo(c.email);
      const res = await askSignInLink(t, merchantId, c.email, { returnTo });
      expect(res.statusCode, returnTo).toBe(400);
      expect(res.json().message).toMatch(/Not a checkout page to return to/);
      expect(t.mail.lastTo(c.email)).toBe(before);
    }
  });
});

describe('binding a public checkout to the signed-in customer', () => {
  it('offers the customer’s saved cards and pays with one in one click, customer-initiated', async () => {
    const c = await customer();
    const { cookies } = await signInToPortal(t, merchantId, c.email);
    const opened = await openCheckout(t, { product: productId });
    // The public token binds nobody: no saved cards.
    const before = await t.app.inject({
      method: 'GET',
      url: '/apiv1/pay/session/',
      headers: { 'x-checkout-token': opened.token_card },
    });
    expect(before.json().result).toMatchObject({ customer_bound: false, saved_cards: [] });

    const res = await bindCheckout(t, cookies, opened.token_card);
    expect(res.statusCode, res.body).toBe(200);
    const bound = res.json().result;
    expect(bound).toMatchObject({ customer_name: c.name, customer_email: c.email });
    expect(bound.expires_at).toBe((opened as unknown as { expires_at: string }).expires_at);
    const offered = await t.app.inject({
      method: 'GET',
      url: '/apiv1/pay/session/',
      headers: { 'x-checkout-token': bound.token_card },
    });
    expect(offered.json().result).toMatchObject({
      customer_bound: true,
      saved_cards: [{ id: c.cardId, brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2040 }],
    });

    const paid = await payWithSavedCard(t, bound.token_card, c.cardId, crypto.randomUUID());
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().result.status).toBe('capture_succeeded');
    const [row] = await chargesOf(c.cardId);
    expect(row).toMatchObject({ customerId: c.id, initiator: 'customer', amount: 1_250, merchantId });
    const events = await t.ctx.db.select().from(transactionEvents).where(eq(transactionEvents.transactionId, row!.id));
    expect(events.map((e) => e.message)).toContain(
      'The buyer paid with the saved card Visa •••• 4242 (12/2040) at the checkout (customer-initiated).',
    );
  });

  it('a merchant A session never binds, shows or charges at merchant B’s checkout', async () => {
    const c = await customer();
    const { cookies } = await signInToPortal(t, merchantId, c.email);
    const theirs = await openCheckout(t, { product: otherProductId });
    const res = await bindCheckout(t, cookies, theirs.token_card);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/another merchant/);
    expect(JSON.stringify(res.json())).not.toContain(c.cardId);
    // Nor can A's bound token be replayed as B's: it names A's checkout, and B's own token binds nobody.
    const paid = await payWithSavedCard(t, theirs.token_card, c.cardId);
    expect(paid.statusCode).toBeGreaterThanOrEqual(400);
    expect(paid.statusCode).toBeLessThan(500);
    expect(await chargesOf(c.cardId)).toEqual([]);
  });

  it('refuses another customer’s card, of this merchant or another, and changes nothing', async () => {
    const me = await customer();
    const someoneElse = await customer();
    const elsewhere = await customer(otherOwner, otherMerchantId);
    const { cookies } = await signInToPortal(t, merchantId, me.email);
    for (const cardId of [someoneElse.cardId, elsewhere.cardId]) {
      const opened = await openCheckout(t, { product: productId });
      const bound = (await bindCheckout(t, cookies, opened.token_card)).json().result;
      const paid = await payWithSavedCard(t, bound.token_card, cardId);
      expect(paid.statusCode, paid.body).toBe(400);
      expect(paid.json().message).toBe('This card is not saved for this customer.');
      expect(await chargesOf(cardId)).toEqual([]);
    }
  });

  it('never mixes test and live: a live customer cannot bind a test checkout', async () => {
    const live = await customer(owner, merchantId, 'live');
    const { cookies } = await signInToPortal(t, merchantId, live.email);
    const opened = await openCheckout(t, { product: productId });
    const res = await bindCheckout(t, cookies, opened.token_card);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/test and live never mix/);
  });

  it('opens to no merchant credential: an owner’s token or an API key without the portal cookie gets 401', async () => {
    const opened = await openCheckout(t, { product: productId });
    for (const headers of [owner.auth, apiKey, otherOwner.auth, {}]) {
      const res = await bindCheckout(t, undefined, opened.token_card, headers as Record<string, string>);
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json()).toMatchObject({ status: 'error', code: 'unauthorized' });
    }
    const signedOut = await bindCheckout(t, { [CUSTOMER_PORTAL_COOKIE]: 'not-a-session-token' }, opened.token_card);
    expect(signedOut.statusCode).toBe(401);
  });

  it('answers bad input with 4xx and a sentence', async () => {
    const c = await customer();
    const { cookies } = await signInToPortal(t, merchantId, c.email);
    for (const token of [undefined, '', 42, 'x'.repeat(3000)]) {
      const res = await bindCheckout(t, cookies, token);
      expect(res.statusCode, String(token)).toBe(400);
      expect(res.json().status).toBe('error');
    }
    const forged = await bindCheckout(t, cookies, 'eyJhbGciOiJIUzI1NiJ9.e30.not-a-signature');
    expect(forged.statusCode).toBe(422);
    expect(forged.json().message).toMatch(/expired/);
    // The non-card token is not the one saved cards pay with.
    const opened = await openCheckout(t, { product: productId });
    if (opened.token) expect((await bindCheckout(t, cookies, opened.token)).statusCode).toBe(400);
  });

  it('refuses a checkout a payment was already tried on (its stored session keeps no customer)', async () => {
    const c = await customer();
    const { cookies } = await signInToPortal(t, merchantId, c.email);
    const opened = await openCheckout(t, { product: productId });
    const declined = await payByCard(t, opened.token_card, {
      card: { number: '4000000000000002', exp_month: 12, exp_year: 2030, cvc: '123' },
      remoteAddress: newBuyerAddress(),
    });
    expect(declined.statusCode, declined.body).toBe(200);
    const res = await bindCheckout(t, cookies, opened.token_card);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/already tried/);
  });
});

describe('one checkout, many one-click pays at once', () => {
  const PAYS = 20;
  const ROUNDS = 3;

  it(`charges once when the bound token is paid ${PAYS} times at once, with one key or many (${ROUNDS} rounds)`, async () => {
    const c = await customer();
    const { cookies } = await signInToPortal(t, merchantId, c.email);
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const sameKey of [true, false]) {
        const opened = await openCheckout(t, { product: productId }, newBuyerAddress());
        const bound = (await bindCheckout(t, cookies, opened.token_card)).json().result;
        const key = crypto.randomUUID();
        const answers = await Promise.all(
          Array.from({ length: PAYS }, () =>
            payWithSavedCard(t, bound.token_card, c.cardId, sameKey ? key : crypto.randomUUID()),
          ),
        );
        expect(answers.filter((r) => r.statusCode >= 500).map((r) => r.body)).toEqual([]);
        const ids = new Set(
          answers.filter((r) => r.statusCode === 200).map((r) => r.json().result.id as string | undefined),
        );
        const charged = (await chargesOf(c.cardId)).filter((row) => row.status === 'capture_succeeded');
        expect(charged).toHaveLength(round * 2 + (sameKey ? 1 : 2));
        // Every successful answer is the one charge of this checkout; the rest were told why not.
        expect(ids.size).toBe(1);
        for (const r of answers.filter((r) => r.statusCode !== 200)) {
          expect([409, 422]).toContain(r.statusCode);
          expect(r.json().message).toMatch(/already been paid|already in progress|still being processed/);
        }
      }
    }
  }, 240_000);
});
