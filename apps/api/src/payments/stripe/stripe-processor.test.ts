// The Stripe connector through the real SDK against the loopback Stripe emulator.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  EMULATOR_LIVE_KEY,
  EMULATOR_TEST_KEY,
  type StripeEmulator,
  startStripeEmulator,
} from '../../../test/emulators/stripe/emulator.ts';
import { STRIPE_DECLINES } from '../../../test/payments/stripe-declines.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  type PaymentIntent,
  type PaymentResult,
  ProcessorOutcomeUnknownError,
  ProcessorUnavailableError,
  type StoredPayment,
} from '../provider.ts';
import { findProvider } from '../registry.ts';
import { createStripeProcessor } from './stripe-processor.ts';

let emulator: StripeEmulator;
beforeAll(async () => {
  emulator = await startStripeEmulator();
});
afterAll(() => emulator.close());
afterEach(() => emulator.setFault(null));

const publicUrl = 'http://kassa.test';
const processor = (secretKey = EMULATOR_TEST_KEY, timeoutMs?: number) =>
  createStripeProcessor({ publicUrl, secretKey, apiBase: emulator.url, timeoutMs });
const card = (number: string) => ({ number, expMonth: 12, expYear: 2030, cvv: '123' });

const authorize = (
  number: string,
  intent: PaymentIntent = 'authorize',
  amount = 2_500,
  p = processor(),
  reference = randomUUID(),
) => p.authorize({ method: 'card', card: card(number), reference, amount, currency: 'USD', intent });

const stored = (result: PaymentResult, overrides: Partial<StoredPayment> = {}): StoredPayment => ({
  providerReference: result.providerReference,
  method: 'card',
  intent: 'authorize',
  status: result.status,
  amount: result.authorizedAmount,
  currency: 'USD',
  capturedAmount: result.capturedAmount,
  refundedAmount: 0,
  ...overrides,
});

describe('authorizing and capturing', () => {
  it('authorizes with capture_method manual, keyed by Kassa reference, and captures in full', async () => {
    const reference = randomUUID();
    const result = await authorize('4242 4242 4242 4242', 'authorize', 2_500, processor(), reference);
    expect(result).toMatchObject({ status: 'authorization_succeeded', authorizedAmount: 2_500, capturedAmount: 0 });
    const sent = emulator.requests.find((r) => r.idempotencyKey === reference)!;
    expect(sent.params).toMatchObject({
      capture_method: 'manual',
      confirm: 'true',
      metadata: { kassa_reference: reference },
      return_url: `http://kassa.test/pay/return/${reference}`,
      payment_method_data: { type: 'card', card: { number: '****4242' } },
    });
    expect(emulator.paymentIntent(result.providerReference)).toMatchObject({ status: 'requires_capture' });
    const captured = await processor().capture({ payment: stored(result), amount: 2_500, reference: 'capture-1' });
    expect(captured).toEqual({ status: 'capture_succeeded', capturedAmount: 2_500 });
    expect(emulator.paymentIntent(result.providerReference)).toMatchObject({
      status: 'succeeded',
      amount_received: 2_500,
    });
  });

  it('captures part of an authorization and refuses to capture more than authorized', async () => {
    const result = await authorize('4242424242424242');
    await expect(
      processor().capture({ payment: stored(result), amount: 2_501, reference: 'capture-2' }),
    ).rejects.toThrow('The capture exceeds the authorized amount.');
    // Even a connector that skipped its own check is stopped by Stripe.
    await expect(
      processor().capture({ payment: stored(result, { amount: 9_999 }), amount: 2_600, reference: 'capture-3' }),
    ).rejects.toMatchObject({ code: 'business_rule', message: expect.stringMatching(/amount_capturable/) });
    expect(await processor().capture({ payment: stored(result), amount: 1_000, reference: 'capture-4' })).toEqual({
      status: 'capture_succeeded',
      capturedAmount: 1_000,
    });
    expect(emulator.paymentIntent(result.providerReference)).toMatchObject({
      amount_received: 1_000,
      amount_capturable: 0,
    });
    await expect(
      processor().capture({ payment: stored(result), amount: 500, reference: 'capture-5' }),
    ).rejects.toBeInstanceOf(AppError);
  });

  it('captures at once with capture_method automatic for a capture intent', async () => {
    const result = await authorize('4242424242424242', 'capture');
    expect(result).toMatchObject({ status: 'capture_succeeded', capturedAmount: 2_500 });
    expect(emulator.requests.at(-1)!.params.capture_method).toBe('automatic');
  });

  it('voids an authorization; a captured payment cannot be voided', async () => {
    const result = await authorize('4242424242424242');
    expect(await processor().void({ payment: stored(result), reference: 'void-1' })).toEqual({ status: 'voided' });
    expect(emulator.paymentIntent(result.providerReference)).toMatchObject({ status: 'canceled' });
    const captured = await authorize('4242424242424242', 'capture');
    await expect(processor().void({ payment: stored(captured), reference: 'void-2' })).rejects.toMatchObject({
      code: 'business_rule',
      message: expect.stringMatching(/status of succeeded/),
    });
  });

  it('sends the same authorization once whatever the retries: the reference is the idempotency key', async () => {
    const reference = randomUUID();
    const request = {
      method: 'card' as const,
      card: card('4242424242424242'),
      reference,
      amount: 2_500,
      currency: 'USD',
      intent: 'capture' as const,
    };
    const [a, b] = await Promise.all([processor().authorize(request), processor().authorize(request)]);
    expect(a.providerReference).toBe(b.providerReference);
    expect(
      emulator.paymentIntents().filter((pi) => (pi.metadata as Record<string, string>).kassa_reference === reference),
    ).toHaveLength(1);
  });
});

