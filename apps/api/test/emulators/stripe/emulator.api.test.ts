// The emulator refuses what Stripe's API refuses, so a connector cannot pass by agreeing with a fake.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_TEST_KEY, type StripeEmulator, startStripeEmulator } from './emulator.ts';

let emulator: StripeEmulator;
beforeAll(async () => {
  emulator = await startStripeEmulator();
});
afterAll(() => emulator.close());

const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${emulator.url}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${EMULATOR_TEST_KEY}`,
      'content-type': 'application/x-www-form-urlencoded',
      ...headers,
    },
    body,
  });
const card =
  'payment_method_data[type]=card&payment_method_data[card][number]=4242424242424242&payment_method_data[card][exp_month]=12&payment_method_data[card][exp_year]=2030&payment_method_data[card][cvc]=123';

describe('Stripe emulator validation', () => {
  it('requires a secret key, as Bearer auth, and names a wrong one only by its ends', async () => {
    const none = await fetch(`${emulator.url}/v1/balance`);
    expect(none.status).toBe(401);
    expect((await none.json()).error).toMatchObject({
      type: 'invalid_request_error',
      message: expect.stringMatching(/did not provide an API key/),
    });
    const wrong = await fetch(`${emulator.url}/v1/balance`, {
      headers: { authorization: 'Bearer sk_test_0000000000000000wxyz' },
    });
    expect(wrong.status).toBe(401);
    const message = (await wrong.json()).error.message as string;
    expect(message).toMatch(/^Invalid API Key provided: sk_test_\*+wxyz$/);
  });

  it('refuses an unknown parameter, also nested, with parameter_unknown', async () => {
    const res = await post('/v1/payment_intents', 'amount=1000&currency=usd&colour=red');
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatchObject({
      type: 'invalid_request_error',
      code: 'parameter_unknown',
      param: 'colour',
      message: 'Received unknown parameter: colour',
    });
    const nested = await post(
      '/v1/payment_intents',
      `amount=1000&currency=usd&${card}&payment_method_data[card][pin]=1234`,
    );
    expect((await nested.json()).error).toMatchObject({
      code: 'parameter_unknown',
      param: 'payment_method_data[card][pin]',
    });
  });

  it('refuses wrong types and values: integers, booleans, enums, missing and empty required params', async () => {
    const cases: [string, object][] = [
      ['amount=ten&currency=usd', { code: 'parameter_invalid_integer', param: 'amount' }],
      ['amount=10.5&currency=usd', { code: 'parameter_invalid_integer', param: 'amount' }],
      ['amount=1000&currency=usd&confirm=yes', { param: 'confirm', message: 'Invalid boolean: yes' }],
      ['amount=1000&currency=usd&capture_method=later', { param: 'capture_method' }],
      ['currency=usd', { code: 'parameter_missing', param: 'amount' }],
      ['amount=1000&currency=', { code: 'parameter_invalid_empty', param: 'currency' }],
      ['amount=10&currency=usd', { code: 'amount_too_small', param: 'amount' }],
      ['amount[x]=1&currency=usd', { param: 'amount' }],
    ];
    for (const [body, error] of cases) {
      const res = await post('/v1/payment_intents', body);
      expect(res.status, body).toBe(400);
      expect((await res.json()).error, body).toMatchObject({ type: 'invalid_request_error', ...error });
    }
  });

  it('asks for a return_url when confirming without restricting to non-redirect methods', async () => {
    const res = await post('/v1/payment_intents', `amount=1000&currency=usd&confirm=true&${card}`);
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toMatch(/must provide a `return_url`/);
  });

  it('replays an idempotent request and refuses the same key with other parameters', async () => {
    const body = `amount=1000&currency=usd&confirm=true&payment_method_types[0]=card&${card}`;
    const first = await post('/v1/payment_intents', body, { 'idempotency-key': 'k-1' });
    const again = await post('/v1/payment_intents', body, { 'idempotency-key': 'k-1' });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await again.json()).id).toBe((await first.json()).id);
    const other = await post('/v1/payment_intents', body.replace('amount=1000', 'amount=2000'), {
      'idempotency-key': 'k-1',
    });
    expect(other.status).toBe(400);
    expect((await other.json()).error.type).toBe('idempotency_error');
    // A declined card is a result too: replayed, not charged again.
    const declined = body.replace('4242424242424242', '4000000000000002');
    const d1 = await post('/v1/payment_intents', declined, { 'idempotency-key': 'k-2' });
    const d2 = await post('/v1/payment_intents', declined, { 'idempotency-key': 'k-2' });
    expect(d1.status).toBe(402);
    expect((await d2.json()).error.payment_intent.id).toBe((await d1.json()).error.payment_intent.id);
  });

  it('follows the status machine: no capture twice, no cancel after capture, no refund beyond received', async () => {
    const created = await (
      await post(
        '/v1/payment_intents',
        `amount=1000&currency=usd&confirm=true&capture_method=manual&payment_method_types[0]=card&${card}`,
      )
    ).json();
    expect(created.status).toBe('requires_capture');
    expect((await post(`/v1/payment_intents/${created.id}/capture`, 'amount_to_capture=1001')).status).toBe(400);
    expect((await post(`/v1/payment_intents/${created.id}/capture`, 'amount_to_capture=600')).status).toBe(200);
    const twice = await post(`/v1/payment_intents/${created.id}/capture`, '');
    expect((await twice.json()).error.code).toBe('payment_intent_unexpected_state');
    expect((await post(`/v1/payment_intents/${created.id}/cancel`, '')).status).toBe(400);
    expect((await post('/v1/refunds', `payment_intent=${created.id}&amount=601`)).status).toBe(400);
    expect((await post('/v1/refunds', `payment_intent=${created.id}&amount=600`)).status).toBe(200);
    expect((await (await post('/v1/refunds', `payment_intent=${created.id}`)).json()).error.code).toBe(
      'charge_already_refunded',
    );
  });

  it('signs webhook events as Stripe documents: t=…,v1=HMAC-SHA256("t.payload")', async () => {
    let received: { body: string; headers: Record<string, string> } | undefined;
    emulator.setWebhookEndpoint(EMULATOR_TEST_KEY, {
      secret: 'whsec_test_secret_0123456789',
      deliver: async (body, headers) => {
        received = { body, headers };
        return 200;
      },
    });
    await emulator.sendEvent(EMULATOR_TEST_KEY, 'payment_intent.succeeded', { id: 'pi_1', object: 'payment_intent' });
    const [, t, v1] = received!.headers['stripe-signature']!.match(/^t=(\d+),v1=([0-9a-f]{64})$/)!;
    expect(v1).toBe(
      createHmac('sha256', 'whsec_test_secret_0123456789').update(`${t}.${received!.body}`).digest('hex'),
    );
    expect(JSON.parse(received!.body)).toMatchObject({
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: 'pi_1' } },
    });
    emulator.setWebhookEndpoint(EMULATOR_TEST_KEY, null);
  });
});
