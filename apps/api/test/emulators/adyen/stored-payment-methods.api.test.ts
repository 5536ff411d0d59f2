// The Adyen emulator refuses the token requests the Checkout API refuses: storing without a
// shopperReference or recurringProcessingModel, a token without its shopper, a merchant-initiated
// model with the shopper present, ContAuth without a token. Raw HTTP here: no SDK in between.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdyenEmulator, DEFAULT_CREDENTIAL, startAdyenEmulator } from './emulator.ts';
import { ADYEN_TEST_CARDS, AUTHENTICATION_REQUIRED_HOLDER, THREE_DS_PASSWORD } from './test-cards.ts';

let emulator: AdyenEmulator;
beforeAll(async () => {
  emulator = await startAdyenEmulator();
});
afterAll(() => emulator.close());

const merchantAccount = DEFAULT_CREDENTIAL.merchantAccounts[0]!;
const card = { type: 'scheme', number: '4111111111111111', expiryMonth: '03', expiryYear: '2030', cvc: '737' };
const payment = (over: Record<string, unknown> = {}) => ({
  amount: { currency: 'EUR', value: 1000 },
  merchantAccount,
  reference: `order-${Math.random().toString(36).slice(2)}`,
  returnUrl: 'https://shop.example/return',
  paymentMethod: card,
  ...over,
});

