// What a failed Stripe call means for the money. A card decline is an answer (the payment is
// declined with a message the buyer understands). A request Stripe refused before processing it —
// an invalid request, a rejected key, a rate limit — or a connection that never opened took
// nothing. A timeout after sending, a connection cut mid-request or a 5xx leaves the outcome unknown.
import { type DeclineCode, needsBuyerAuthentication } from '@kassa/contract/declines';
import type Stripe from 'stripe';
import { AppError } from '../../lib/app-error.ts';
import { ProcessorOutcomeUnknownError, ProcessorUnavailableError } from '../provider.ts';
import { stripeSdk } from './stripe-sdk.ts';

/** Node's error codes for a connection that was never established: no byte of the request left. */
const NOT_CONNECTED = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPROTO',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** The buyer's message for a decline, by Stripe's error code and decline code. */
export const DECLINE_MESSAGES: Readonly<Record<string, string>> = {
  insufficient_funds: 'Insufficient funds.',
  expired_card: 'Card expired.',
  incorrect_cvc: 'Incorrect security code.',
  invalid_cvc: 'Incorrect security code.',
  incorrect_number: 'Incorrect card number.',
  invalid_number: 'Incorrect card number.',
  invalid_expiry_month: 'Invalid expiry date.',
  invalid_expiry_year: 'Invalid expiry date.',
  incorrect_zip: 'The postal code does not match the card.',
  processing_error: 'The card could not be processed. Please try again.',
  authentication_required: 'The card issuer requires authentication. Please try again.',
  payment_intent_authentication_failure: 'The card could not be authenticated (3-D Secure).',
  card_velocity_exceeded: 'Card declined: too many payments with this card.',
  test_mode_live_card: 'Card declined: a test card cannot pay in live mode.',
};
export const CARD_DECLINED = 'Card declined.';

export function declineMessage(error: { code?: string | null; decline_code?: string | null } | null | undefined) {
  if (!error) return CARD_DECLINED;
  return (
    (error.decline_code ? DECLINE_MESSAGES[error.decline_code] : undefined) ??
    (error.code ? DECLINE_MESSAGES[error.code] : undefined) ??
    CARD_DECLINED
  );
}

/** Stripe's decline codes (docs.stripe.com "Decline codes") that Kassa's list names alike or nearly. */
const DECLINE_CODE_OF: Record<string, DeclineCode> = {
  card_declined: 'card_declined',
  generic_decline: 'card_declined',
  do_not_honor: 'do_not_honor',
  insufficient_funds: 'insufficient_funds',
  authentication_required: 'authentication_required',
  payment_intent_authentication_failure: 'authentication_failed',
  expired_card: 'expired_card',
  incorrect_number: 'incorrect_number',
  invalid_number: 'incorrect_number',
  incorrect_cvc: 'incorrect_cvc',
  invalid_cvc: 'incorrect_cvc',
  card_velocity_exceeded: 'card_velocity_exceeded',
  withdrawal_count_limit_exceeded: 'card_velocity_exceeded',
  fraudulent: 'fraudulent',
  stolen_card: 'fraudulent',
  lost_card: 'fraudulent',
  transaction_not_allowed: 'transaction_not_allowed',
  card_not_supported: 'transaction_not_allowed',
  restricted_card: 'transaction_not_allowed',
  issuer_not_available: 'issuer_unavailable',
  processing_error: 'issuer_unavailable',
  try_again_later: 'issuer_unavailable',
};

/** Kassa's decline code for a Stripe card error: its decline_code first, else its error code. */
export function declineCodeOf(error: { code?: string | null; decline_code?: string | null } | null | undefined) {
  return (
    (error?.decline_code ? DECLINE_CODE_OF[error.decline_code] : undefined) ??
    (error?.code ? DECLINE_CODE_OF[error.code] : undefined) ??
    'card_declined'
  );
}

/** A declined PaymentIntent's result fields, the soft decline flagged as the Adyen connector flags it. */
export function declineOf(error: { code?: string | null; decline_code?: string | null } | null | undefined) {
  const declineCode = declineCodeOf(error);
  return {
    declineReason: declineMessage(error),
    declineCode,
    ...(needsBuyerAuthentication(declineCode) ? { authenticationRequired: true as const } : {}),
  };
}

function transportError(error: InstanceType<typeof Stripe.errors.StripeConnectionError>): Error {
  const code = (error.detail as { code?: string } | undefined)?.code;
  // The SDK resends a request once after a closed connection: if it did, the first one may have
  // been processed even when the second could not connect.
  const resent = /retried/.test(error.message);
  if (code && NOT_CONNECTED.has(code) && !resent) {
    return new ProcessorUnavailableError(`Stripe could not be reached (${code}).`, { cause: error });
  }
  return new ProcessorOutcomeUnknownError(`No answer from Stripe (${code ?? 'connection error'}).`, { cause: error });
}

/**
 * A Stripe failure as Kassa's errors. Card errors are handled by the caller before this (they are
 * declines, not failures); here they only arrive from calls that carry no card.
 */
export function toKassaError(error: unknown): Error {
  const { errors } = stripeSdk();
  if (!(error instanceof errors.StripeError)) {
    return new ProcessorOutcomeUnknownError('Unexpected failure calling Stripe.', { cause: error });
  }
  if (error instanceof errors.StripeConnectionError) return transportError(error);
  if (error instanceof errors.StripeAuthenticationError || error instanceof errors.StripePermissionError) {
    return new ProcessorUnavailableError('Stripe did not accept the API key of this connection.', { cause: error });
  }
  if (error instanceof errors.StripeRateLimitError) {
    return new ProcessorUnavailableError('Stripe is rate limiting requests; nothing was processed.', { cause: error });
  }
  const status = error.statusCode ?? 500;
  if (status >= 500) {
    return new ProcessorOutcomeUnknownError(`Stripe answered ${status}.`, { cause: error });
  }
  if (error instanceof errors.StripeIdempotencyError) {
    return new AppError('conflict', 'This operation was already sent to Stripe with different details.');
  }
  return new AppError('business_rule', `Stripe refused the request: ${error.message}`);
}

/** A decline: a 402 whose error is of type card_error (a 402 may also refuse a request, e.g. raw card data). */
export const isCardError = (error: unknown): error is InstanceType<typeof Stripe.errors.StripeCardError> =>
  error instanceof stripeSdk().errors.StripeCardError && error.rawType === 'card_error';
