import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant } from '../../../test/factories/merchants.ts';
import { createInvoice, createProduct, createQuickPayment } from '../../../test/factories/sellables.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { billing } from '../../../test/support/buyer.ts';
import { providerConnections } from '../../db/schema.ts';
import { MINUTE } from '../../lib/clock.ts';
import { findCheckoutSession } from './checkout.queries.ts';
import { verifyCheckoutToken } from './checkout-token.ts';

let t: TestApp;
let merchantId: string;
beforeAll(async () => {
  t = await buildTestApp();
  merchantId = (await createMerchant(t.ctx.db, { name: 'Acme Outfitters', phone: '+14155550123', country: 'US' })).id;
});
afterAll(() => t.close());

const post = (url: string, payload: object = {}) => t.app.inject({ method: 'POST', url: `/apiv1${url}`, payload });
const get = (url: string) => t.app.inject({ method: 'GET', url: `/apiv1${url}` });

describe('product checkout', () => {
  it('shows the product and its merchant to an anonymous buyer', async () => {
    const product = await createProduct(t.ctx.db, merchantId, { pricePerUnit: 1_999 });
    const res = await get(`/product/checkout-details/${product.id}/`);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({
      name: 'Trail Jacket',
      price_per_unit: 1_999,
      currency: 'USD',
      message_type: 1,
      merchant_data: { name: 'Acme Outfitters', phone: '+14155550123', master_merchant_logo: null },
    });
  });

  it('computes the amount from price × quantity and ignores any amount the client sends', async () => {
    const product = await createProduct(t.ctx.db, merchantId, { pricePerUnit: 1_999 });
    const res = await post(`/product/get-checkout-token/${product.id}/`, { quantity: 3, amount: 1 });
    expect(res.statusCode).toBe(200);
    const data = res.json().result;
    expect(data.embed_data_card).toMatchObject({
      amount: 5_997,
      currency: 'USD',
      intent: 'capture',
      country: 'US',
      metadata: { product_id_card: product.id },
    });
    // No wallet connected: the non-card section has no data and so is not shown (docs/product-rules.md#checkout-payment-panel).
    expect(data.token).toBeNull();
    expect(data.embed_data).toBeNull();
    // The token itself fixes the session (signed); its row is written by the first payment attempt.
    const claims = await verifyCheckoutToken(t.ctx.keys.tokenSigning, data.token_card, new Date());
    expect(claims.session).toMatchObject({ amount: 5_997, quantity: 3, productId: product.id });
    expect(await findCheckoutSession(t.ctx.db, claims.sessionId)).toBeUndefined();
    const paid = await post('/pay/charge/', {
      token: data.token_card,
      method: 'card',
      card: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' },
      billing,
    });
    expect(paid.json().result).toMatchObject({ status: 'capture_succeeded', amount: 5_997 });
    const session = await findCheckoutSession(t.ctx.db, claims.sessionId);
    expect(session).toMatchObject({ amount: 5_997, quantity: 3, productId: product.id, status: 'completed' });
  });

  it('refuses a token whose signed amount was changed', async () => {
    const product = await createProduct(t.ctx.db, merchantId, { pricePerUnit: 1_999 });
    const { token_card } = (await post(`/product/get-checkout-token/${product.id}/`, { quantity: 1 })).json().result;
    const [head, payload, signature] = token_card.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    claims.cs.amount = 1;
    const forged = [head, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join('.');
    await expect(verifyCheckoutToken(t.ctx.keys.tokenSigning, forged, new Date())).rejects.toThrow(/expired/);
  });

  it('offers the non-card section when a digital wallet is connected', async () => {
    const other = await createMerchant(t.ctx.db, { name: 'Wallet Shop' });
    await t.ctx.db
      .insert(providerConnections)
      .values({ merchantId: other.id, kind: 'digital_wallet', provider: 'sandbox_wallet' });
    const product = await createProduct(t.ctx.db, other.id);
    const data = (await post(`/product/get-checkout-token/${product.id}/`, { quantity: 1 })).json().result;
    expect(data.token).toEqual(expect.any(String));
    expect(data.embed_data.metadata).toEqual({ product_id: product.id });
  });

  it('refuses a quantity below 1 or not whole with a field error', async () => {
    const product = await createProduct(t.ctx.db, merchantId);
    for (const quantity of [0, -2, 1.5]) {
      const res = await post(`/product/get-checkout-token/${product.id}/`, { quantity });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 'error', code: 'invalid_input', errors: [{ path: 'quantity' }] });
    }
  });

  it('answers 404 for an unknown or malformed product id', async () => {
    expect((await get(`/product/checkout-details/${crypto.randomUUID()}/`)).statusCode).toBe(404);
    expect((await get('/product/checkout-details/not-a-uuid/')).statusCode).toBe(400);
  });

  it('says a deactivated product is unavailable', async () => {
    const product = await createProduct(t.ctx.db, merchantId, { isActive: false });
    const res = await post(`/product/get-checkout-token/${product.id}/`, { quantity: 1 });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('This product is currently unavailable.');
  });

  it('refuses payment for a blocked merchant or one whose Payment Hub is not active', async () => {
    const blocked = await createMerchant(t.ctx.db, { name: 'Blocked', isBlocked: true });
    const pending = await createMerchant(t.ctx.db, { name: 'Pending', paymentHubStatus: 1 });
    for (const m of [blocked, pending]) {
      const product = await createProduct(t.ctx.db, m.id);
      const res = await post(`/product/get-checkout-token/${product.id}/`, { quantity: 1 });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('This merchant cannot accept payments right now.');
    }
  });

  it('signs tokens that expire after 30 minutes', async () => {
    const product = await createProduct(t.ctx.db, merchantId);
    const { token_card } = (await post(`/product/get-checkout-token/${product.id}/`, { quantity: 1 })).json().result;
    const later = new Date(Date.now() + 31 * MINUTE);
    await expect(verifyCheckoutToken(t.ctx.keys.tokenSigning, token_card, later)).rejects.toThrow(/expired/);
    await expect(verifyCheckoutToken(t.ctx.keys.tokenSigning, `${token_card}x`, new Date())).rejects.toThrow(/expired/);
  });
});

