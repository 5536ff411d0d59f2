// Adyen behind Kassa's PaymentProvider, through @adyen/api-library's Checkout API. Kassa is the
// PCI-scoped party: the card typed into the hosted fields is sent as raw card data in /payments
// (the Adyen account needs the "API PCI Payments" role). Like every adapter it keeps no state:
// follow-up calls get the stored payment back. Modifications (capture, cancel, refund) are accepted
// by Adyen with status "received" and decided asynchronously: their final outcome — and refusals
// after acceptance such as REFUND_FAILED — arrives by webhook (modules/processor-webhooks/adyen-webhook.*).
import type { Types } from '@adyen/api-library';
import { AppError, businessRule, conflict, invalid } from '../../lib/app-error.ts';
import { cardErrors } from '../card.ts';
import {
  type ApprovalRequest,
  type CaptureRequest,
  type CaptureResult,
  type FetchResult,
  type PaymentIntent,
  type PaymentProvider,
  type PaymentRequest,
  type PaymentResult,
  ProcessorOutcomeUnknownError,
  ProcessorUnavailableError,
  type RefundRequest,
  type RefundResult,
  type StoredPayment,
  type VerificationResult,
  type VoidRequest,
  type VoidResult,
} from '../provider.ts';
import type { ProcessorEndpoints } from '../registry.ts';
import {
  ADYEN_PROVIDER_ID,
  type AdyenCredentials,
  adyenCredentialsProblem,
  callAdyen,
  createAdyenCheckout,
  readAdyenCredentials,
} from './adyen-client.ts';
import { adyenSdk } from './adyen-sdk.ts';
import type { AdyenTransportOptions } from './adyen-transport.ts';
import { createAdyenVault, recurringPart } from './adyen-vault.ts';
import { adyenDecline } from './refusal-messages.ts';

type PaymentResponse = Types.checkout.PaymentResponse | Types.checkout.PaymentDetailsResponse;

export interface AdyenProcessorOptions {
  /** PUBLIC_URL: the buyer comes back to Kassa there after 3-D Secure. */
  publicUrl: string;
  credentials: Readonly<Record<string, string>>;
  endpoints: ProcessorEndpoints;
  now?: () => Date;
  transport?: AdyenTransportOptions;
}

/** Where Adyen sends the buyer back after 3-D Secure; the return route resolves the approval. */
export const adyenReturnUrl = (publicUrl: string, reference: string) =>
  `${publicUrl.replace(/\/+$/, '')}/pay/return/${encodeURIComponent(reference)}`;

/** Card brands support authorise-then-capture, so preferAuthorize authorises. */
const isManualCapture = (intent: PaymentIntent) => intent !== 'capture';

export const UNDECIDED_BY_ADYEN = 'Adyen has not decided this payment yet; its AUTHORISATION webhook will settle it.';

