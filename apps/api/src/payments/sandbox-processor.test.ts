import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/app-error.ts';
import type { CardPaymentRequest, PaymentIntent, StoredPayment } from './provider.ts';
import { createSandboxProcessor, DECLINE_REASONS, isFraudTestCard, SANDBOX_CARDS } from './sandbox-processor.ts';

let counter = 0;
const processor = createSandboxProcessor({
  publicUrl: 'https://pay.example.test/',
  newReference: (prefix) => `sbx_${prefix}_${++counter}`,
  now: () => new Date('2026-11-21T10:00:00Z'),
});

const cardRequest = (number: string, intent: PaymentIntent = 'capture', amount = 1000): CardPaymentRequest => ({
  method: 'card',
  reference: 'tx-1',
  amount,
  currency: 'USD',
  intent,
  card: { number, expMonth: 12, expYear: 2030, cvv: '123' },
});

const stored = (over: Partial<StoredPayment>): StoredPayment => ({
  providerReference: 'sbx_pay_x',
  method: 'card',
  intent: 'capture',
  status: 'capture_succeeded',
  amount: 1000,
  currency: 'USD',
  capturedAmount: 1000,
  refundedAmount: 0,
  ...over,
});

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('sandbox authorize: test cards', () => {
  it('4242… captures with intent capture and authorizes with authorize or preferAuthorize', async () => {
    const captured = await processor.authorize(cardRequest(SANDBOX_CARDS.success, 'capture'));
    expect(captured).toMatchObject({ status: 'capture_succeeded', authorizedAmount: 1000, capturedAmount: 1000 });
    expect(captured.providerReference).toMatch(/^sbx_pay_/);
    for (const intent of ['authorize', 'preferAuthorize'] as const) {
      expect(await processor.authorize(cardRequest('4242 4242 4242 4242', intent))).toMatchObject({
        status: 'authorization_succeeded',
        authorizedAmount: 1000,
        capturedAmount: 0,
      });
    }
  });

  it('…0002 is declined and …9995 has insufficient funds, whatever the intent', async () => {
    for (const intent of ['capture', 'authorize', 'preferAuthorize'] as const) {
      expect(await processor.authorize(cardRequest(SANDBOX_CARDS.declined, intent))).toMatchObject({
        status: 'authorization_failed',
        declineReason: DECLINE_REASONS.declined,
        capturedAmount: 0,
      });
      expect(await processor.authorize(cardRequest(SANDBOX_CARDS.insufficientFunds, intent))).toMatchObject({
        status: 'authorization_failed',
        declineReason: 'Insufficient funds.',
      });
    }
  });

  it('…3220 waits for the buyer with an approval URL on the public URL', async () => {
    const result = await processor.authorize(cardRequest(SANDBOX_CARDS.approvalRequired));
    expect(result.status).toBe('buyer_approval_pending');
    expect(result.approvalUrl).toBe(`https://pay.example.test/pay/approve/${result.providerReference}`);
    expect(result.capturedAmount).toBe(0);
  });

  it('the fraud test card is flagged for the anti-fraud service but accepted by the processor', async () => {
    expect(isFraudTestCard('4100 0000 0000 0019')).toBe(true);
    expect(isFraudTestCard(SANDBOX_CARDS.success)).toBe(false);
    expect((await processor.authorize(cardRequest(SANDBOX_CARDS.fraud))).status).toBe('capture_succeeded');
  });

  it('any other Luhn-valid card captures; a Luhn-invalid one is refused before submission', async () => {
    expect((await processor.authorize(cardRequest('4111111111111111'))).status).toBe('capture_succeeded');
    expect((await processor.authorize(cardRequest('5555555555554444', 'authorize'))).status).toBe(
      'authorization_succeeded',
    );
    const error = await rejection(processor.authorize(cardRequest('4242424242424241')));
    expect(error.code).toBe('invalid_input');
    expect(error.errors).toEqual([{ path: 'card.number', message: 'Invalid card number.' }]);
  });

  it('refuses expired cards, wrong CVV lengths and non-positive amounts', async () => {
    const expired = {
      ...cardRequest(SANDBOX_CARDS.success),
      card: { number: SANDBOX_CARDS.success, expMonth: 10, expYear: 2026, cvv: '123' },
    };
    expect((await rejection(processor.authorize(expired))).errors?.[0]?.path).toBe('card.expiry');
    const cvv = {
      ...cardRequest(SANDBOX_CARDS.success),
      card: { number: SANDBOX_CARDS.success, expMonth: 1, expYear: 2030, cvv: '12' },
    };
    expect((await rejection(processor.authorize(cvv))).errors?.[0]?.path).toBe('card.cvv');
    for (const amount of [0, -1, 10.5]) {
      expect((await rejection(processor.authorize(cardRequest(SANDBOX_CARDS.success, 'capture', amount)))).code).toBe(
        'invalid_input',
      );
    }
  });

  it('returns a fresh reference for each payment', async () => {
    const a = await processor.authorize(cardRequest(SANDBOX_CARDS.success));
    const b = await processor.authorize(cardRequest(SANDBOX_CARDS.success));
    expect(a.providerReference).not.toBe(b.providerReference);
    const random = createSandboxProcessor({ publicUrl: 'http://localhost:8080' });
    expect((await random.authorize(cardRequest(SANDBOX_CARDS.success))).providerReference).toMatch(
      /^sbx_pay_[0-9a-f]{24}$/,
    );
  });
});

