// The API's fixed English sentences a buyer may meet while paying (the API keeps English messages,
// docs/i18n.md), and the key under which both the buyer pages' catalogue (`buyer`) and the hosted card
// fields' (`hosted-fields`) word them; the English of both catalogues is the sentence itself
// (buyer-error-keys.test.ts). Plain data: the buyer pages and fields.js import it without zod.
import { parseEnglishMoney } from '../english-money.ts';
import { formatMoney } from '../money.ts';
export const BUYER_ERROR_KEYS = {
  'This checkout session has expired. Reload the page to start again.': 'error.sessionExpired',
  'This product is currently unavailable.': 'error.productUnavailable',
  'This payment link is no longer active.': 'error.linkInactive',
  'This payment link has expired.': 'error.linkExpired',
  'This invoice has nothing to pay.': 'error.nothingToPay',
} as const;

export type BuyerErrorKey = (typeof BUYER_ERROR_KEYS)[keyof typeof BUYER_ERROR_KEYS];

/** The catalogue key of a sentence the API words for a buyer, or null. */
export const buyerErrorKey = (message: string): BuyerErrorKey | null =>
  Object.hasOwn(BUYER_ERROR_KEYS, message) ? BUYER_ERROR_KEYS[message as keyof typeof BUYER_ERROR_KEYS] : null;

/**
 * The API's English field errors of a card payment (payments/card.ts, the contract's billing schema), and the
 * hosted card fields' own text for each (catalogue hosted-fields); "The security code has 4 digits." keeps
 * its number.
 */
export const CARD_FIELD_ERROR_KEYS = {
  'Invalid card number.': 'error.cardNumberInvalid',
  'Invalid or past expiry date.': 'error.expired',
  'The security code has the wrong length.': 'error.cvcWrongLength',
  'Enter the first name': 'error.firstName',
  'Enter the last name': 'error.lastName',
  'Enter a valid e-mail address': 'error.emailInvalid',
  'Enter the street address': 'error.line1',
  'Enter the city': 'error.city',
  'Choose a country': 'error.country',
} as const;

const CVC_LENGTH = /^The security code has (\d) digits\.$/;

export type CardFieldErrorKey = (typeof CARD_FIELD_ERROR_KEYS)[keyof typeof CARD_FIELD_ERROR_KEYS] | 'error.cvcLength';

/** The hosted fields' key (and its values) for a card field error the API wrote, or null. */
export function cardFieldErrorKey(message: string): { key: CardFieldErrorKey; values?: { length: string } } | null {
  if (Object.hasOwn(CARD_FIELD_ERROR_KEYS, message))
    return { key: CARD_FIELD_ERROR_KEYS[message as keyof typeof CARD_FIELD_ERROR_KEYS] };
  const cvc = CVC_LENGTH.exec(message);
  return cvc ? { key: 'error.cvcLength', values: { length: cvc[1]! } } : null;
}

const GIFT_CARD_PARTIAL = /^The gift card covers (.+?)\. Enter card details for the remaining (.+)\.$/;

/**
 * "The gift card covers $10.00. Enter card details for the remaining $2.99." (a card field error of a payment a
 * gift card does not cover): both amounts in `locale`'s format, for the hosted fields' `error.giftCardPartial`.
 */
export function giftCardPartialValues(message: string, locale: string): { covered: string; remaining: string } | null {
  const match = GIFT_CARD_PARTIAL.exec(message);
  const covered = match && parseEnglishMoney(match[1]!);
  const remaining = match && parseEnglishMoney(match[2]!);
  if (!covered || !remaining) return null;
  return {
    covered: formatMoney(covered.minor, covered.currency, locale),
    remaining: formatMoney(remaining.minor, remaining.currency, locale),
  };
}
