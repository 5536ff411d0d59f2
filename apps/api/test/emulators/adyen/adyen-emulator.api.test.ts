// The Adyen emulator refuses what Adyen's Checkout API refuses, so a connector cannot pass by
// agreeing with a fake that accepts anything. Raw HTTP here: no SDK in between.
import adyen from '@adyen/api-library';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdyenEmulator, DEFAULT_CREDENTIAL, DEFAULT_HMAC_KEY, startAdyenEmulator } from './emulator.ts';
import type { NotificationMessage } from './notifications.ts';
import { signingString } from './notifications.ts';

let emulator: AdyenEmulator;
const received: NotificationMessage[] = [];

beforeAll(async () => {
  emulator = await startAdyenEmulator({
    notify: async (payload) => {
      received.push(payload);
      return { status: 200, body: '[accepted]' };
    },
  });
});
afterAll(() => emulator.close());

const merchantAccount = DEFAULT_CREDENTIAL.merchantAccounts[0]!;
const goodPayment = (over: Record<string, unknown> = {}) => ({
  amount: { currency: 'EUR', value: 1000 },
  merchantAccount,
  reference: `order-${Math.random().toString(36).slice(2)}`,
  returnUrl: 'https://shop.example/return',
  paymentMethod: { type: 'scheme', number: '4111111111111111', expiryMonth: '03', expiryYear: '2030', cvc: '737' },
  ...over,
});

async function post(
  path: string,
  body: unknown,
  headers: Record<string, string> = { 'X-API-Key': DEFAULT_CREDENTIAL.apiKey },
) {
  const res = await fetch(`${emulator.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json(), headers: res.headers };
}

describe('what the emulated Checkout API refuses', () => {
  it('a request without a valid X-API-Key: 401', async () => {
    const none = await post('/v72/payments', goodPayment(), {});
    expect(none).toMatchObject({ status: 401, body: { status: 401, errorCode: '000', errorType: 'security' } });
    expect((await post('/v72/payments', goodPayment(), { 'X-API-Key': 'nope' })).status).toBe(401);
  });

  it('an unknown field, at the top or nested: 400 with errorCode 702 naming it', async () => {
    const top = await post('/v72/payments', { ...goodPayment(), capture_method: 'manual' });
    expect(top).toMatchObject({
      status: 400,
      body: {
        errorCode: '702',
        errorType: 'validation',
        message: 'Structure of PaymentRequest contains the following unknown fields: [capture_method]',
      },
    });
    const nested = await post(
      '/v72/payments',
      goodPayment({ amount: { currency: 'EUR', value: 1000, unit: 'cents' } }),
    );
    expect(nested.body.message).toBe('Structure of Amount contains the following unknown fields: [unit]');
    const capture = await post('/v72/payments/ABC/captures', {
      merchantAccount,
      amount: { currency: 'EUR', value: 1 },
      foo: 1,
    });
    expect(capture.body.message).toMatch(/PaymentCaptureRequest contains the following unknown fields: \[foo\]/);
  });

  it('a value of the wrong JSON type: 400', async () => {
    const res = await post('/v72/payments', goodPayment({ amount: { currency: 'EUR', value: '1000' } }));
    expect(res).toMatchObject({ status: 400, body: { errorCode: '702' } });
    expect((await post('/v72/payments', goodPayment({ captureDelayHours: '0' }))).status).toBe(400);
    expect((await post('/v72/payments', '{not json')).status).toBe(400);
  });

  it('a merchant account the key does not own: 403 errorCode 901', async () => {
    const res = await post('/v72/payments', goodPayment({ merchantAccount: 'NotMineECOM' }));
    expect(res).toMatchObject({ status: 403, body: { errorCode: '901', message: 'Invalid Merchant Account' } });
  });

  it('broken rules: card number, expiry, CVC length, amount, currency, missing fields: 422', async () => {
    const card = (over: object) => goodPayment({ paymentMethod: { ...goodPayment().paymentMethod, ...over } });
    expect((await post('/v72/payments', card({ number: '4111111111111112' }))).body).toMatchObject({
      status: 422,
      errorCode: '101',
    });
    expect((await post('/v72/payments', card({ expiryMonth: '13' }))).body).toMatchObject({ errorCode: '129' });
    expect((await post('/v72/payments', card({ cvc: '7' }))).body).toMatchObject({ errorCode: '103' });
    expect((await post('/v72/payments', goodPayment({ amount: { currency: 'EUR', value: -1 } }))).body).toMatchObject({
      errorCode: '137',
    });
    expect((await post('/v72/payments', goodPayment({ amount: { currency: 'XTS', value: 1 } }))).body).toMatchObject({
      errorCode: '138',
    });
    expect((await post('/v72/payments', goodPayment({ amount: undefined }))).body).toMatchObject({ errorCode: '100' });
    expect((await post('/v72/payments', goodPayment({ returnUrl: undefined }))).status).toBe(422);
    expect((await post('/v72/payments', goodPayment({ reference: 'x'.repeat(81) }))).status).toBe(422);
  });

  it('raw card data without the API PCI Payments role: 403', async () => {
    const strict = await startAdyenEmulator({
      credentials: [{ apiKey: 'AQE_no_pci', merchantAccounts: [merchantAccount], rawCardData: false }],
    });
    const res = await fetch(`${strict.baseUrl}/v72/payments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-API-Key': 'AQE_no_pci' },
      body: JSON.stringify(goodPayment()),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ errorCode: '010' });
    await strict.close();
  });

  it('only the API version the SDK calls (v72) is served', async () => {
    expect((await post('/v71/payments', goodPayment())).status).toBe(404);
  });
});

