// The Adyen connector — the real @adyen/api-library — against the loopback Adyen emulator: what
// reaches Adyen, what Kassa makes of each answer, and how each network failure is classified.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type AdyenEmulator,
  KASSA_CONNECTION_CREDENTIALS as credentials,
  startAdyenEmulator,
} from '../../../test/emulators/adyen/emulator.ts';
import { ADYEN_TEST_CARDS } from '../../../test/emulators/adyen/test-cards.ts';
import {
  adyenCardDetails as card,
  newPaymentReference as reference,
  startAdyenConnector,
} from '../../../test/payments/adyen-connector.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  type PaymentIntent,
  type PaymentProvider,
  ProcessorOutcomeUnknownError,
  ProcessorUnavailableError,
  type StoredPayment,
} from '../provider.ts';
import { findProvider } from '../registry.ts';
import { adyenModeOf, createAdyenCheckout, readAdyenCredentials } from './adyen-client.ts';
import { createAdyenProcessor, verifyAdyenCredentials } from './adyen-processor.ts';
import { ADYEN_BUYER_MESSAGES } from './refusal-messages.ts';

let emulator: AdyenEmulator;
let adyen: PaymentProvider;

const authorize = (intent: PaymentIntent, amount = 10_000, c = card(), processor = adyen) =>
  processor.authorize({ method: 'card', reference: reference(), amount, currency: 'EUR', intent, card: c });
const stored = (over: Partial<StoredPayment> & { providerReference: string }): StoredPayment => ({
  method: 'card',
  intent: 'authorize',
  status: 'authorization_succeeded',
  amount: 10_000,
  currency: 'EUR',
  capturedAmount: 0,
  refundedAmount: 0,
  ...over,
});

/** A payment Adyen captured in full, as Kassa stored it: where a refund starts. */
async function capturedPayment(amount: number): Promise<StoredPayment> {
  const paid = await authorize('capture', amount);
  return stored({
    providerReference: paid.providerReference,
    status: 'capture_succeeded',
    amount,
    capturedAmount: amount,
  });
}

beforeAll(async () => {
  ({ emulator, adyen } = await startAdyenConnector({ responseTimeoutMs: 1_000 }));
});
afterAll(() => emulator.close());
beforeEach(() => {
  emulator.requests.length = 0;
});

describe('authorize', () => {
  it('captures at once for a capture intent, sending raw card data keyed by Kassa’s reference', async () => {
    const result = await authorize('capture', 2_550);
    expect(result).toMatchObject({ status: 'capture_succeeded', authorizedAmount: 2_550, capturedAmount: 2_550 });
    const payment = emulator.payments.get(result.providerReference)!;
    expect(payment).toMatchObject({ resultCode: 'Authorised', autoCapture: true, capturedValue: 2_550 });
    const [sent] = emulator.requests;
    expect(sent).toMatchObject({
      path: '/v72/payments',
      idempotencyKey: payment.reference,
      body: {
        amount: { currency: 'EUR', value: 2_550 },
        merchantAccount: 'KassaTestECOM',
        reference: payment.reference,
        returnUrl: `https://kassa.example/pay/return/${payment.reference}`,
        paymentMethod: { type: 'scheme', number: '…1111', expiryMonth: '03', expiryYear: '2030' },
      },
    });
    expect((sent!.body as { additionalData?: unknown }).additionalData).toBeUndefined();
  });

  it('authorises only (manual capture) for authorize and preferAuthorize', async () => {
    for (const intent of ['authorize', 'preferAuthorize'] as const) {
      const result = await authorize(intent);
      expect(result).toMatchObject({ status: 'authorization_succeeded', authorizedAmount: 10_000, capturedAmount: 0 });
      expect(emulator.payments.get(result.providerReference)).toMatchObject({ autoCapture: false, capturedValue: 0 });
      expect(emulator.requests.at(-1)!.body).toMatchObject({ additionalData: { manualCapture: 'true' } });
    }
  });

  it('maps Adyen’s refusal reasons to what the buyer can act on', async () => {
    const cases: [string, string][] = [
      ['NOT_ENOUGH_BALANCE', ADYEN_BUYER_MESSAGES.funds],
      ['DECLINED', ADYEN_BUYER_MESSAGES.declined],
      ['CARD_EXPIRED', ADYEN_BUYER_MESSAGES.expired],
      ['CVC_DECLINED', ADYEN_BUYER_MESSAGES.details],
      ['ISSUER_UNAVAILABLE', ADYEN_BUYER_MESSAGES.unavailable],
      ['FRAUD', ADYEN_BUYER_MESSAGES.declined],
      ['ERROR', ADYEN_BUYER_MESSAGES.unavailable],
    ];
    for (const [holderName, message] of cases) {
      const result = await authorize('capture', 1_000, card(ADYEN_TEST_CARDS.visa, holderName));
      expect(result, holderName).toMatchObject({ status: 'authorization_failed', declineReason: message });
      expect(emulator.payments.get(result.providerReference)!.resultCode).not.toBe('Authorised');
    }
  });

  it('turns Adyen’s request errors into messages a person understands, without charging', async () => {
    // 4242… passes Kassa's Luhn check but is no Adyen test card.
    const unknownCard = await authorize('capture', 1_000, card('4242424242424242'));
    expect(unknownCard).toMatchObject({ status: 'authorization_failed', declineReason: ADYEN_BUYER_MESSAGES.details });

    const wrongAccount = createAdyenProcessor({
      publicUrl: 'https://kassa.example',
      credentials: { ...credentials, merchant_account: 'SomeoneElseECOM' },
      endpoints: { adyenCheckoutBase: emulator.baseUrl },
    });
    const error = await authorize('capture', 100, card(), wrongAccount).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toMatch(/Adyen refused its credentials/);

    const currency = await adyen
      .authorize({
        method: 'card',
        reference: reference(),
        amount: 100,
        currency: 'XTS',
        intent: 'capture',
        card: card(),
      })
      .catch((e: unknown) => e);
    expect(currency).toBeInstanceOf(AppError);
    expect((currency as AppError).message).toMatch(/Adyen error 138/);
  });

  it('never sends a wallet payment or a bad card to Adyen', async () => {
    await expect(
      adyen.authorize({
        method: 'wallet',
        wallet: 'x',
        reference: reference(),
        amount: 1,
        currency: 'EUR',
        intent: 'capture',
      }),
    ).rejects.toThrow(AppError);
    await expect(authorize('capture', 100, { ...card(), number: '4111111111111112' })).rejects.toThrow(AppError);
    expect(emulator.requests).toHaveLength(0);
  });
});