async function send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${emulator.baseUrl}/v72${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'X-API-Key': DEFAULT_CREDENTIAL.apiKey, ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** A shopper with one stored card: its token. */
async function storedToken(shopperReference = `shopper-${Math.random().toString(36).slice(2)}`) {
  const res = await send(
    'POST',
    '/payments',
    payment({
      amount: { currency: 'EUR', value: 0 },
      storePaymentMethod: true,
      shopperReference,
      recurringProcessingModel: 'CardOnFile',
      shopperInteraction: 'Ecommerce',
    }),
  );
  expect(res.body).toMatchObject({
    resultCode: 'Authorised',
    additionalData: {
      'tokenization.shopperReference': shopperReference,
      'tokenization.store.operationType': 'created',
    },
  });
  return { shopperReference, token: res.body.additionalData['tokenization.storedPaymentMethodId'] as string };
}

const tokenPayment = (shopperReference: string | undefined, token: string, over: Record<string, unknown> = {}) =>
  payment({
    paymentMethod: { type: 'scheme', storedPaymentMethodId: token },
    ...(shopperReference ? { shopperReference } : {}),
    recurringProcessingModel: 'UnscheduledCardOnFile',
    shopperInteraction: 'ContAuth',
    ...over,
  });

describe('Adyen emulator: tokens', () => {
  it('storing needs a shopperReference of 3 characters or more and a recurringProcessingModel, with the shopper present', async () => {
    const store = { storePaymentMethod: true, recurringProcessingModel: 'CardOnFile' };
    expect(await send('POST', '/payments', payment(store))).toMatchObject({ status: 422 });
    expect(await send('POST', '/payments', payment({ ...store, shopperReference: 'ab' }))).toMatchObject({
      status: 422,
    });
    const noModel = await send(
      'POST',
      '/payments',
      payment({ storePaymentMethod: true, shopperReference: 'shopper-1' }),
    );
    expect(noModel).toMatchObject({
      status: 422,
      body: { message: expect.stringMatching(/recurringProcessingModel/) },
    });
    const badModel = await send(
      'POST',
      '/payments',
      payment({ ...store, shopperReference: 'shopper-1', recurringProcessingModel: 'Monthly' }),
    );
    expect(badModel.status).toBe(422);
    const absent = await send(
      'POST',
      '/payments',
      payment({ ...store, shopperReference: 'shopper-1', shopperInteraction: 'ContAuth' }),
    );
    expect(absent.status).toBe(422);
  });

  it('a token pays only with its shopperReference and a recurringProcessingModel', async () => {
    const { shopperReference, token } = await storedToken();
    expect(await send('POST', '/payments', tokenPayment(undefined, token))).toMatchObject({
      status: 422,
      body: { errorCode: '800' },
    });
    expect(await send('POST', '/payments', tokenPayment('someone-else', token))).toMatchObject({
      status: 422,
      body: { errorCode: '800', message: 'Contract not found' },
    });
    const other = await storedToken();
    expect(await send('POST', '/payments', tokenPayment(other.shopperReference, token))).toMatchObject({
      status: 422,
      body: { errorCode: '803', message: 'PaymentDetail not found' },
    });
    const noModel = tokenPayment(shopperReference, token, { recurringProcessingModel: undefined });
    expect((await send('POST', '/payments', noModel)).status).toBe(422);
    expect(await send('POST', '/payments', tokenPayment(shopperReference, token))).toMatchObject({
      status: 200,
      body: { resultCode: 'Authorised' },
    });
  });

  it('merchant-initiated models go with ContAuth, CardOnFile with the shopper, and ContAuth needs a token', async () => {
    const { shopperReference, token } = await storedToken();
    const subscriptionPresent = tokenPayment(shopperReference, token, {
      recurringProcessingModel: 'Subscription',
      shopperInteraction: 'Ecommerce',
    });
    expect(await send('POST', '/payments', subscriptionPresent)).toMatchObject({
      status: 422,
      body: { message: expect.stringMatching(/merchant-initiated/) },
    });
    const cardOnFileAway = tokenPayment(shopperReference, token, { recurringProcessingModel: 'CardOnFile' });
    expect((await send('POST', '/payments', cardOnFileAway)).status).toBe(422);
    const contAuthRaw = payment({ shopperInteraction: 'ContAuth', recurringProcessingModel: 'UnscheduledCardOnFile' });
    expect(await send('POST', '/payments', contAuthRaw)).toMatchObject({
      status: 422,
      body: { message: expect.stringMatching(/ContAuth needs stored payment details/) },
    });
  });

  it('lists and deletes a shopper’s tokens, refusing requests without the shopper or of unknown tokens', async () => {
    const { shopperReference, token } = await storedToken();
    const query = `shopperReference=${shopperReference}&merchantAccount=${merchantAccount}`;
    expect(await send('GET', `/storedPaymentMethods?${query}`)).toMatchObject({
      status: 200,
      body: {
        shopperReference,
        storedPaymentMethods: [
          { id: token, type: 'scheme', brand: 'visa', lastFour: '1111', expiryMonth: '03', expiryYear: '2030' },
        ],
      },
    });
    expect((await send('GET', `/storedPaymentMethods?merchantAccount=${merchantAccount}`)).status).toBe(422);
    expect(
      (await send('GET', `/storedPaymentMethods?shopperReference=${shopperReference}&merchantAccount=Other`)).status,
    ).toBe(403);
    const key = { 'Idempotency-Key': `delete-${token}` };
    expect(await send('DELETE', `/storedPaymentMethods/${token}?${query}`, undefined, key)).toEqual({
      status: 204,
      body: undefined,
    });
    // The same key replays the first answer; without it the token is gone.
    expect((await send('DELETE', `/storedPaymentMethods/${token}?${query}`, undefined, key)).status).toBe(204);
    expect(await send('DELETE', `/storedPaymentMethods/${token}?${query}`)).toMatchObject({ status: 422 });
    expect((await send('GET', `/storedPaymentMethods?${query}`)).body.storedPaymentMethods).toEqual([]);
    expect((await send('POST', '/payments', tokenPayment(shopperReference, token))).status).toBe(422);
  });

  it('refuses unknown fields in a token payment like any other', async () => {
    const { shopperReference, token } = await storedToken();
    const res = await send('POST', '/payments', tokenPayment(shopperReference, token, { shopperLoyalty: 'gold' }));
    expect(res).toMatchObject({ status: 400, body: { errorCode: '702' } });
  });
});

describe('Adyen emulator: the issuer asks for authentication', () => {
  /** The buyer's browser through the challenge: the page, its form, the redirect back with redirectResult. */
  async function throughChallenge(answer: { action: { url: string } }) {
    const page = await (await fetch(answer.action.url)).text();
    const md = /name="MD" value="([^"]+)"/.exec(page)![1]!;
    const back = await fetch(`${emulator.baseUrl}/threeDS/complete?MD=${md}&password=${THREE_DS_PASSWORD}`, {
      redirect: 'manual',
    });
    const redirectResult = new URL(back.headers.get('location')!).searchParams.get('redirectResult')!;
    return send('POST', '/payments/details', { details: { redirectResult } });
  }

  it('a saved 3-D Secure card of that holder pays with the shopper and is refused with reason 38 on ContAuth', async () => {
    const shopperReference = `shopper-${Math.random().toString(36).slice(2)}`;
    const threeDsCard = { ...card, number: ADYEN_TEST_CARDS.visa3ds, holderName: AUTHENTICATION_REQUIRED_HOLDER };
    const stored = await send(
      'POST',
      '/payments',
      payment({
        paymentMethod: threeDsCard,
        storePaymentMethod: true,
        shopperReference,
        recurringProcessingModel: 'CardOnFile',
        shopperInteraction: 'Ecommerce',
      }),
    );
    expect(stored.body).toMatchObject({ resultCode: 'RedirectShopper' });
    const authorised = await throughChallenge(stored.body);
    expect(authorised.body).toMatchObject({ resultCode: 'Authorised' });
    const token = authorised.body.additionalData['tokenization.storedPaymentMethodId'] as string;
    expect(token).toBeTruthy();

    const merchantInitiated = await send('POST', '/payments', tokenPayment(shopperReference, token));
    expect(merchantInitiated).toMatchObject({
      status: 200,
      body: { resultCode: 'Refused', refusalReason: 'Authentication required', refusalReasonCode: '38' },
    });
    // The same card with the customer present is challenged again and then authorised.
    const onSession = await send(
      'POST',
      '/payments',
      tokenPayment(shopperReference, token, {
        recurringProcessingModel: 'CardOnFile',
        shopperInteraction: 'Ecommerce',
      }),
    );
    expect(onSession.body).toMatchObject({ resultCode: 'RedirectShopper' });
    expect((await throughChallenge(onSession.body)).body).toMatchObject({ resultCode: 'Authorised' });
    // Without the 3-D Secure card there is nothing to authenticate with: the documented refusal, on-session too.
    const plain = await send(
      'POST',
      '/payments',
      payment({ paymentMethod: { ...card, holderName: AUTHENTICATION_REQUIRED_HOLDER } }),
    );
    expect(plain.body).toMatchObject({ resultCode: 'Refused', refusalReasonCode: '38' });
  });
});
