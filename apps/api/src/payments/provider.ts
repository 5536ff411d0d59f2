// The one interface every payment processor adapter implements (docs/ARCHITECTURE.md "Payments"). A provider
// keeps no state Kassa needs: the caller stores every answer on the transaction and hands the stored
// record back for follow-up calls, so any API process can capture, refund or resolve an approval.
import type { DeclineCode } from '@kassa/contract/declines';
import type { TransactionStatus } from '@kassa/contract/transactions';
import type { CardDetails } from './card.ts';

export type { TransactionStatus };
/** preferAuthorize: authorize when the method supports it, otherwise capture (every sandbox method authorizes). */
export type PaymentIntent = 'authorize' | 'preferAuthorize' | 'capture';
export type ProviderPaymentMethod = 'card' | 'wallet';

export interface PaymentRequestBase {
  /** Kassa's transaction id; real processors get it as their idempotency key so a retry never charges twice. */
  reference: string;
  /** Minor units, computed by the server (never the client's number). */
  amount: number;
  currency: string;
  intent: PaymentIntent;
}

/** Who a saved card belongs to at the processor. */
export interface VaultCustomer {
  /** Kassa's customer id: Adyen's shopperReference; Stripe Customer metadata kassa_customer_id. */
  customerId: string;
  /** The processor's id for this customer on this connection once one exists (Stripe cus_…); Kassa stores it from SavedCard.processorCustomerId. */
  processorCustomerId?: string;
  email?: string;
  name?: string;
}

/** A card the processor keeps: Kassa stores this, never the number or the CVC (docs/decisions on saved cards). */
export interface SavedCard {
  /** The processor's token: Stripe pm_…, Adyen storedPaymentMethodId, the sandbox's own. */
  token: string;
  processorCustomerId?: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  /** The same card gives the same fingerprint on one processor account. */
  fingerprint: string;
}

/** What a person recognises a saved card by, as the processor describes it now. */
export type SavedCardLook = Pick<SavedCard, 'brand' | 'last4' | 'expMonth' | 'expYear'>;

/** A card in a processor's list: its token, and how it looks when the list says (Adyen's may not). */
export interface ListedSavedCard {
  token: string;
  look?: SavedCardLook;
}

export const lookOf = (card: SavedCard): SavedCardLook => ({
  brand: card.brand,
  last4: card.last4,
  expMonth: card.expMonth,
  expYear: card.expYear,
});

/** Adyen recurringProcessingModel CardOnFile | UnscheduledCardOnFile | Subscription. */
export type RecurringModel = 'card_on_file' | 'unscheduled' | 'subscription';

export interface CardPaymentRequest extends PaymentRequestBase {
  method: 'card';
  /** In memory only: never stored, never logged. */
  card: CardDetails;
  /**
   * The buyer consented to keep the card: Stripe setup_future_usage=off_session with the customer;
   * Adyen storePaymentMethod=true, shopperReference, recurringProcessingModel CardOnFile, shopperInteraction Ecommerce.
   */
  save?: { customer: VaultCustomer };
}

/** A payment with a card the processor keeps for the customer. */
export interface SavedCardPaymentRequest extends PaymentRequestBase {
  method: 'saved_card';
  customer: VaultCustomer;
  token: string;
  /** merchant: Stripe off_session=true; Adyen shopperInteraction ContAuth. customer: buyer present (Ecommerce). */
  initiator: 'customer' | 'merchant';
  recurring: RecurringModel;
}

export interface WalletPaymentRequest extends PaymentRequestBase {
  method: 'wallet';
  /** The wallet or bank-redirect scheme the buyer picked, e.g. "sandbox_wallet". */
  wallet: string;
}

export type PaymentRequest = CardPaymentRequest | WalletPaymentRequest | SavedCardPaymentRequest;

export interface PaymentResult {
  status: Extract<
    TransactionStatus,
    'authorization_succeeded' | 'authorization_failed' | 'buyer_approval_pending' | 'capture_succeeded'
  >;
  providerReference: string;
  authorizedAmount: number;
  capturedAmount: number;
  /** Where the buyer approves the payment (3-D Secure style page, wallet login); set with buyer_approval_pending. */
  approvalUrl?: string;
  /** Why the processor declined; set with authorization_failed. */
  declineReason?: string;
  /** The processor stored the card as `save` asked. */
  savedCard?: SavedCard;
  /** With authorization_failed: why, as one code whatever the processor (packages/contract/src/declines.ts). */
  declineCode?: DeclineCode;
  /** With authorization_failed: the issuer wants the buyer present (declineCode authentication_required). */
  authenticationRequired?: true;
}

export interface SaveCardRequest {
  /** Kassa's id for this save: the processor's idempotency key. */
  reference: string;
  customer: VaultCustomer;
  /** In memory only: never stored, never logged. */
  card: CardDetails;
}
export type SaveCardResult = { status: 'saved'; card: SavedCard } | { status: 'declined'; declineReason: string };

export interface RemoveSavedCardRequest {
  customer: VaultCustomer;
  token: string;
}

/** What the caller stored about a payment: everything a provider needs for a follow-up call. */
export interface StoredPayment {
  providerReference: string;
  method: ProviderPaymentMethod;
  intent: PaymentIntent;
  status: TransactionStatus;
  /** The amount authorized (or asked for, while approval is pending). */
  amount: number;
  currency: string;
  capturedAmount: number;
  refundedAmount: number;
}

export interface CaptureRequest {
  payment: StoredPayment;
  /** Up to the authorized amount; a smaller capture releases the rest. */
  amount: number;
  /** Kassa's capture id, the processor's idempotency key (and Adyen's reference) for this capture. */
  reference: string;
}
export interface CaptureResult {
  status: 'capture_succeeded';
  capturedAmount: number;
}

