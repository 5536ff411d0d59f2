// The built-in sandbox processor (docs/ARCHITECTURE.md "Payments"): behaves like a real processor's test
// mode, driven by the test card numbers below. It keeps no payment state — every follow-up call receives
// the payment as Kassa stored it — so any number of API processes can serve one payment. Saved cards are
// the one thing it keeps, in its own vault (sandbox-vault.ts), as a processor would
// (docs/decisions/0023-saved-cards-live-at-the-processor.md).
import { createHash, randomUUID } from 'node:crypto';
import { cardLast4, detectCardBrand, normalizeCardNumber, normalizeExpiryYear } from '@kassa/contract/card-number';
import type { DeclineCode } from '@kassa/contract/declines';
import { AppError, businessRule, conflict, invalid } from '../lib/app-error.ts';
import { type CardDetails, cardErrors } from './card.ts';
import {
  type ApprovalRequest,
  type CaptureRequest,
  type CaptureResult,
  type FetchResult,
  lookOf,
  type PaymentIntent,
  type PaymentProvider,
  type PaymentRequest,
  type PaymentResult,
  type RefundRequest,
  type RefundResult,
  type SaveCardRequest,
  type SaveCardResult,
  type SavedCard,
  type SavedCardPaymentRequest,
  type StoredPayment,
  type VoidRequest,
  type VoidResult,
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
  /** Saves fine, declines every charge (as Stripe's card of the same number, so dunning can be tried). */
  declinesAfterSaving: '4000000000000341',
} as const;

export const DECLINE_REASONS = {
  declined: 'Card declined.',
  insufficientFunds: 'Insufficient funds.',
  approvalDeclined: 'The buyer declined the approval.',
  authenticationRequired:
    'The card’s bank wants the buyer to approve this payment: ask the buyer to pay at the checkout.',
} as const;

/** How a saved test card answers later charges: the behaviour of the number it was saved from. */
export type SandboxCardBehaviour =
  | 'success'
  | 'declined'
  | 'insufficient_funds'
  | 'approval_required'
  | 'declines_later';
const BEHAVIOUR_OF: Readonly<Record<string, SandboxCardBehaviour>> = {
  [SANDBOX_CARDS.success]: 'success',
  '4111111111111111': 'success',
  [SANDBOX_CARDS.fraud]: 'success',
  [SANDBOX_CARDS.declined]: 'declined',
  [SANDBOX_CARDS.insufficientFunds]: 'insufficient_funds',
  [SANDBOX_CARDS.approvalRequired]: 'approval_required',
  [SANDBOX_CARDS.declinesAfterSaving]: 'declines_later',
};
export const SANDBOX_SAVES_TEST_CARDS_ONLY =
  'The sandbox saves only its test cards (docs/ARCHITECTURE.md "Sandbox test cards"). Use one of them, or connect a processor.';

/** A card in the sandbox's vault. */
export interface SandboxVaultCard {
  token: string;
  customerRef: string;
  behaviour: SandboxCardBehaviour;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  fingerprint: string;
  /** The payment saving it, while that payment waits for the buyer's approval. */
  paymentReference: string | null;
  confirmedAt: Date | null;
  removedAt: Date | null;
}

/** Where the sandbox keeps saved cards (its own table: sandbox-vault.ts). */
export interface SandboxVault {
  put(card: SandboxVaultCard): Promise<void>;
  find(token: string): Promise<SandboxVaultCard | undefined>;
  findByPayment(paymentReference: string): Promise<SandboxVaultCard | undefined>;
  confirm(token: string, at: Date): Promise<void>;
  remove(token: string, at: Date): Promise<void>;
  /** The customer's cards the vault keeps: confirmed, not removed. */
  listOf(customerRef: string): Promise<SandboxVaultCard[]>;
}

/** Test card numbers are public: a plain hash is fingerprint enough, and stable across deployments. */
const sandboxFingerprint = (number: string) =>
  createHash('sha256')
    .update(`sandbox:${normalizeCardNumber(number)}`)
    .digest('hex')
    .slice(0, 32);

/** The card the anti-fraud service blocks; the processor itself accepts it like any other card. */
export const isFraudTestCard = (number: string) => normalizeCardNumber(number) === SANDBOX_CARDS.fraud;

export interface SandboxProcessorOptions {
  /** PUBLIC_URL: approval links must work from the buyer's browser. */
  publicUrl: string;
  /** Reference generator; random by default. */
  newReference?: (prefix: 'pay' | 'ref' | 'pm') => string;
  /** Card expiry is checked against this clock. */
  now?: () => Date;
  /** The saved cards' vault; without one the sandbox saves no card. */
  vault?: SandboxVault;
}

// 24 hex digits of a random UUID: Node draws UUIDs from a cached pool of random bytes, where
// randomBytes asks the system on every payment.
const randomReference = (prefix: 'pay' | 'ref' | 'pm') =>
  `sbx_${prefix}_${randomUUID().replaceAll('-', '').slice(0, 24)}`;

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

const declined = (
  providerReference: string,
  declineReason: string,
  declineCode: DeclineCode = 'card_declined',
): PaymentResult => ({
  status: 'authorization_failed',
  providerReference,
  authorizedAmount: 0,
  capturedAmount: 0,
  declineReason,
  declineCode,
});