export function createAdyenProcessor(options: AdyenProcessorOptions): PaymentProvider {
  const now = options.now ?? (() => new Date());
  let connection: { credentials: AdyenCredentials; checkout: ReturnType<typeof createAdyenCheckout> } | undefined;
  // Built on first use: an incomplete connection fails the payment, not the app.
  const open = () => {
    if (!connection) {
      const problem = adyenCredentialsProblem(options.credentials);
      if (problem) {
        throw businessRule('This merchant cannot take card payments right now: its Adyen connection is incomplete.');
      }
      const credentials = readAdyenCredentials(options.credentials);
      connection = { credentials, checkout: createAdyenCheckout(credentials, options.endpoints, options.transport) };
    }
    return connection;
  };

  const vault = createAdyenVault(open);

  async function authorize(request: PaymentRequest): Promise<PaymentResult> {
    if (request.method === 'wallet') throw businessRule('Adyen takes card payments only in Kassa.');
    if (!Number.isSafeInteger(request.amount) || request.amount <= 0) {
      throw invalid('amount', 'The amount must be a positive whole number of minor units.');
    }
    if (request.method === 'card') {
      const errors = cardErrors(request.card, now());
      if (errors.length > 0) throw new AppError('invalid_input', errors[0]!.message, errors);
    }
    const { credentials, checkout } = open();
    const manual = isManualCapture(request.intent);
    const body: Types.checkout.PaymentRequest = {
      amount: { currency: request.currency, value: request.amount },
      merchantAccount: credentials.merchantAccount,
      reference: request.reference,
      returnUrl: adyenReturnUrl(options.publicUrl, request.reference),
      ...recurringPart(request),
      channel: 'Web' as Types.checkout.PaymentRequest.ChannelEnum,
      ...(manual ? { additionalData: { manualCapture: 'true' } } : {}),
    };
    // Kassa's transaction id is the idempotency key: a retry after a lost answer never charges twice.
    const response = await callAdyen(() => checkout.payments.payments(body, { idempotencyKey: request.reference }));
    return withSavedCard(
      response,
      toPaymentResult(response, { reference: request.reference, amount: request.amount, intent: request.intent }),
    );
  }

  /** The card the payment stored (storePaymentMethod), with the result. */
  async function withSavedCard(response: PaymentResponse, result: PaymentResult): Promise<PaymentResult> {
    const savedCard = await vault.savedCardIn(response);
    return savedCard ? { ...result, savedCard } : result;
  }

  async function capture({ payment, amount, reference }: CaptureRequest): Promise<CaptureResult> {
    assertStatus(payment, ['authorization_succeeded'], 'captured');
    assertAmount(amount);
    if (amount > payment.amount) throw businessRule('The capture exceeds the authorized amount.');
    const { credentials, checkout } = open();
    await callAdyen(() =>
      checkout.modifications.captureAuthorisedPayment(
        payment.providerReference,
        {
          merchantAccount: credentials.merchantAccount,
          amount: { currency: payment.currency, value: amount },
          reference,
        },
        // Kassa's capture id: a capture sent again after a lost answer is the same capture.
        { idempotencyKey: reference },
      ),
    );
    return { status: 'capture_succeeded', capturedAmount: amount };
  }

  async function voidPayment({ payment, reference }: VoidRequest): Promise<VoidResult> {
    assertStatus(payment, ['authorization_succeeded'], 'voided');
    const { credentials, checkout } = open();
    await callAdyen(() =>
      checkout.modifications.cancelAuthorisedPaymentByPspReference(
        payment.providerReference,
        { merchantAccount: credentials.merchantAccount, reference },
        { idempotencyKey: reference },
      ),
    );
    return { status: 'voided' };
  }

  async function refund({ payment, amount, reference }: RefundRequest): Promise<RefundResult> {
    assertStatus(payment, ['capture_succeeded', 'partially_refunded'], 'refunded');
    assertAmount(amount);
    // Input validation only: the database enforces the refundable amount atomically.
    if (amount > payment.capturedAmount - payment.refundedAmount) {
      throw businessRule('The refund exceeds the amount available to refund.');
    }
    const { credentials, checkout } = open();
    const response = await callAdyen(() =>
      checkout.modifications.refundCapturedPayment(
        payment.providerReference,
        {
          merchantAccount: credentials.merchantAccount,
          amount: { currency: payment.currency, value: amount },
          reference,
        },
        { idempotencyKey: reference },
      ),
    );
    const refundedAmount = payment.refundedAmount + amount;
    return {
      status: refundedAmount === payment.capturedAmount ? 'refunded' : 'partially_refunded',
      refundedAmount,
      providerReference: response.pspReference,
    };
  }

  async function resolveApproval({ payment, returnParams }: ApprovalRequest): Promise<PaymentResult> {
    assertStatus(payment, ['buyer_approval_pending'], 'approved or declined');
    const redirectResult = returnParams?.redirectResult;
    if (!redirectResult) {
      throw invalid('redirectResult', 'The return from the card issuer carries no redirectResult.');
    }
    const { checkout } = open();
    const response = await callAdyen(() => checkout.payments.paymentsDetails({ details: { redirectResult } }));
    return withSavedCard(
      response,
      toPaymentResult(response, {
        reference: payment.providerReference,
        amount: payment.amount,
        intent: payment.intent,
      }),
    );
  }

  async function verifyCredentials(credentials: Readonly<Record<string, string>>): Promise<VerificationResult> {
    return verifyAdyenCredentials(credentials, options.endpoints, options.transport);
  }

  return {
    id: ADYEN_PROVIDER_ID,
    authorize,
    capture,
    void: voidPayment,
    refund,
    resolveApproval,
    // The Checkout API has no lookup of a payment by the merchant's reference. What Adyen decided
    // reaches Kassa by the AUTHORISATION webhook (retried by Adyen until answered), which settles a
    // payment left `processing`; until then reconciliation cannot know, and must not guess.
    fetch: async (): Promise<FetchResult> => {
      throw new ProcessorOutcomeUnknownError(UNDECIDED_BY_ADYEN);
    },
    saveCard: (request) =>
      vault.saveCard({ ...request, returnUrl: adyenReturnUrl(options.publicUrl, request.reference) }),
    removeSavedCard: vault.removeSavedCard,
    findSavedCard: ({ customer, token }) => vault.storedCard(customer.customerId, token),
    listSavedCards: ({ customer }) => vault.storedCards(customer.customerId),
    verifyCredentials,
  };
}

