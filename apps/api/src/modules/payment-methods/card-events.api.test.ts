// A merchant's webhook endpoint hears of its customers' cards: `payment_method.attached` when a paying
// buyer's card is kept, `payment_method.detached` when the merchant removes it (announceCard in
// payment-methods.service.ts), each in the mode of the card, with the card as the API shows it.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { createSignedInShop } from '../../../test/payments/shop.ts';
import { billing } from '../../../test/support/buyer.ts';
import { testCard } from '../../../test/support/checkout.ts';
import { transactions, webhookEvents } from '../../db/schema.ts';

let t: TestApp;
let merchantId: string;
let productId: string;
let apiKey: { authorization: string };

beforeAll(async () => {
  t = await buildTestApp();
  const shop = await createSignedInShop(t, { name: 'Hooked Outfitters', pricePerUnit: 1_500 });
  ({ merchantId, productId } = shop);
  const key = await t.app.inject({
    method: 'POST',
    url: '/apiv1/developers/api-keys/',
    headers: shop.owner.auth,
    payload: { name: 'server', mode: 'test', scopes: ['customers:write', 'payments:write'] },
  });
  expect(key.statusCode, key.body).toBe(201);
  apiKey = { authorization: `Bearer ${key.json().result.secret}` };
  const endpoint = await t.app.inject({
    method: 'POST',
    url: '/apiv1/developers/webhook-endpoints/',
    headers: shop.owner.auth,
    payload: {
      url: 'https://shop.example.com/hooks',
      events: ['payment_method.attached', 'payment_method.detached'],
      mode: 'test',
    },
  });
  expect(endpoint.statusCode, endpoint.body).toBe(201);
});
afterAll(() => t.close());

const cardEvents = async (cardId: string) =>
  (await t.ctx.db.select().from(webhookEvents).where(eq(webhookEvents.merchantId, merchantId)))
    .map((e) => ({ type: e.type, body: JSON.parse(e.body) }))
    .filter((e) => e.body.data.id === cardId);

describe('card webhooks', () => {
  it('announces a kept card as attached and a removed one as detached, once each', async () => {
    const minted = await t.app.inject({
      method: 'POST',
      url: `/apiv1/product/get-checkout-token/${productId}/`,
      payload: { quantity: 1, buyer_id: 'hooked-buyer' },
      headers: apiKey,
      remoteAddress: '10.79.0.1',
    });
    expect(minted.statusCode, minted.body).toBe(200);
    const paid = await t.app.inject({
      method: 'POST',
      url: '/apiv1/pay/charge/',
      payload: {
        method: 'card',
        billing,
        token: minted.json().result.token_card,
        card: testCard('4242424242424242'),
        save_card: true,
      },
      remoteAddress: '10.79.0.2',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const [tx] = await t.ctx.db.select().from(transactions).where(eq(transactions.id, paid.json().result.id));
    const cardId = tx!.paymentMethodId!;
    expect(await cardEvents(cardId)).toEqual([
      {
        type: 'payment_method.attached',
        body: expect.objectContaining({
          type: 'payment_method.attached',
          mode: 'test',
          data: expect.objectContaining({ id: cardId, brand: 'visa', last4: '4242' }),
        }),
      },
    ]);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/apiv1/customer/${tx!.customerId}/payment-method/${cardId}/`,
      headers: apiKey,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const events = await cardEvents(cardId);
    expect(events.map((e) => e.type).sort()).toEqual(['payment_method.attached', 'payment_method.detached']);
    expect(events.find((e) => e.type === 'payment_method.detached')!.body.data).toMatchObject({
      id: cardId,
      detached_at: expect.any(String),
    });
  });
});