describe('sandbox wallet', () => {
  it('always waits for the buyer with an approval URL', async () => {
    for (const intent of ['capture', 'authorize'] as const) {
      const result = await processor.authorize({
        method: 'wallet',
        wallet: 'sandbox_wallet',
        reference: 'tx-2',
        amount: 500,
        currency: 'EUR',
        intent,
      });
      expect(result.status).toBe('buyer_approval_pending');
      expect(result.approvalUrl).toMatch(/^https:\/\/pay\.example\.test\/pay\/approve\/sbx_pay_/);
    }
  });
});

describe('sandbox approval', () => {
  const pending = (intent: PaymentIntent) =>
    stored({ status: 'buyer_approval_pending', intent, capturedAmount: 0, providerReference: 'sbx_pay_p' });

  it('approve captures or authorizes by intent', async () => {
    expect(await processor.resolveApproval({ payment: pending('capture'), decision: 'approve' })).toEqual({
      status: 'capture_succeeded',
      providerReference: 'sbx_pay_p',
      authorizedAmount: 1000,
      capturedAmount: 1000,
    });
    expect((await processor.resolveApproval({ payment: pending('authorize'), decision: 'approve' })).status).toBe(
      'authorization_succeeded',
    );
    expect((await processor.resolveApproval({ payment: pending('preferAuthorize'), decision: 'approve' })).status).toBe(
      'authorization_succeeded',
    );
  });

  it('decline fails the payment', async () => {
    expect(await processor.resolveApproval({ payment: pending('capture'), decision: 'decline' })).toMatchObject({
      status: 'authorization_failed',
      declineReason: 'The buyer declined the approval.',
    });
  });

  it('only a pending payment can be resolved, so a second click changes nothing', async () => {
    const error = await rejection(processor.resolveApproval({ payment: stored({}), decision: 'approve' }));
    expect(error.code).toBe('conflict');
  });
});

describe('sandbox capture and void', () => {
  const authorized = stored({ status: 'authorization_succeeded', intent: 'authorize', capturedAmount: 0 });

  it('captures all or part of an authorization', async () => {
    expect(await processor.capture({ payment: authorized, amount: 1000, reference: 'capture-1' })).toEqual({
      status: 'capture_succeeded',
      capturedAmount: 1000,
    });
    expect(await processor.capture({ payment: authorized, amount: 400, reference: 'capture-1' })).toEqual({
      status: 'capture_succeeded',
      capturedAmount: 400,
    });
  });

  it('refuses more than authorized, zero, or a payment that is not authorized', async () => {
    expect(
      (await rejection(processor.capture({ payment: authorized, amount: 1001, reference: 'capture-1' }))).code,
    ).toBe('business_rule');
    expect((await rejection(processor.capture({ payment: authorized, amount: 0, reference: 'capture-1' }))).code).toBe(
      'invalid_input',
    );
    expect(
      (await rejection(processor.capture({ payment: stored({}), amount: 100, reference: 'capture-1' }))).code,
    ).toBe('conflict');
  });

  it('voids an authorization only', async () => {
    expect(await processor.void({ payment: authorized, reference: 'void-1' })).toEqual({ status: 'voided' });
    expect((await rejection(processor.void({ payment: stored({}), reference: 'void-1' }))).code).toBe('conflict');
  });
});

describe('sandbox refund', () => {
  it('refunds partially, then the rest', async () => {
    const first = await processor.refund({ payment: stored({}), amount: 300, reference: 'rf-1' });
    expect(first).toMatchObject({ status: 'partially_refunded', refundedAmount: 300 });
    expect(first.providerReference).toMatch(/^sbx_ref_/);
    const rest = await processor.refund({
      payment: stored({ status: 'partially_refunded', refundedAmount: 300 }),
      amount: 700,
      reference: 'rf-2',
    });
    expect(rest).toMatchObject({ status: 'refunded', refundedAmount: 1000 });
  });

  it('refunds a partial capture in full', async () => {
    const result = await processor.refund({ payment: stored({ capturedAmount: 400 }), amount: 400, reference: 'rf-3' });
    expect(result.status).toBe('refunded');
  });

  it('never refunds more than captured minus refunded', async () => {
    const over = await rejection(
      processor.refund({
        payment: stored({ status: 'partially_refunded', refundedAmount: 300 }),
        amount: 701,
        reference: 'rf-4',
      }),
    );
    expect(over.code).toBe('business_rule');
    expect(over.message).toBe('The refund exceeds the amount available to refund.');
    expect((await rejection(processor.refund({ payment: stored({}), amount: 0, reference: 'rf-5' }))).code).toBe(
      'invalid_input',
    );
  });

  it('refuses payments that were not captured or are fully refunded', async () => {
    for (const status of ['authorization_succeeded', 'authorization_failed', 'refunded', 'voided'] as const) {
      expect(
        (await rejection(processor.refund({ payment: stored({ status }), amount: 1, reference: 'rf' }))).code,
      ).toBe('conflict');
    }
  });
});

describe('sandbox fetch and credentials', () => {
  it('has nothing to report for an unrecorded payment', async () => {
    expect(await processor.fetch({ reference: 'tx-lost' })).toEqual({ found: false });
  });

  it('accepts only test secret keys', async () => {
    expect(await processor.verifyCredentials({ secret_key: 'sk_test_abc' })).toEqual({
      ok: true,
      message: 'Sandbox credentials verified.',
    });
    expect((await processor.verifyCredentials({ secret_key: 'sk_live_abc' })).ok).toBe(false);
    expect((await processor.verifyCredentials({ secret_key: 'sk_test_' })).ok).toBe(false);
    expect(await processor.verifyCredentials({})).toEqual({ ok: false, message: 'Enter the secret key.' });
  });
});
