// The API's fixed English sentences a buyer may meet while paying (the API keeps English messages,
// docs/i18n.md), and the key under which both the buyer pages' catalogue (`buyer`) and the hosted card
// fields' (`hosted-fields`) word them; the English of both catalogues is the sentence itself
// (buyer-error-keys.test.ts). Plain data: the buyer pages and fields.js import it without zod.
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