describe('declines', () => {
  // A lost card has no message of its own: the buyer gets the general one.
  it.each([...STRIPE_DECLINES, ['4000000000009987', 'Card declined.'] as const])(
    'maps card %s to "%s" with the PaymentIntent as reference',
    async (number, message) => {
      const result = await authorize(number);
      expect(result).toMatchObject({ status: 'authorization_failed', declineReason: message });
      expect(result.providerReference).toMatch(/^pi_/);
      expect(emulator.paymentIntent(result.providerReference)).toMatchObject({ status: 'requires_payment_method' });
    },
  );

  it('refuses a known test card in live mode, as Stripe does', async () => {
    const result = await authorize('4242424242424242', 'capture', 2_500, processor(EMULATOR_LIVE_KEY));
    expect(result).toMatchObject({
      status: 'authorization_failed',
      declineReason: 'Card declined: a test card cannot pay in live mode.',
    });
  });

  it('tells the merchant when the account cannot send raw card data', async () => {
    const strict = await startStripeEmulator({ rawCardData: false });
    try {
      const p = createStripeProcessor({ publicUrl, secretKey: EMULATOR_TEST_KEY, apiBase: strict.url });
      await expect(authorize('4242424242424242', 'capture', 2_500, p)).rejects.toMatchObject({
        code: 'business_rule',
        message: expect.stringMatching(/raw card data/),
      });
    } finally {
      await strict.close();
    }
  });
});