describe('capture, void and refund', () => {
  it('captures the full authorisation, or part of it (the rest is released)', async () => {
    const full = await authorize('authorize', 7_000);
    await expect(
      adyen.capture({
        payment: stored({ providerReference: full.providerReference, amount: 7_000 }),
        amount: 7_000,
        reference: 'capture-full',
      }),
    ).resolves.toEqual({ status: 'capture_succeeded', capturedAmount: 7_000 });
    const part = await authorize('authorize', 7_000);
    await expect(
      adyen.capture({
        payment: stored({ providerReference: part.providerReference, amount: 7_000 }),
        amount: 2_500,
        reference: 'capture-part',
      }),
    ).resolves.toEqual({ status: 'capture_succeeded', capturedAmount: 2_500 });
    await emulator.settled();
    expect(emulator.payments.get(full.providerReference)!.capturedValue).toBe(7_000);
    expect(emulator.payments.get(part.providerReference)!.capturedValue).toBe(2_500);
    const captures = emulator.notifications.filter((n) => n.eventCode === 'CAPTURE');
    expect(captures.slice(-2).map((n) => [n.originalReference, n.success, n.amount.value])).toEqual([
      [full.providerReference, 'true', 7_000],
      [part.providerReference, 'true', 2_500],
    ]);
    // Kassa's capture id is the idempotency key: a capture sent again after a lost answer is the same one.
    const keys = emulator.requests.filter((r) => r.path.endsWith('/captures')).map((r) => r.idempotencyKey);
    expect(keys).toEqual(['capture-full', 'capture-part']);
    await expect(
      adyen.capture({
        payment: stored({ providerReference: part.providerReference, amount: 7_000 }),
        amount: 7_001,
        reference: 'capture-over',
      }),
    ).rejects.toThrow('The capture exceeds the authorized amount.');
  });

  it('voids an authorisation (Adyen cancel)', async () => {
    const auth = await authorize('authorize');
    await expect(
      adyen.void({ payment: stored({ providerReference: auth.providerReference }), reference: 'void-1' }),
    ).resolves.toEqual({
      status: 'voided',
    });
    expect(emulator.payments.get(auth.providerReference)!.cancelled).toBe(true);
    await expect(
      adyen.void({
        payment: stored({ providerReference: auth.providerReference, status: 'capture_succeeded' }),
        reference: 'void-2',
      }),
    ).rejects.toThrow('cannot be voided');
  });

  it('refunds part then the rest, with Kassa’s refund id as reference and idempotency key', async () => {
    const payment = await capturedPayment(10_000);
    const first = await adyen.refund({ payment, amount: 4_000, reference: 'refund-1-of-payment' });
    expect(first).toMatchObject({ status: 'partially_refunded', refundedAmount: 4_000 });
    const rest = await adyen.refund({
      payment: { ...payment, status: 'partially_refunded', refundedAmount: 4_000 },
      amount: 6_000,
      reference: 'refund-2-of-payment',
    });
    expect(rest).toMatchObject({ status: 'refunded', refundedAmount: 10_000 });
    expect(rest.providerReference).not.toBe(first.providerReference);
    const sent = emulator.requests.filter((r) => r.path.endsWith('/refunds'));
    expect(sent.map((r) => [r.idempotencyKey, (r.body as { reference: string }).reference])).toEqual([
      ['refund-1-of-payment', 'refund-1-of-payment'],
      ['refund-2-of-payment', 'refund-2-of-payment'],
    ]);
    // Replayed refund: the same answer, no second refund at Adyen.
    const replay = await adyen.refund({ payment, amount: 4_000, reference: 'refund-1-of-payment' });
    expect(replay.providerReference).toBe(first.providerReference);
    expect(emulator.payments.get(payment.providerReference)!.refundedValue).toBe(10_000);
  });

  it('sends 20 parallel partial refunds exactly once each', async () => {
    const payment = await capturedPayment(20_000);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => adyen.refund({ payment, amount: 1_000, reference: `parallel-refund-${i}` })),
    );
    expect(new Set(results.map((r) => r.providerReference)).size).toBe(20);
    expect(emulator.payments.get(payment.providerReference)!.refundedValue).toBe(20_000);
  });
});

