// What connections change at checkout: the processor, the non-card section and the
// anti-fraud service.
import { ROLE } from '@kassa/contract/access';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createMerchant } from '../../../test/factories/merchants.ts';
import { createProduct } from '../../../test/factories/sellables.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { createSignedInUser, type TestSession } from '../../../test/session.ts';
import { usBilling } from '../../../test/support/buyer.ts';
import { checkoutByCard, openCheckout, testCard, watchAuthorizations } from '../../../test/support/checkout.ts';
import { transactions } from '../../db/schema.ts';

const t = await buildTestApp();
afterAll(() => t.close());
/** The providers asked to authorize, in order. */
const authorized: string[] = [];
watchAuthorizations(t, (providerId) => authorized.push(providerId));

const KEY = { secret_key: 'sk_test_effects000011112222' };

async function shop() {
  const merchant = await createMerchant(t.ctx.db, { allowConnections: true, country: 'US' });
  const owner = await createSignedInUser(t, { role: ROLE.MERCHANT_OWNER, merchantId: merchant.id });
  const product = await createProduct(t.ctx.db, merchant.id, { pricePerUnit: 4_000 });
  return { merchant, owner, product };
}
async function connect(s: TestSession, body: object) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/apiv1/connection/merchant-connection/',
    payload: body,
    headers: s.auth,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().result as { id: string };
}
const checkout = (productId: string) => openCheckout(t, { product: productId });
const pay = (payload: object) => t.app.inject({ method: 'POST', url: '/apiv1/pay/charge/', payload });
const payCard = (productId: string, number: string, billing = usBilling()) =>
  checkoutByCard(t, { product: productId }, { card: testCard(number), billing });
async function stored(id: string) {
  const [row] = await t.ctx.db.select().from(transactions).where(eq(transactions.id, id));
  return row!;
}

describe('payment service', () => {
  it('takes card payments through the connected provider, the sandbox by default', async () => {
    const { owner, product } = await shop();
    // The buyer's page marks a checkout whose card goes to a sandbox "Test mode".
    expect((await checkout(product.id)).test_mode).toBe(true);
    const before = (await payCard(product.id, '4242424242424242')).json().result;
    expect(await stored(before.id)).toMatchObject({ provider: 'sandbox', providerConnectionId: null });
    const conn = await connect(owner, {
      kind: 'payment_service',
      provider: 'sandbox',
      credentials: { account_id: 'acct_test_1', ...KEY },
    });
    expect((await checkout(product.id)).test_mode).toBe(true);
    const after = (await payCard(product.id, '4242424242424242')).json().result;
    expect(after.status).toBe('capture_succeeded');
    expect(await stored(after.id)).toMatchObject({ provider: 'sandbox', providerConnectionId: conn.id });
  });
});

describe('digital wallet', () => {
  it('opens the non-card section and takes wallet payments while connected', async () => {
    const { owner, product } = await shop();
    expect((await checkout(product.id)).token).toBeNull();
    const conn = await connect(owner, {
      kind: 'digital_wallet',
      provider: 'sandbox_wallet',
      credentials: { merchant_id: 'wallet-1', ...KEY },
    });
    const { token, embed_data } = await checkout(product.id);
    expect(token).not.toBeNull();
    expect(embed_data).toMatchObject({ amount: 4_000, currency: 'USD' });
    const billing = { firstName: 'Ada', lastName: 'Lovelace', emailAddress: 'ada@example.com' };
    const paid = (await pay({ token, method: 'wallet', billing })).json().result;
    expect(paid).toMatchObject({ status: 'buyer_approval_pending', method: 'wallet' });
    expect(await stored(paid.id)).toMatchObject({ provider: 'sandbox_wallet', providerConnectionId: conn.id });

    await t.app.inject({
      method: 'PATCH',
      url: `/apiv1/connection/merchant-connection/${conn.id}/`,
      payload: { enabled: false },
      headers: owner.auth,
    });
    const refused = await pay({ token: (await checkout(product.id)).token ?? token, method: 'wallet', billing });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('This merchant no longer accepts non-card payments. Pay by card instead.');
  });
});

describe('anti-fraud service', () => {
  it('lets the fraud test card through while no anti-fraud service is connected', async () => {
    const { product } = await shop();
    const res = await payCard(product.id, '4100 0000 0000 0019');
    expect(res.json().result.status).toBe('capture_succeeded');
  });

  it('blocks 4100 0000 0000 0019 before the processor is asked, with the reason stored', async () => {
    const { owner, product } = await shop();
    await connect(owner, { kind: 'anti_fraud', provider: 'sandbox_anti_fraud', credentials: KEY });
    authorized.length = 0;
    const res = await payCard(product.id, '4100 0000 0000 0019');
    expect(res.json().result).toMatchObject({
      status: 'authorization_failed',
      failure_reason: 'Blocked by the anti-fraud service: The card is on the block list.',
    });
    expect(authorized).toEqual([]);
    expect(await stored(res.json().result.id)).toMatchObject({
      fraudDecision: 'decline',
      fraudReasons: ['The card is on the block list.'],
    });
  });

  it('declines the sixth payment with one card within the hour (velocity)', async () => {
    const { owner, product } = await shop();
    await connect(owner, { kind: 'anti_fraud', provider: 'sandbox_anti_fraud', credentials: KEY });
    for (let i = 0; i < 5; i++) {
      const ok = await payCard(product.id, '5555555555554444', usBilling(`buyer${i}@example.com`));
      expect(ok.json().result.status, `payment ${i + 1}`).toBe('capture_succeeded');
    }
    const sixth = await payCard(product.id, '5555 5555 5555 4444', usBilling('someone-else@example.com'));
    expect(sixth.json().result).toMatchObject({
      status: 'authorization_failed',
      failure_reason: 'Blocked by the anti-fraud service: Too many payments with this card in the last 60 minutes.',
    });
    // Another card is not affected.
    const other = await payCard(product.id, '4242424242424242');
    expect(other.json().result.status).toBe('capture_succeeded');
  });

  it('lets a review go ahead and marks it: billing country differs from the card’s', async () => {
    const { owner, product } = await shop();
    await connect(owner, { kind: 'anti_fraud', provider: 'sandbox_anti_fraud', credentials: KEY });
    const res = await payCard(product.id, '4242424242424242', usBilling('ada@example.com', 'GB'));
    expect(res.json().result.status).toBe('capture_succeeded');
    expect(await stored(res.json().result.id)).toMatchObject({
      fraudDecision: 'review',
      fraudReasons: ['The billing country differs from the card’s country.'],
    });
    const detail = await t.app.inject({
      method: 'GET',
      url: `/apiv1/transaction/${res.json().result.id}/`,
      headers: owner.auth,
    });
    expect(detail.json().result.events.map((e: { type: string }) => e.type)).toContain('fraud_review');
  });
});