describe('quick payment checkout', () => {
  it('uses the fixed amount of the payment link', async () => {
    const qp = await createQuickPayment(t.ctx.db, merchantId, { amount: 4_200, currency: 'EUR' });
    const details = (await get(`/quick-payment/checkout-details/${qp.id}/`)).json().result;
    expect(details).toMatchObject({ name: 'Deposit', amount: 4_200, currency: 'EUR' });
    const data = (await post(`/quick-payment/get-checkout-token/${qp.id}/`)).json().result;
    expect(data.embed_data_card).toMatchObject({
      amount: 4_200,
      currency: 'EUR',
      metadata: { quick_payment_id_card: qp.id },
    });
  });

  it('refuses an expired payment link', async () => {
    const qp = await createQuickPayment(t.ctx.db, merchantId, { expiresAt: new Date(Date.now() - MINUTE) });
    const res = await post(`/quick-payment/get-checkout-token/${qp.id}/`);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('This payment link has expired.');
  });
});

describe('invoice checkout', () => {
  it('charges the invoice total', async () => {
    const inv = await createInvoice(t.ctx.db, merchantId, { totalAmount: 31_337 });
    expect((await get(`/invoice/checkout-details/${inv.id}/`)).json().result).toMatchObject({
      total_amount: 31_337,
      is_paid: false,
    });
    const data = (await post(`/invoice/get-checkout-token/${inv.id}/`)).json().result;
    expect(data.embed_data_card.amount).toBe(31_337);
  });

  it('hides drafts and refuses to open a checkout for a paid invoice', async () => {
    const draft = await createInvoice(t.ctx.db, merchantId, { status: 'draft' });
    expect((await get(`/invoice/checkout-details/${draft.id}/`)).statusCode).toBe(404);
    const paid = await createInvoice(t.ctx.db, merchantId, { status: 'paid' });
    expect((await get(`/invoice/checkout-details/${paid.id}/`)).json().result.is_paid).toBe(true);
    const res = await post(`/invoice/get-checkout-token/${paid.id}/`);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('This invoice has already been paid.');
  });
});