describe('3-D Secure', () => {
  async function throughChallenge(password: string) {
    const ref = reference();
    const pending = await adyen.authorize({
      method: 'card',
      reference: ref,
      amount: 4_200,
      currency: 'EUR',
      intent: 'capture',
      card: card(ADYEN_TEST_CARDS.visa3ds),
    });
    expect(pending.status).toBe('buyer_approval_pending');
    expect(pending.approvalUrl).toMatch(new RegExp(`^${emulator.baseUrl}/threeDS/redirect\\?MD=`));
    // The buyer's browser: the challenge page, then its form, then the redirect back to Kassa.
    const page = await fetch(pending.approvalUrl!);
    const html = await page.text();
    const md = /name="MD" value="([^"]+)"/.exec(html)![1]!;
    const submitted = await fetch(`${emulator.baseUrl}/threeDS/complete?MD=${md}&password=${password}`, {
      redirect: 'manual',
    });
    expect(submitted.status).toBe(302);
    const back = new URL(submitted.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(`https://kassa.example/pay/return/${ref}`);
    const returnParams = Object.fromEntries(back.searchParams);
    const payment = stored({
      providerReference: pending.providerReference,
      status: 'buyer_approval_pending',
      intent: 'capture',
      amount: 4_200,
    });
    return { result: await adyen.resolveApproval({ payment, returnParams }), ref };
  }

  it('redirects the buyer, then reads the outcome with the redirectResult Adyen returns with', async () => {
    const { result, ref } = await throughChallenge('password');
    expect(result).toMatchObject({ status: 'capture_succeeded', capturedAmount: 4_200 });
    expect(emulator.payments.get(result.providerReference)).toMatchObject({ reference: ref, resultCode: 'Authorised' });
  });

  it('declines when the buyer fails the challenge', async () => {
    const { result } = await throughChallenge('wrong');
    expect(result).toMatchObject({
      status: 'authorization_failed',
      declineReason: ADYEN_BUYER_MESSAGES.authentication,
    });
  });

  it('refuses a return without redirectResult', async () => {
    await expect(
      adyen.resolveApproval({
        payment: stored({ providerReference: 'x', status: 'buyer_approval_pending' }),
        returnParams: {},
      }),
    ).rejects.toThrow('redirectResult');
  });
});

describe('network failures', () => {
  it('connection refused: provably nothing sent, so the payment may go elsewhere', async () => {
    const down = await startAdyenEmulator();
    const base = down.baseUrl;
    await down.close();
    const processor = createAdyenProcessor({
      publicUrl: 'https://k',
      credentials,
      endpoints: { adyenCheckoutBase: base },
    });
    await expect(authorize('capture', 100, card(), processor)).rejects.toBeInstanceOf(ProcessorUnavailableError);
  });

  it('an emulator stopped mid-run refuses connections, and serves again once restarted', async () => {
    await emulator.refuseConnections();
    await expect(authorize('capture', 100)).rejects.toBeInstanceOf(ProcessorUnavailableError);
    await emulator.acceptConnections();
    await expect(authorize('capture', 100)).resolves.toMatchObject({ status: 'capture_succeeded' });
  });

  it('DNS failure: unavailable', async () => {
    const processor = createAdyenProcessor({
      publicUrl: 'https://k',
      credentials,
      endpoints: { adyenCheckoutBase: 'http://adyen-emulator.invalid' },
    });
    await expect(authorize('capture', 100, card(), processor)).rejects.toBeInstanceOf(ProcessorUnavailableError);
  });

  it('a 500, a slow answer or a cut connection after sending: outcome unknown', async () => {
    for (const fault of [{ kind: 'status500' }, { kind: 'slow', delayMs: 1_500 }, { kind: 'drop' }] as const) {
      emulator.failNext(fault, { path: /\/payments$/ });
      await expect(authorize('capture', 100), fault.kind).rejects.toBeInstanceOf(ProcessorOutcomeUnknownError);
    }
  });

  it('a lost answer: the retry with the same reference gets Adyen’s first answer, not a second charge', async () => {
    const ref = reference();
    const request = {
      method: 'card',
      reference: ref,
      amount: 900,
      currency: 'EUR',
      intent: 'capture',
      card: card(),
    } as const;
    emulator.failNext({ kind: 'drop' }, { path: /\/payments$/ });
    await expect(adyen.authorize(request)).rejects.toBeInstanceOf(ProcessorOutcomeUnknownError);
    const retried = await adyen.authorize(request);
    expect(retried.status).toBe('capture_succeeded');
    expect([...emulator.payments.values()].filter((p) => p.reference === ref)).toHaveLength(1);
  });

  it('reconciliation cannot look a payment up by reference at Adyen: it says so instead of guessing', async () => {
    await expect(adyen.fetch({ reference: reference() })).rejects.toBeInstanceOf(ProcessorOutcomeUnknownError);
  });
});