const savedCardOf = (card: SandboxVaultCard): SavedCard => ({
  token: card.token,
  brand: card.brand,
  last4: card.last4,
  expMonth: card.expMonth,
  expYear: card.expYear,
  fingerprint: card.fingerprint,
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

  const vaultOf = () => {
    if (!options.vault) throw businessRule('The sandbox keeps no saved cards here.');
    return options.vault;
  };

  /** Checks the card as any charge does; the test card's behaviour for saving it. */
  function checkCard(card: CardDetails): SandboxCardBehaviour | undefined {
    // Luhn, expiry and CVV are checked before anything is "submitted" to the processor.
    const errors = cardErrors(card, now());
    if (errors.length > 0) throw new AppError('invalid_input', errors[0]!.message, errors);
    return BEHAVIOUR_OF[normalizeCardNumber(card.number)];
  }

  async function vaultCard(
    card: CardDetails,
    behaviour: SandboxCardBehaviour,
    customerRef: string,
    paymentReference: string | null,
  ): Promise<SavedCard> {
    const entry: SandboxVaultCard = {
      token: newReference('pm'),
      customerRef,
      behaviour,
      brand: detectCardBrand(card.number),
      last4: cardLast4(card.number),
      expMonth: card.expMonth,
      expYear: normalizeExpiryYear(card.expYear),
      fingerprint: sandboxFingerprint(card.number),
      paymentReference,
      confirmedAt: paymentReference ? null : now(),
      removedAt: null,
    };
    await vaultOf().put(entry);
    return savedCardOf(entry);
  }

  function answerOf(behaviour: SandboxCardBehaviour, reference: string, request: PaymentRequest): PaymentResult {
    switch (behaviour) {
      case 'declined':
      case 'declines_later':
        return declined(reference, DECLINE_REASONS.declined);
      case 'insufficient_funds':
        return declined(reference, DECLINE_REASONS.insufficientFunds, 'insufficient_funds');
      case 'approval_required':
        return pending(reference);
      default:
        return approved(reference, request.amount, request.intent);
    }
  }

  async function authorizeNow(request: PaymentRequest): Promise<PaymentResult> {
    assertAmount(request.amount);
    if (request.method === 'wallet') return pending(newReference('pay'));
    if (request.method === 'saved_card') return chargeSavedCard(request);
    const behaviour = checkCard(request.card);
    if (request.save && !behaviour) throw invalid('card.number', SANDBOX_SAVES_TEST_CARDS_ONLY);
    const reference = newReference('pay');
    const result = answerOf(behaviour ?? 'success', reference, request);
    if (!request.save || result.status === 'authorization_failed') return result;
    // Saved with the payment; one waiting for approval keeps the card only once approved.
    const pendingRef = result.status === 'buyer_approval_pending' ? reference : null;
    const saved = await vaultCard(request.card, behaviour!, request.save.customer.customerId, pendingRef);
    return pendingRef ? result : { ...result, savedCard: saved };
  }

  async function chargeSavedCard(request: SavedCardPaymentRequest): Promise<PaymentResult> {
    const card = await vaultOf().find(request.token);
    if (!card || card.removedAt || !card.confirmedAt || card.customerRef !== request.customer.customerId) {
      throw invalid('payment_method_id', 'This card is not saved for this customer.');
    }
    const reference = newReference('pay');
    if (card.behaviour === 'approval_required' && request.initiator === 'merchant') {
      // Like an issuer that insists on 3-D Secure: without the buyer there is no one to approve.
      return {
        ...declined(reference, DECLINE_REASONS.authenticationRequired, 'authentication_required'),
        authenticationRequired: true,
      };
    }
    return answerOf(card.behaviour, reference, request);
  }

  async function saveNow(request: SaveCardRequest): Promise<SaveCardResult> {
    const behaviour = checkCard(request.card);
    if (!behaviour) throw invalid('card.number', SANDBOX_SAVES_TEST_CARDS_ONLY);
    // Every test card saves, so each one's behaviour can be tried on later charges (a saved 0002 declines).
    return { status: 'saved', card: await vaultCard(request.card, behaviour, request.customer.customerId, null) };
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

  async function resolveNow({ payment, decision }: ApprovalRequest): Promise<PaymentResult> {
    assertStatus(payment, ['buyer_approval_pending'], 'approved or declined');
    const result =
      decision === 'approve'
        ? approved(payment.providerReference, payment.amount, payment.intent)
        : declined(payment.providerReference, DECLINE_REASONS.approvalDeclined, 'canceled');
    // A card saved with a payment that waited for approval is kept only if the buyer approved.
    const saving =
      payment.method === 'card' && options.vault && (await options.vault.findByPayment(payment.providerReference));
    if (!saving || saving.confirmedAt || saving.removedAt) return result;
    if (decision !== 'approve') {
      await options.vault!.remove(saving.token, now());
      return result;
    }
    await options.vault!.confirm(saving.token, now());
    return { ...result, savedCard: savedCardOf(saving) };
  }

  return {
    id: SANDBOX_PROVIDER_ID,
    authorize: authorizeNow,
    capture: async (request) => captureNow(request),
    void: async (request) => voidNow(request),
    refund: async (request) => refundNow(request),
    resolveApproval: resolveNow,
    // The sandbox keeps nothing of its own: an answer Kassa did not record moved no money, so
    // reconciliation settles such a payment as failed.
    fetch: async (): Promise<FetchResult> => ({ found: false }),
    verifyCredentials: async (credentials) => verifySandboxSecretKey(credentials.secret_key),
    ...(options.vault
      ? {
          saveCard: saveNow,
          removeSavedCard: async ({ token }) => options.vault!.remove(token, now()),
          listSavedCards: async ({ customer }) =>
            (await options.vault!.listOf(customer.customerId)).map((card) => ({
              token: card.token,
              look: lookOf(savedCardOf(card)),
            })),
        }
      : {}),
  };
}
