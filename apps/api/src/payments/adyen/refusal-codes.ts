// Adyen's refusals as Kassa's decline codes (packages/contract/src/declines.ts), the way Stripe's
// decline codes are read (stripe-errors.ts). Two sources, from docs.adyen.com:
// - "Refusal reasons": the `refusalReason` text of a refused /payments answer or AUTHORISATION webhook;
// - "Raw acquirer responses": `additionalData.refusalReasonRaw` ("05 : Do not honor", "51: Insufficient
//   funds", "1A : Additional customer authentication required"), sent when the merchant account has the
//   raw acquirer result switched on. It is more precise, so it wins when its code is known; Adyen warns
//   that schemes change these texts, so only the leading response code is read, never the words.
import type { DeclineCode } from '@kassa/contract/declines';

const BY_REASON: Record<string, DeclineCode> = {
  refused: 'card_declined',
  referral: 'do_not_honor',
  'acquirer error': 'issuer_unavailable',
  'blocked card': 'transaction_not_allowed',
  'expired card': 'expired_card',
  'invalid amount': 'card_declined',
  'invalid card number': 'incorrect_number',
  'issuer unavailable': 'issuer_unavailable',
  'not supported': 'transaction_not_allowed',
  '3d not authenticated': 'authentication_failed',
  'not enough balance': 'insufficient_funds',
  'acquirer fraud': 'fraudulent',
  cancelled: 'canceled',
  'shopper cancelled': 'canceled',
  fraud: 'fraudulent',
  'fraud-cancelled': 'fraudulent',
  'transaction not permitted': 'transaction_not_allowed',
  'cvc declined': 'incorrect_cvc',
  'restricted card': 'transaction_not_allowed',
  'revocation of auth': 'transaction_not_allowed',
  'declined non generic': 'card_declined',
  'withdrawal amount exceeded': 'card_velocity_exceeded',
  'withdrawal count exceeded': 'card_velocity_exceeded',
  'issuer suspected fraud': 'fraudulent',
  'avs declined': 'card_declined',
  // Refusal reason 38: the issuer asks for strong customer authentication (a soft decline).
  'authentication required': 'authentication_required',
  '3ds authentication error': 'authentication_failed',
};

/** Visa and Mastercard response codes (ISO 8583 field 39) as Adyen passes them in refusalReasonRaw. */
const BY_RAW_CODE: Record<string, DeclineCode> = {
  '05': 'do_not_honor',
  '51': 'insufficient_funds',
  '54': 'expired_card',
  '14': 'incorrect_number',
  '82': 'incorrect_cvc',
  N7: 'incorrect_cvc',
  '61': 'card_velocity_exceeded',
  '65': 'card_velocity_exceeded',
  '57': 'transaction_not_allowed',
  '62': 'transaction_not_allowed',
  '59': 'fraudulent',
  '91': 'issuer_unavailable',
  // Visa's soft decline for strong customer authentication.
  '1A': 'authentication_required',
};

/** "05 : Do not honor", "DECLINED 51: Insufficient funds", "1A" → the response code, or undefined. */
function rawResponseCode(raw: string): string | undefined {
  const match = /(?:^|\s)([0-9A-Z]{1,2})\s*(?::|$)/.exec(raw.trim().toUpperCase());
  const code = match?.[1];
  // "The response code returns with or without a leading zero" (docs.adyen.com raw acquirer responses).
  return code && /^\d$/.test(code) ? `0${code}` : code;
}

export function declineCodeForRefusal(refusalReason?: string, refusalReasonRaw?: string): DeclineCode {
  const raw = refusalReasonRaw ? rawResponseCode(refusalReasonRaw) : undefined;
  const byRaw = raw ? BY_RAW_CODE[raw] : undefined;
  // Mastercard's 65 is also its soft decline for authentication: Adyen then says so in refusalReason.
  const byReason = refusalReason ? BY_REASON[refusalReason.trim().toLowerCase()] : undefined;
  if (byReason === 'authentication_required') return byReason;
  return byRaw ?? byReason ?? 'card_declined';
}