describe('credentials', () => {
  const endpoints = () => ({ adyenCheckoutBase: emulator.baseUrl });

  it('verifies the API key and the merchant account with one authenticated call', async () => {
    await expect(verifyAdyenCredentials(credentials, endpoints())).resolves.toEqual({
      ok: true,
      message: 'Connected to Adyen TEST with merchant account KassaTestECOM.',
    });
    expect(emulator.requests.at(-1)).toMatchObject({
      path: '/v72/paymentMethods',
      body: { merchantAccount: 'KassaTestECOM' },
    });
    await expect(verifyAdyenCredentials({ ...credentials, api_key: 'AQE_wrong' }, endpoints())).resolves.toEqual({
      ok: false,
      message: 'Adyen refused this API key.',
    });
    await expect(
      verifyAdyenCredentials({ ...credentials, merchant_account: 'OtherECOM' }, endpoints()),
    ).resolves.toEqual({ ok: false, message: 'This API key cannot use the merchant account OtherECOM.' });
  });

  it('says what is missing or malformed before calling Adyen', async () => {
    const before = emulator.requests.length;
    expect(await verifyAdyenCredentials({ environment: 'TEST' }, endpoints())).toEqual({
      ok: false,
      message: 'Enter the API key, Merchant account and Webhook HMAC key.',
    });
    expect((await verifyAdyenCredentials({ ...credentials, environment: 'PROD' }, endpoints())).message).toBe(
      'The environment is TEST or LIVE.',
    );
    expect((await verifyAdyenCredentials({ ...credentials, hmac_key: 'abc' }, endpoints())).message).toMatch(
      /64-character/,
    );
    expect((await verifyAdyenCredentials({ ...credentials, environment: 'LIVE' }, endpoints())).message).toMatch(
      /live endpoint prefix/,
    );
    expect(emulator.requests.length).toBe(before);
  });

  it('reports an unreachable Adyen as such', async () => {
    const result = await verifyAdyenCredentials(credentials, { adyenCheckoutBase: 'http://adyen-emulator.invalid' });
    expect(result).toEqual({ ok: false, message: 'Adyen could not be reached. Try again in a moment.' });
  });

  it('goes to Adyen’s own TEST or LIVE URL (the merchant’s live prefix) when no base is configured', () => {
    const urlOf = (raw: Record<string, string>, adyenCheckoutBase?: string) =>
      (createAdyenCheckout(readAdyenCredentials(raw), { adyenCheckoutBase }).payments as unknown as { baseUrl: string })
        .baseUrl;
    expect(urlOf(credentials)).toBe('https://checkout-test.adyen.com/v72');
    expect(urlOf({ ...credentials, environment: 'LIVE', live_endpoint_prefix: '1797a841fbb37ca7-Kassa' })).toBe(
      'https://1797a841fbb37ca7-Kassa-checkout-live.adyenpayments.com/checkout/v72',
    );
    expect(urlOf(credentials, 'http://127.0.0.1:9/')).toBe('http://127.0.0.1:9/v72');
  });

  it('is test or live by its environment, through the registry', async () => {
    const definition = findProvider('payment_service', 'adyen')!;
    expect(definition.modeOf(credentials)).toBe('test');
    expect(definition.modeOf({ ...credentials, environment: 'LIVE' })).toBe('live');
    expect(adyenModeOf({ ...credentials, environment: 'live' })).toBe('live');
    await expect(definition.verifyCredentials(credentials, endpoints())).resolves.toMatchObject({
      ok: true,
    });
  });
});