describe('test cards and the status machine', () => {
  it('refuses with the documented refusal reason per holderName, and a wrong CVC generically', async () => {
    const refused = await post(
      '/v72/payments',
      goodPayment({ paymentMethod: { ...goodPayment().paymentMethod, holderName: 'NOT_ENOUGH_BALANCE' } }),
    );
    expect(refused.body).toMatchObject({
      resultCode: 'Refused',
      refusalReason: 'Not enough balance',
      refusalReasonCode: '12',
    });
    const wrongCvc = await post(
      '/v72/payments',
      goodPayment({ paymentMethod: { ...goodPayment().paymentMethod, cvc: '123' } }),
    );
    expect(wrongCvc.body).toMatchObject({ resultCode: 'Refused', refusalReason: 'Refused' });
  });

  it('answers modifications 201 "received" and decides them by webhook', async () => {
    const auth = await post('/v72/payments', goodPayment({ additionalData: { manualCapture: 'true' } }));
    expect(auth.body.resultCode).toBe('Authorised');
    const psp = auth.body.pspReference;
    const over = await post(`/v72/payments/${psp}/captures`, {
      merchantAccount,
      amount: { currency: 'EUR', value: 5000 },
    });
    expect(over).toMatchObject({ status: 201, body: { status: 'received', paymentPspReference: psp } });
    const ok = await post(`/v72/payments/${psp}/captures`, {
      merchantAccount,
      amount: { currency: 'EUR', value: 600 },
    });
    expect(ok.status).toBe(201);
    const refundTooMuch = await post(`/v72/payments/${psp}/refunds`, {
      merchantAccount,
      amount: { currency: 'EUR', value: 601 },
    });
    expect(refundTooMuch.status).toBe(201);
    const cancelAfterCapture = await post(`/v72/payments/${psp}/cancels`, { merchantAccount });
    expect(cancelAfterCapture.status).toBe(201);
    await emulator.settled();
    const outcomes = received
      .map((m) => m.notificationItems[0]!.NotificationRequestItem)
      .filter((i) => (i.originalReference ?? i.pspReference) === psp)
      .map((i) => [i.eventCode, i.success]);
    expect(outcomes).toEqual([
      ['AUTHORISATION', 'true'],
      ['CAPTURE', 'false'],
      ['CAPTURE', 'true'],
      ['REFUND', 'false'],
      ['CANCELLATION', 'false'],
    ]);
    expect(
      (await post('/v72/payments/UNKNOWNPSP000000/refunds', { merchantAccount, amount: { currency: 'EUR', value: 1 } }))
        .body,
    ).toMatchObject({ status: 422, errorCode: '167' });
    expect(
      (await post(`/v72/payments/${psp}/refunds`, { merchantAccount, amount: { currency: 'USD', value: 1 } })).status,
    ).toBe(422);
  });

  it('replays an Idempotency-Key with the first answer and tells so in the header', async () => {
    const body = goodPayment();
    const headers = { 'X-API-Key': DEFAULT_CREDENTIAL.apiKey, 'Idempotency-Key': `key-${body.reference}` };
    const [a, b] = await Promise.all([post('/v72/payments', body, headers), post('/v72/payments', body, headers)]);
    // Concurrent twins: one payment; the other gets the same answer or "in progress" (704).
    const psps = [a, b].map((r) => r.body.pspReference).filter(Boolean);
    expect(psps.length).toBeGreaterThanOrEqual(1);
    expect(new Set(psps).size).toBe(1);
    for (const r of [a, b]) if (!r.body.pspReference) expect(r.body.errorCode).toBe('704');
    const again = await post('/v72/payments', body, headers);
    expect(again.headers.get('idempotency-key')).toBe(headers['Idempotency-Key']);
    expect([a.body.pspReference, b.body.pspReference]).toContain(again.body.pspReference);
    expect([...emulator.payments.values()].filter((p) => p.reference === body.reference)).toHaveLength(1);
    expect((await post('/v72/payments', goodPayment(), { ...headers, 'Idempotency-Key': 'k'.repeat(65) })).status).toBe(
      422,
    );
  });
});

describe('webhooks', () => {
  it('signs each item as Adyen documents it, which the official SDK validates', async () => {
    await emulator.settled();
    const item = received.at(-1)!.notificationItems[0]!.NotificationRequestItem;
    expect(signingString(item)).toBe(
      [
        item.pspReference,
        item.originalReference ?? '',
        item.merchantAccountCode,
        item.merchantReference,
        item.amount.value,
        item.amount.currency,
        item.eventCode,
        item.success,
      ].join(':'),
    );
    const validator = new adyen.hmacValidator();
    expect(validator.validateHMAC(item as never, DEFAULT_HMAC_KEY)).toBe(true);
    expect(
      validator.validateHMAC(
        { ...item, amount: { ...item.amount, value: item.amount.value + 1 } } as never,
        DEFAULT_HMAC_KEY,
      ),
    ).toBe(false);
  });
});
