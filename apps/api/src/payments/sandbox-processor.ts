// The built-in sandbox processor (docs/ARCHITECTURE.md "Payments"): behaves like a real processor's test
// mode, driven by the test card numbers below. It keeps no state — every follow-up call receives the
// payment as Kassa stored it — so any number of API processes can serve one payment.
import { randomBytes } from 'node:crypto';
import { normalizeCardNumber } from '@kassa/contract/card-number';
import { AppError, businessRule, conflict, invalid } from '../lib/app-error.ts';
import { cardErrors } from './card.ts';
import type {
  ApprovalRequest,
  CaptureRequest,
  CaptureResult,
  FetchResult,
  PaymentIntent,
  PaymentProvider,
  PaymentRequest,
  PaymentResult,
  RefundRequest,
  RefundResult,
  StoredPayment,
  VoidRequest,
  VoidResult,
} from './provider.ts';
import { verifySandboxSecretKey } from './sandbox-credentials.ts';

export const SANDBOX_PROVIDER_ID = 'sandbox';

/** The published test cards (docs/ARCHITECTURE.md "Payments"). */
export const SANDBOX_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  approvalRequired: '4000000000003220',
  fraud: '4100000000000019',
} as const;

export const DECLINE_REASONS = {
  declined: 'Card declined.',
  insufficientFunds: 'Insufficient funds.',
  approvalDeclined: 'The buyer declined the approval.',
} as const;

/** The card the anti-fraud service blocks; the processor itself accepts it like any other card. */
export const isFraudTestCard = (number: string) => normalizeCardNumber(number) === SANDBOX_CARDS.fraud;

export interface SandboxProcessorOptions {
  /** PUBLIC_URL: approval links must work from the buyer's browser. */
  publicUrl: string;
  /** Reference generator; random by default. */
  newReference?: (prefix: 'pay' | 'ref') => string;
  /** Card expiry is checked against this clock. */
  now?: () => Date;
}

const randomReference = (prefix: 'pay' | 'ref') => `sbx_${prefix}_${randomBytes(12).toString('hex')}`;

function assertAmount(amount: number, path = 'amount') {
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw invalid(path, 'The amount must be a positive whole number of minor units.');
  }
}

/** Approved (by card or by the buyer on the approval page): authorize or capture per intent. */
function approved(providerReference: string, amount: number, intent: PaymentIntent): PaymentResult {
  // The sandbox authorizes every method, so preferAuthorize behaves like authorize.
  return intent === 'capture'
    ? { status: 'capture_succeeded', providerReference, authorizedAmount: amount, capturedAmount: amount }
    : { status: 'authorization_succeeded', providerReference, authorizedAmount: amount, capturedAmount: 0 };
}

const declined = (providerReference: string, declineReason: string): PaymentResult => ({
  status: 'authorization_failed',
  providerReference,
  authorizedAmount: 0,
  capturedAmount: 0,
  declineReason,
});

function assertStatus(payment: StoredPayment, allowed: readonly string[], action: string) {
  if (!allowed.includes(payment.status)) {
    throw conflict(`A payment in status ${payment.status} cannot be ${action}.`);
  }
}

export function createSandboxProcessor(options: SandboxProcessorOptions): PaymentProvider {
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  const newReference = options.newReference ?? randomReference;
  const now = options.now ?? (() => new Date());
  const pending = (providerReference: string): PaymentResult => ({
    status: 'buyer_approval_pending',
    providerReference,
    authorizedAmount: 0,
    capturedAmount: 0,
    approvalUrl: `${publicUrl}/pay/approve/${encodeURIComponent(providerReference)}`,
  });

  function authorizeNow(request: PaymentRequest): PaymentResult {
    assertAmount(request.amount);
    if (request.method === 'wallet') return pending(newReference('pay'));
    if (request.method === 'saved_card') throw businessRule('This card is not saved in the sandbox.');
    // Luhn, expiry and CVV are checked before anything is "submitted" to the processor.
    const errors = cardErrors(request.card, now());
    if (errors.length > 0) throw new AppError('invalid_input', errors[0]!.message, errors);
    const reference = newReference('pay');
    switch (normalizeCardNumber(request.card.number)) {
      case SANDBOX_CARDS.declined:
        return declined(reference, DECLINE_REASONS.declined);
      case SANDBOX_CARDS.insufficientFunds:
        return declined(reference, DECLINE_REASONS.insufficientFunds);
      case SANDBOX_CARDS.approvalRequired:
        return pending(reference);
      default:
        return approved(reference, request.amount, request.intent);
    }
  }

  function captureNow({ payment, amount }: CaptureRequest): CaptureResult {
    assertStatus(payment, ['authorization_succeeded'], 'captured');
    assertAmount(amount);
    if (amount > payment.amount) throw businessRule('The capture exceeds the authorized amount.');
    return { status: 'capture_succeeded', capturedAmount: amount };
  }

  function voidNow({ payment }: VoidRequest): VoidResult {
    assertStatus(payment, ['authorization_succeeded'], 'voided');
    return { status: 'voided' };
  }

  function refundNow({ payment, amount }: RefundRequest): RefundResult {
    assertStatus(payment, ['capture_succeeded', 'partially_refunded'], 'refunded');
    assertAmount(amount);
    // Input validation only: the database service enforces this atomically under concurrency.
    const refundable = payment.capturedAmount - payment.refundedAmount;
    if (amount > refundable) throw businessRule('The refund exceeds the amount available to refund.');
    const refundedAmount = payment.refundedAmount + amount;
    return {
      status: refundedAmount === payment.capturedAmount ? 'refunded' : 'partially_refunded',
      refundedAmount,
      providerReference: newReference('ref'),
    };
  }

  function resolveNow({ payment, decision }: ApprovalRequest): PaymentResult {
    assertStatus(payment, ['buyer_approval_pending'], 'approved or declined');
    return decision === 'approve'
      ? approved(payment.providerReference, payment.amount, payment.intent)
      : declined(payment.providerReference, DECLINE_REASONS.approvalDeclined);
  }

  return {
    id: SANDBOX_PROVIDER_ID,
    authorize: async (request) => authorizeNow(request),
    capture: async (request) => captureNow(request),
    void: async (request) => voidNow(request),
    refund: async (request) => refundNow(request),
    resolveApproval: async (request) => resolveNow(request),
    // The sandbox keeps nothing of its own: an answer Kassa did not record moved no money, so
    // reconciliation settles such a payment as failed.
    fetch: async (): Promise<FetchResult> => ({ found: false }),
    verifyCredentials: async (credentials) => verifySandboxSecretKey(credentials.secret_key),
  };
}