export interface VoidRequest {
  payment: StoredPayment;
  /** Kassa's void id, the processor's idempotency key (and Adyen's reference) for this void. */
  reference: string;
}
export interface VoidResult {
  status: 'voided';
}

export interface RefundRequest {
  payment: StoredPayment;
  amount: number;
  /** Kassa's refund id, the processor's idempotency key for this refund. */
  reference: string;
}
export interface RefundResult {
  status: 'refunded' | 'partially_refunded';
  /** Total refunded on the payment after this refund. */
  refundedAmount: number;
  providerReference: string;
}

export interface ApprovalRequest {
  payment: StoredPayment;
  /** The sandbox's own approval page answers approve or decline. */
  decision?: 'approve' | 'decline';
  /**
   * A real processor's 3-D Secure page sends the buyer back to Kassa's return URL with its own
   * query parameters (e.g. Adyen's redirectResult, Stripe's payment_intent): the adapter reads the
   * outcome from the processor with them.
   */
  returnParams?: Readonly<Record<string, string>>;
}

export interface FetchRequest {
  /** Kassa's transaction id (the idempotency key the authorize call carried). */
  reference: string;
}
/** Reconciliation: what the processor knows about a payment whose answer Kassa never recorded. */
export type FetchResult = { found: false } | ({ found: true } & PaymentResult);

export interface ModificationLookupRequest {
  payment: StoredPayment;
  kind: 'capture' | 'void' | 'refund';
  /** Kassa's id of the capture, void or refund: the idempotency key it was sent with. */
  reference: string;
}
/**
 * Reconciliation of a capture, void or refund whose answer was lost: whether the processor made it.
 * `found: false` means it provably did not, so the same call may be sent again with the same key.
 */
export type ModificationLookup =
  | { found: false }
  | { found: true; succeeded: true; providerReference?: string; capturedAmount?: number }
  | { found: true; succeeded: false; failureReason: string };

export interface SessionRequest {
  reference: string;
  amount: number;
  currency: string;
  intent: PaymentIntent;
}
export interface SessionResult {
  /** Handed to the hosted fields page so it can talk to the processor directly. */
  clientToken: string;
  expiresAt: Date;
}

export interface VerificationResult {
  ok: boolean;
  message: string;
}

/**
 * Thrown by an adapter when the processor provably took nothing: the connection was refused, the
 * name did not resolve, TLS failed, or the processor answered "unavailable" before processing. Only
 * then may a payment be retried on another processor (failover).
 */
export class ProcessorUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProcessorUnavailableError';
  }
}

/**
 * Thrown by an adapter when the request may have reached the processor but no answer came back
 * (a timeout after sending, a connection cut mid-answer, a 5xx): the payment stays `processing`
 * for reconciliation and is never retried elsewhere.
 */
export class ProcessorOutcomeUnknownError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProcessorOutcomeUnknownError';
  }
}

/** Whether a payment goes to a processor's test environment or moves real money. */
export type PaymentMode = 'test' | 'live';

export interface PaymentProvider {
  /** Provider id as stored on transactions and connections ("sandbox"). */
  readonly id: string;
  /** For processors whose card fields need a server-opened session; the sandbox needs none. */
  createSession?(request: SessionRequest): Promise<SessionResult>;
  authorize(request: PaymentRequest): Promise<PaymentResult>;
  capture(request: CaptureRequest): Promise<CaptureResult>;
  void(request: VoidRequest): Promise<VoidResult>;
  refund(request: RefundRequest): Promise<RefundResult>;
  /**
   * The outcome once the buyer has been to `approvalUrl`: the sandbox applies the decision taken on
   * Kassa's own approval page; a real processor's adapter reads what its page recorded (returnParams).
   */
  resolveApproval(request: ApprovalRequest): Promise<PaymentResult>;
  fetch(request: FetchRequest): Promise<FetchResult>;
  /**
   * Looks up a capture, void or refund by Kassa's id. A processor without such a lookup leaves it
   * out: reconciliation then sends the same call again with the same idempotency key, which the
   * processor answers with the first call's result when it made it.
   */
  findModification?(request: ModificationLookupRequest): Promise<ModificationLookup>;
  verifyCredentials(credentials: Readonly<Record<string, string>>): Promise<VerificationResult>;
  /**
   * Keeps a card without charging it. Stripe: a confirmed SetupIntent with usage off_session; Adyen: a
   * zero-value /payments with storePaymentMethod; the sandbox: its own vault. A processor without a
   * vault leaves this and removeSavedCard out.
   */
  saveCard?(request: SaveCardRequest): Promise<SaveCardResult>;
  /** Stripe: detach the PaymentMethod; Adyen: DELETE /storedPaymentMethods/{id}. */
  removeSavedCard?(request: RemoveSavedCardRequest): Promise<void>;
  /**
   * A card the processor keeps for the customer, by its token (Adyen: GET /storedPaymentMethods; Stripe:
   * the PaymentMethod, while it is on the customer's Stripe Customer), for a token Kassa learnt of only
   * from a webhook; undefined when it has none.
   */
  findSavedCard?(request: RemoveSavedCardRequest): Promise<SavedCard | undefined>;
  /**
   * Every card the processor keeps for the customer on this connection, as it knows them now (a card
   * removed in its dashboard is gone, a card its account updater renewed has the new expiry). Stripe:
   * the Customer's card PaymentMethods; Adyen: GET /storedPaymentMethods; the sandbox: its vault.
   * Undefined when the processor has no list to compare with for this customer.
   */
  listSavedCards?(request: { customer: VaultCustomer }): Promise<ListedSavedCard[] | undefined>;
}