/** Checks the API key and the merchant account together with a cheap authenticated call (/paymentMethods). */
export async function verifyAdyenCredentials(
  raw: Readonly<Record<string, string>>,
  endpoints: ProcessorEndpoints,
  transport: AdyenTransportOptions = {},
): Promise<VerificationResult> {
  const problem = adyenCredentialsProblem(raw);
  if (problem) return { ok: false, message: problem };
  const credentials = readAdyenCredentials(raw);
  const checkout = createAdyenCheckout(credentials, endpoints, transport);
  try {
    await checkout.payments.paymentMethods({ merchantAccount: credentials.merchantAccount });
    return {
      ok: true,
      message: `Connected to Adyen ${credentials.environment} with merchant account ${credentials.merchantAccount}.`,
    };
  } catch (error) {
    if (error instanceof adyenSdk().HttpClientException) {
      if (error.statusCode === 401) return { ok: false, message: 'Adyen refused this API key.' };
      if (error.statusCode === 403) {
        return {
          ok: false,
          message: `This API key cannot use the merchant account ${credentials.merchantAccount}.`,
        };
      }
      return { ok: false, message: `Adyen refused the check: ${error.apiError?.message ?? error.message}` };
    }
    if (error instanceof ProcessorUnavailableError || error instanceof ProcessorOutcomeUnknownError) {
      return { ok: false, message: 'Adyen could not be reached. Try again in a moment.' };
    }
    throw error;
  }
}

interface PaymentContext {
  reference: string;
  amount: number;
  intent: PaymentIntent;
}

function toPaymentResult(response: PaymentResponse, context: PaymentContext): PaymentResult {
  const providerReference = response.pspReference ?? context.reference;
  const declined = (reason?: string): PaymentResult =>
    adyenDecline(providerReference, reason, response.additionalData?.refusalReasonRaw);
  switch (response.resultCode) {
    case 'Authorised': {
      const amount = response.amount?.value ?? context.amount;
      return isManualCapture(context.intent)
        ? { status: 'authorization_succeeded', providerReference, authorizedAmount: amount, capturedAmount: 0 }
        : { status: 'capture_succeeded', providerReference, authorizedAmount: amount, capturedAmount: amount };
    }
    case 'Refused':
    case 'Error':
    case 'Cancelled':
      return declined(response.refusalReason);
    case 'RedirectShopper': {
      const action = (response as Types.checkout.PaymentResponse).action as
        | { type?: string; url?: string; method?: string }
        | undefined;
      if (action?.type === 'redirect' && action.url && (action.method ?? 'GET').toUpperCase() === 'GET') {
        return {
          status: 'buyer_approval_pending',
          providerReference,
          authorizedAmount: 0,
          capturedAmount: 0,
          approvalUrl: action.url,
        };
      }
      throw new ProcessorOutcomeUnknownError(`Adyen asked for a ${action?.method ?? ''} redirect Kassa cannot open.`);
    }
    default:
      // Received, Pending, PartiallyAuthorised…: Adyen has not given a final answer; its webhook will.
      throw new ProcessorOutcomeUnknownError(`${UNDECIDED_BY_ADYEN} (resultCode ${response.resultCode})`);
  }
}

function assertAmount(amount: number) {
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw invalid('amount', 'The amount must be a positive whole number of minor units.');
  }
}

function assertStatus(payment: StoredPayment, allowed: readonly string[], action: string) {
  if (!allowed.includes(payment.status)) {
    throw conflict(`A payment in status ${payment.status} cannot be ${action}.`);
  }
}
