// A paid checkout's buyer linked to their customer (customers.service.ts findOrCreatePaidBuyerCustomer):
// the customer a merchant-minted token binds or names (made if new), else — only when the merchant
// matches buyers by e-mail — the one with the buyer's e-mail, made once even by 20 truly parallel
// payments of one new buyer.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { createSignedInShop } from '../../../test/payments/shop.ts';
import type { TestSession } from '../../../test/session.ts';
import { billing } from '../../../test/support/buyer.ts';
import { testCard } from '../../../test/support/checkout.ts';
import { customers, transactions } from '../../db/schema.ts';

let t: TestApp;
let owner: TestSession;
let merchantId: string;
let productId: string;
let requests = 0;

beforeAll(async () => {
  t = await buildTestApp();
  ({ owner, merchantId, productId } = await createSignedInShop(t, { name: 'Acme Outfitters', pricePerUnit: 2_500 }));
});
afterAll(() => t.close());

/** A client address of its own per request: the public routes are rate-limited per address. */
const address = () => {
  requests += 1;
  return `10.78.${Math.floor(requests / 250)}.${requests % 250}`;
};

const matchByEmail = async (on: boolean) => {
  const res = await t.app.inject({
    method: 'PATCH',
    url: '/apiv1/auth/merchant-profile/',
    headers: owner.auth,
    payload: { match_customers_by_email: on },
  });
  expect(res.statusCode, res.body).toBe(200);
};

async function payAs(emailAddress: string, tokenBody: object = {}, headers: Record<string, string> = {}) {
  const opened = await t.app.inject({
    method: 'POST',
    url: `/apiv1/product/get-checkout-token/${productId}/`,
    payload: { quantity: 1, ...tokenBody },
    headers,
    remoteAddress: address(),
  });
  expect(opened.statusCode, opened.body).toBe(200);
  const paid = await t.app.inject({
    method: 'POST',
    url: '/apiv1/pay/charge/',
    payload: {
      method: 'card',
      billing: { ...billing, emailAddress },
      token: opened.json().result.token_card,
      card: testCard('4242424242424242'),
    },
    remoteAddress: address(),
  });
  expect(paid.statusCode, paid.body).toBe(200);
  const [tx] = await t.ctx.db.select().from(transactions).where(eq(transactions.id, paid.json().result.id));
  return tx!;
}

const customersWith = (email: string) =>
  t.ctx.db
    .select()
    .from(customers)
    .where(and(eq(customers.merchantId, merchantId), eq(customers.email, email)));

describe('a paid checkout and its customer', () => {
  it('links nobody by e-mail until the merchant chooses that rule', async () => {
    await matchByEmail(false);
    const tx = await payAs('nobody@example.com');
    expect(tx.status).toBe('capture_succeeded');
    expect(tx.customerId).toBeNull();
    expect(await customersWith('nobody@example.com')).toEqual([]);
  });

  it('under the rule, makes the customer of a new buyer and links their next payment to the same one', async () => {
    await matchByEmail(true);
    const first = await payAs('Returning@Example.com');
    const second = await payAs('returning@example.com');
    const made = await customersWith('returning@example.com');
    expect(made).toMatchObject([{ name: 'Ada Lovelace', mode: 'test', reference: null }]);
    expect([first.customerId, second.customerId]).toEqual([made[0]!.id, made[0]!.id]);
  });

  it('links a declined payment to nobody', async () => {
    await matchByEmail(true);
    const opened = await t.app.inject({
      method: 'POST',
      url: `/apiv1/product/get-checkout-token/${productId}/`,
      payload: { quantity: 1 },
      remoteAddress: address(),
    });
    const declined = await t.app.inject({
      method: 'POST',
      url: '/apiv1/pay/charge/',
      payload: {
        method: 'card',
        billing: { ...billing, emailAddress: 'declined@example.com' },
        token: opened.json().result.token_card,
        card: testCard('4000000000000002'),
      },
      remoteAddress: address(),
    });
    const [tx] = await t.ctx.db.select().from(transactions).where(eq(transactions.id, declined.json().result.id));
    expect(tx!.status).toBe('authorization_failed');
    expect(tx!.customerId).toBeNull();
    expect(await customersWith('declined@example.com')).toEqual([]);
  });

  it('keeps the customer a merchant-minted buyer id binds, whatever the e-mail', async () => {
    await matchByEmail(true);
    const created = await t.app.inject({
      method: 'POST',
      url: '/apiv1/customer/',
      headers: owner.auth,
      payload: { name: 'Bound Buyer', email: 'bound@example.com', reference: 'shop-user-7', mode: 'test' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const tx = await payAs('someone-else@example.com', { buyer_id: 'shop-user-7' }, owner.auth);
    expect(tx.customerId).toBe(created.json().result.id);
    expect(await customersWith('someone-else@example.com')).toEqual([]);
  });

  it('makes the customer of a merchant-minted buyer id new to the merchant, whatever the e-mail rule', async () => {
    for (const [on, reference] of [
      [false, 'shop-user-new-1'],
      [true, 'shop-user-new-2'],
    ] as const) {
      await matchByEmail(on);
      const first = await payAs(`${reference}@example.com`, { buyer_id: reference }, owner.auth);
      const [made] = await t.ctx.db.select().from(customers).where(eq(customers.id, first.customerId!));
      expect(made).toMatchObject({ reference, email: `${reference}@example.com`, mode: 'test' });
      // Their next payment, with another e-mail, is theirs too: the reference names them.
      const next = await payAs('elsewhere@example.com', { buyer_id: reference }, owner.auth);
      expect(next.customerId).toBe(made!.id);
    }
    // A buyer id from a browser names no one: without the rule, nobody is made.
    await matchByEmail(false);
    const anonymous = await payAs('browser@example.com', { buyer_id: 'shop-user-new-3' });
    expect(anonymous.customerId).toBeNull();
    expect(await customersWith('browser@example.com')).toEqual([]);
  });

  it('20 truly parallel payments of one merchant-minted new buyer id make one customer', async () => {
    await matchByEmail(false);
    const paid = await Promise.all(
      Array.from({ length: 20 }, (_, i) => payAs(`many-${i}@example.com`, { buyer_id: 'shop-user-many' }, owner.auth)),
    );
    const made = await t.ctx.db
      .select()
      .from(customers)
      .where(and(eq(customers.merchantId, merchantId), eq(customers.reference, 'shop-user-many')));
    expect(made).toHaveLength(1);
    expect(new Set(paid.map((tx) => tx.customerId))).toEqual(new Set([made[0]!.id]));
  });

  it('20 truly parallel payments of one new buyer make one customer, every payment linked to it', async () => {
    await matchByEmail(true);
    const paid = await Promise.all(Array.from({ length: 20 }, () => payAs('crowd@example.com')));
    const made = await customersWith('crowd@example.com');
    expect(made).toHaveLength(1);
    expect(new Set(paid.map((tx) => tx.customerId))).toEqual(new Set([made[0]!.id]));
  });
});