describe('refunds', () => {
  it('refunds in part then in full, keyed by Kassa refund id, never more than captured', async () => {
    const payment = stored(await authorize('4242424242424242', 'capture'), { intent: 'capture' });
    const first = randomUUID();
    const partial = await processor().refund({ payment, amount: 1_000, reference: first });
    expect(partial).toMatchObject({
      status: 'partially_refunded',
      refundedAmount: 1_000,
      providerReference: expect.stringMatching(/^re_/),
    });
    // The same refund id again is the same refund (Idempotency-Key replay), not a second one.
    const again = await processor().refund({ payment, amount: 1_000, reference: first });
    expect(again.providerReference).toBe(partial.providerReference);
    await expect(
      processor().refund({ payment: { ...payment, refundedAmount: 0 }, amount: 2_000, reference: randomUUID() }),
    ).rejects.toMatchObject({
      code: 'business_rule',
      message: expect.stringMatching(/greater than unrefunded amount/),
    });
    const rest = await processor().refund({
      payment: { ...payment, refundedAmount: 1_000 },
      amount: 1_500,
      reference: randomUUID(),
    });
    expect(rest).toMatchObject({ status: 'refunded', refundedAmount: 2_500 });
    expect(emulator.refunds(payment.providerReference)).toHaveLength(2);
  });

  it('20 parallel refunds of one payment never refund more than captured', async () => {
    for (let round = 0; round < 3; round++) {
      const payment = stored(await authorize('4242424242424242', 'capture'), { intent: 'capture' });
      const outcomes = await Promise.allSettled(
        Array.from({ length: 20 }, () => processor().refund({ payment, amount: 300, reference: randomUUID() })),
      );
      const refunded = emulator.refunds(payment.providerReference).reduce((s, r) => s + (r.amount as number), 0);
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(8);
      expect(refunded).toBe(2_400);
    }
  });
});

describe('3-D Secure', () => {
  it('asks for approval at the redirect URL and reads the outcome back on return', async () => {
    const result = await authorize('4000002500003155', 'capture');
    expect(result.status).toBe('buyer_approval_pending');
    expect(result.approvalUrl).toMatch(new RegExp(`^${emulator.url}/3ds/`));
    const page = await fetch(result.approvalUrl!);
    const action = (await page.text()).match(/action="([^"]+\/complete)"/)![1]!;
    const done = await fetch(`${emulator.url}${action}`, { method: 'POST', redirect: 'manual' });
    const back = new URL(done.headers.get('location')!);
    expect(back.pathname).toMatch(/^\/pay\/return\//);
    const returnParams = Object.fromEntries(back.searchParams);
    expect(returnParams).toMatchObject({ payment_intent: result.providerReference, redirect_status: 'succeeded' });
    const payment = stored(result, { amount: 2_500, intent: 'capture' });
    expect(await processor().resolveApproval({ payment, returnParams })).toMatchObject({
      status: 'capture_succeeded',
      capturedAmount: 2_500,
    });
    await expect(
      processor().resolveApproval({ payment, returnParams: { payment_intent: 'pi_someoneelse' } }),
    ).rejects.toMatchObject({ code: 'invalid_input' });
  });

  it('a failed authentication declines the payment', async () => {
    const result = await authorize('4000000000003220');
    const page = await (await fetch(result.approvalUrl!)).text();
    const action = page.match(/action="([^"]+\/fail)"/)![1]!;
    await fetch(`${emulator.url}${action}`, { method: 'POST', redirect: 'manual' });
    expect(await processor().resolveApproval({ payment: stored(result, { amount: 2_500 }) })).toMatchObject({
      status: 'authorization_failed',
      declineReason: 'The card could not be authenticated (3-D Secure).',
    });
  });
});

describe('reconciliation', () => {
  it('finds a payment by Kassa reference; an unknown reference is not found', async () => {
    const reference = randomUUID();
    await processor().authorize({
      method: 'card',
      card: card('4242424242424242'),
      reference,
      amount: 2_500,
      currency: 'USD',
      intent: 'capture',
    });
    expect(await processor().fetch({ reference })).toMatchObject({
      found: true,
      status: 'capture_succeeded',
      capturedAmount: 2_500,
    });
    expect(await processor().fetch({ reference: randomUUID() })).toEqual({ found: false });
    // Test and live are separate accounts: a live key does not see test payments.
    expect(await processor(EMULATOR_LIVE_KEY).fetch({ reference })).toEqual({ found: false });
  });
});

