// The emulator refuses the saved-card requests Stripe's API refuses: off_session without a saved
// card, a Customer's PaymentMethod without its Customer, unknown parameters, a spent PaymentMethod.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_TEST_KEY, type StripeEmulator, startStripeEmulator } from './emulator.ts';

let emulator: StripeEmulator;
beforeAll(async () => {
  emulator = await startStripeEmulator();
});
afterAll(() => emulator.close());

/** The fields of Stripe's answers these tests read. */
interface StripeAnswer {
  id: string;
  status: string;
  customer: string;
  payment_method: string;
  data: unknown[];
  error: { message: string; param?: string; code?: string };
}

const call = async (method: 'GET' | 'POST', path: string, body = '', headers: Record<string, string> = {}) => {
  const res = await fetch(`${emulator.url}${path}${method === 'GET' && body ? `?${body}` : ''}`, {
    method,
    headers: {
      authorization: `Bearer ${EMULATOR_TEST_KEY}`,
      'content-type': 'application/x-www-form-urlencoded',
      ...headers,
    },
    ...(method === 'POST' ? { body } : {}),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as StripeAnswer };
};
const cardData = (number = '4242424242424242') =>
  `payment_method_data[type]=card&payment_method_data[card][number]=${number}&payment_method_data[card][exp_month]=12&payment_method_data[card][exp_year]=2030&payment_method_data[card][cvc]=123`;
const pay = 'amount=1000&currency=eur&confirm=true&payment_method_types[]=card';

/** A Customer with one card saved by a SetupIntent. */
async function customerWithCard(number = '4242424242424242') {
  const customer = (await call('POST', '/v1/customers', 'metadata[kassa_customer_id]=c1')).body.id as string;
  const setup = await call('POST', '/v1/setup_intents', `confirm=true&customer=${customer}&${cardData(number)}`);
  expect(setup.body).toMatchObject({ status: 'succeeded', customer, usage: 'off_session' });
  return { customer, paymentMethod: setup.body.payment_method as string };
}

describe('Stripe emulator: saved cards', () => {
  it('refuses off_session without confirm, without a saved card, or with a card of no Customer', async () => {
    const { customer, paymentMethod } = await customerWithCard();
    const noConfirm = await call(
      'POST',
      '/v1/payment_intents',
      `amount=1000&currency=eur&off_session=true&customer=${customer}&payment_method=${paymentMethod}`,
    );
    expect(noConfirm).toMatchObject({ status: 400, body: { error: { param: 'off_session' } } });
    const newCard = await call(
      'POST',
      '/v1/payment_intents',
      `${pay}&off_session=true&customer=${customer}&${cardData()}`,
    );
    expect(newCard).toMatchObject({
      status: 400,
      body: { error: { type: 'invalid_request_error', param: 'off_session' } },
    });
    const ok = await call(
      'POST',
      '/v1/payment_intents',
      `${pay}&off_session=true&customer=${customer}&payment_method=${paymentMethod}`,
    );
    expect(ok).toMatchObject({ status: 200, body: { status: 'succeeded', customer, payment_method: paymentMethod } });
  });

  it('refuses a Customer’s PaymentMethod without that Customer, or with another one', async () => {
    const { paymentMethod } = await customerWithCard();
    const other = await customerWithCard();
    const without = await call('POST', '/v1/payment_intents', `${pay}&payment_method=${paymentMethod}`);
    expect(without.status).toBe(400);
    expect(without.body.error.message).toMatch(/belongs to a Customer/);
    const wrong = await call(
      'POST',
      '/v1/payment_intents',
      `${pay}&customer=${other.customer}&payment_method=${paymentMethod}`,
    );
    expect(wrong).toMatchObject({ status: 400, body: { error: { param: 'payment_method' } } });
    const unknown = await call(
      'POST',
      '/v1/payment_intents',
      `${pay}&customer=cus_nope&payment_method=${paymentMethod}`,
    );
    expect(unknown).toMatchObject({ status: 404, body: { error: { code: 'resource_missing', param: 'customer' } } });
  });

  it('refuses unknown parameters on Customers, SetupIntents and PaymentMethods', async () => {
    for (const [path, body] of [
      ['/v1/customers', 'favourite_colour=red'],
      ['/v1/setup_intents', `confirm=true&${cardData()}&amount=100`],
      ['/v1/payment_methods/pm_x/detach', 'customer=cus_x'],
    ] as const) {
      const res = await call('POST', path, body);
      expect(res).toMatchObject({ status: 400, body: { error: { code: 'parameter_unknown' } } });
    }
    const list = await call('GET', '/v1/payment_methods', 'customer=cus_x&type=card&colour=red');
    expect(list).toMatchObject({ status: 400, body: { error: { code: 'parameter_unknown', param: 'colour' } } });
  });

  it('lists a Customer’s cards; a detached card is gone from the list and can never be used again', async () => {
    const { customer, paymentMethod } = await customerWithCard();
    const list = await call('GET', '/v1/payment_methods', `customer=${customer}&type=card`);
    expect(list.body.data).toEqual([
      expect.objectContaining({ id: paymentMethod, customer, card: expect.objectContaining({ last4: '4242' }) }),
    ]);
    expect((await call('POST', `/v1/payment_methods/${paymentMethod}/detach`)).body).toMatchObject({ customer: null });
    expect((await call('GET', `/v1/customers/${customer}/payment_methods`)).body.data).toEqual([]);
    const again = await call('POST', `/v1/payment_methods/${paymentMethod}/detach`);
    expect(again.status).toBe(400);
    const attach = await call('POST', `/v1/payment_methods/${paymentMethod}/attach`, `customer=${customer}`);
    expect(attach.body.error.message).toMatch(/may not be used again/);
    const paying = await call(
      'POST',
      '/v1/payment_intents',
      `${pay}&customer=${customer}&payment_method=${paymentMethod}`,
    );
    expect(paying.body.error.message).toMatch(/may not be used again/);
  });

  it('4000 0025 0000 3155 needs authentication to be set up; 0341 is set up and declines when charged', async () => {
    const customer = (await call('POST', '/v1/customers')).body.id as string;
    const auth = await call(
      'POST',
      '/v1/setup_intents',
      `confirm=true&customer=${customer}&${cardData('4000002500003155')}`,
    );
    expect(auth.body).toMatchObject({ status: 'requires_action', next_action: { type: 'use_stripe_sdk' } });
    const { customer: owner, paymentMethod } = await customerWithCard('4000000000000341');
    const charged = await call(
      'POST',
      '/v1/payment_intents',
      `${pay}&off_session=true&customer=${owner}&payment_method=${paymentMethod}`,
    );
    expect(charged).toMatchObject({
      status: 402,
      body: {
        error: { type: 'card_error', code: 'card_declined', payment_intent: { status: 'requires_payment_method' } },
      },
    });
  });

  it('replays a Customer, SetupIntent or detach sent again with its Idempotency-Key', async () => {
    const key = { 'idempotency-key': `k-${Date.now()}` };
    const first = await call('POST', '/v1/customers', 'email=a@example.com', key);
    const second = await call('POST', '/v1/customers', 'email=a@example.com', key);
    expect(second.body.id).toBe(first.body.id);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    const changed = await call('POST', '/v1/customers', 'email=b@example.com', key);
    expect(changed).toMatchObject({ status: 400, body: { error: { type: 'idempotency_error' } } });

    const setupKey = { 'idempotency-key': `s-${Date.now()}` };
    const body = `confirm=true&customer=${first.body.id}&${cardData()}`;
    const setups = await Promise.all([1, 2].map(() => call('POST', '/v1/setup_intents', body, setupKey)));
    expect(setups[1]!.body.id).toBe(setups[0]!.body.id);
    expect((await call('GET', `/v1/customers/${first.body.id}/payment_methods`)).body.data).toHaveLength(1);
  });
});