describe('transport failures', () => {
  it('connection refused: nothing was sent, so failover is safe (ProcessorUnavailableError)', async () => {
    const down = await startStripeEmulator();
    const p = createStripeProcessor({ publicUrl, secretKey: EMULATOR_TEST_KEY, apiBase: down.url });
    await down.stopListening();
    await expect(authorize('4242424242424242', 'capture', 2_500, p)).rejects.toBeInstanceOf(ProcessorUnavailableError);
    await down.resumeListening();
    expect((await authorize('4242424242424242', 'capture', 2_500, p)).status).toBe('capture_succeeded');
    await down.close();
  });

  it('an answer slower than the timeout leaves the outcome unknown, though Stripe took the payment', async () => {
    emulator.setFault({ fault: { mode: 'slow', delayMs: 1_500 }, match: 'POST /v1/payment_intents', times: 1 });
    const reference = randomUUID();
    await expect(
      authorize('4242424242424242', 'capture', 2_500, processor(EMULATOR_TEST_KEY, 300), reference),
    ).rejects.toBeInstanceOf(ProcessorOutcomeUnknownError);
    expect(await processor().fetch({ reference })).toMatchObject({ found: true, status: 'capture_succeeded' });
  });

  it('a 500 or a cut connection leaves the outcome unknown (ProcessorOutcomeUnknownError)', async () => {
    emulator.setFault({ fault: { mode: 'error500' }, times: 1 });
    await expect(authorize('4242424242424242')).rejects.toBeInstanceOf(ProcessorOutcomeUnknownError);
    emulator.setFault({ fault: { mode: 'drop' }, match: 'POST /v1/payment_intents' });
    const reference = randomUUID();
    await expect(authorize('4242424242424242', 'capture', 2_500, processor(), reference)).rejects.toBeInstanceOf(
      ProcessorOutcomeUnknownError,
    );
    emulator.setFault(null);
    // The SDK resent the cut request once with the same key: still one payment.
    expect(
      emulator.paymentIntents().filter((pi) => (pi.metadata as Record<string, string>).kassa_reference === reference),
    ).toHaveLength(1);
  });
});

describe('credentials', () => {
  const stripe = findProvider('payment_service', 'stripe')!;
  const endpoints = () => ({ stripeApiBase: emulator.url });

  it('accepts a working key and tells test from live by its prefix', async () => {
    expect(await stripe.verifyCredentials({ secret_key: EMULATOR_TEST_KEY }, endpoints())).toEqual({
      ok: true,
      message: 'Connected to Stripe in test mode.',
    });
    expect((await stripe.verifyCredentials({ secret_key: EMULATOR_LIVE_KEY }, endpoints())).message).toBe(
      'Connected to Stripe in live mode.',
    );
    expect(stripe.modeOf({ secret_key: EMULATOR_TEST_KEY })).toBe('test');
    expect(stripe.modeOf({ secret_key: EMULATOR_LIVE_KEY })).toBe('live');
  });

  it('refuses a wrong key, a publishable key, a malformed webhook secret, and an unreachable Stripe', async () => {
    expect(await stripe.verifyCredentials({ secret_key: 'sk_test_wrongwrongwrong123' }, endpoints())).toEqual({
      ok: false,
      message: 'Stripe did not accept this secret key.',
    });
    expect((await stripe.verifyCredentials({ secret_key: 'pk_test_abcdefghijkl' }, endpoints())).message).toMatch(
      /publishable key/,
    );
    expect(
      (await stripe.verifyCredentials({ secret_key: EMULATOR_TEST_KEY, webhook_secret: 'nope' }, endpoints())).ok,
    ).toBe(false);
    const down = await startStripeEmulator();
    await down.stopListening();
    expect(await stripe.verifyCredentials({ secret_key: EMULATOR_TEST_KEY }, { stripeApiBase: down.url })).toEqual({
      ok: false,
      message: 'Stripe could not be reached. Try again in a minute.',
    });
  });
});
