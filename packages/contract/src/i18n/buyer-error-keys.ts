// The API's fixed English sentences a buyer may meet while paying (the API keeps English messages,
// docs/i18n.md), and the key under which both the buyer pages' catalogue (`buyer`) and the hosted card
// fields' (`hosted-fields`) word them; the English of both catalogues is the sentence itself
// (buyer-error-keys.test.ts). Plain data: the buyer pages and fields.js import it without zod.
import { parseEnglishMoney } from '../english-money.ts';
import { formatMoney } from '../money.ts';
import { type BuyerApiSentencesKey, buyerApiSentencesEn } from './catalogues/buyer/api-sentences.en.ts';
import { type DeclinesKey, declinesEn } from './catalogues/buyer/declines.en.ts';
export const BUYER_ERROR_KEYS = {
  'This checkout session has expired. Reload the page to start again.': 'error.sessionExpired',
  'This product is currently unavailable.': 'error.productUnavailable',
  'This payment link is no longer active.': 'error.linkInactive',
  'This payment link has expired.': 'error.linkExpired',
  'This invoice has nothing to pay.': 'error.nothingToPay',
  'This invoice has already been paid.': 'error.invoiceAlreadyPaid',
  'The merchant’s payment service does not keep cards.': 'error.noCardKeeping',
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

/**
 * The fixed English sentences the processors' connectors write as a decline's reason (`failure_reason`, and the
 * add-card link's refusal, which has no decline code): Stripe's (stripe-errors.ts, stripe-outcomes.ts,
 * stripe-vault.ts), Adyen's (refusal-messages.ts, adyen-vault.ts), the sandbox's and Kassa's own
 * (sandbox-processor.ts, reconcile.ts); each with the buyer's text (catalogue declines). The API's
 * processor-decline-texts test fails when a connector words a sentence this list lacks.
 */
export const PROCESSOR_DECLINE_SENTENCES: Readonly<Record<string, DeclinesKey>> = {
  'Card declined.': 'decline.card_declined',
  'Insufficient funds.': 'decline.insufficient_funds',
  'Card expired.': 'decline.expired_card',
  'Incorrect security code.': 'decline.incorrect_cvc',
  'Incorrect card number.': 'decline.incorrect_number',
  'Invalid expiry date.': 'decline.invalid_expiry',
  'The postal code does not match the card.': 'decline.postal_code',
  'The card could not be processed. Please try again.': 'decline.issuer_unavailable',
  'The card issuer requires authentication. Please try again.': 'decline.authentication_required',
  'The card could not be authenticated (3-D Secure).': 'decline.authentication_failed',
  'Card declined: too many payments with this card.': 'decline.card_velocity_exceeded',
  'Card declined: a test card cannot pay in live mode.': 'decline.test_card_live',
  'The payment was canceled.': 'decline.canceled',
  'The card asks for an authentication step this checkout cannot show.': 'decline.unsupported_action',
  'The card issuer wants the buyer to authenticate before this card is kept. Save it while paying instead.':
    'decline.save_needs_authentication',
  'Insufficient funds. Try another card.': 'decline.insufficient_funds',
  'The card details were not accepted. Check the card number, expiry date and security code.':
    'decline.details_not_accepted',
  'The card has expired. Try another card.': 'decline.expired_card',
  'The card issuer could not authenticate the payment. Try again or use another card.': 'decline.authentication_failed',
  'The card issuer could not be reached. Please try again in a moment.': 'decline.issuer_unavailable',
  'The payment was cancelled.': 'decline.canceled',
  'Card declined. Try another card or contact your bank.': 'decline.card_declined',
  'The buyer declined the approval.': 'decline.canceled',
  'The card’s bank wants the buyer to approve this payment: ask the buyer to pay at the checkout.':
    'decline.authentication_required',
  'Interrupted before the processor answered; the buyer was not charged.': 'decline.interrupted',
  // The demo data's declines (demo-transactions.ts), which carry no decline code.
  'Card declined': 'decline.card_declined',
  'Insufficient funds': 'decline.insufficient_funds',
  'Declined by the buyer': 'decline.canceled',
};

/** A text of the buyer catalogues and the values that go into it; a message may be worded in several. */
export interface BuyerText {
  key: BuyerErrorKey | BuyerApiSentencesKey | DeclinesKey;
  values?: Record<string, string>;
}

/**
 * Why a card was declined, for a reader of another language than English: the decline code's text, or the
 * processor's sentence's where it says more than a bare "card declined" (a postal code, a test card); a
 * refusal worded in no known way is said to be a decline, the processor's own words quoted, never alone.
 */
export function declineText(
  failureCode: string | null | undefined,
  reason: string | null | undefined,
): BuyerText | null {
  const codeKey =
    failureCode && Object.hasOwn(declinesEn, `decline.${failureCode}`)
      ? (`decline.${failureCode}` as DeclinesKey)
      : null;
  const sentenceKey =
    reason && Object.hasOwn(PROCESSOR_DECLINE_SENTENCES, reason) ? PROCESSOR_DECLINE_SENTENCES[reason]! : null;
  if (codeKey && codeKey !== 'decline.card_declined') return { key: codeKey };
  if (sentenceKey) return { key: sentenceKey };
  if (codeKey) return { key: codeKey };
  return reason ? { key: 'decline.other', values: { reason } } : null;
}

/** The sentence the API appends when another buyer paid a part of the invoice meanwhile (record-attempt.ts). */
const RELOAD_INVOICE = ` ${buyerApiSentencesEn['error.invoice.reload']}`;

/** The invoice's payment rules as the API words them (invoice-payments.ts `paymentAmountProblem`). */
const INVOICE_AMOUNT_KEYS = [
  'error.invoice.notPositive',
  'error.invoice.aboveBalance',
  'error.invoice.balanceOnly',
  'error.invoice.belowDeposit',
  'error.invoice.depositOrBalance',
  'error.invoice.belowMinimum',
  'error.invoiceAlreadyPaid',
] as const satisfies BuyerApiSentencesKey[];

const PLACEHOLDER = /\{(\w+)\}/g;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each invoice rule's English text as a pattern, `{balance}` and the like read as amounts. */
const INVOICE_AMOUNT_PATTERNS = INVOICE_AMOUNT_KEYS.map((key) => {
  const english = buyerApiSentencesEn[key];
  const names = [...english.matchAll(PLACEHOLDER)].map((match) => match[1]!);
  const words = english.split(PLACEHOLDER).filter((_, index) => index % 2 === 0);
  return { key, names, pattern: new RegExp(`^${words.map(escapeRegExp).join('(.+?)')}$`) };
});

/** An invoice rule's sentence with its amounts in `locale`'s format, or null. */
function invoiceAmountText(message: string, locale: string): BuyerText | null {
  for (const { key, names, pattern } of INVOICE_AMOUNT_PATTERNS) {
    const match = pattern.exec(message);
    if (!match) continue;
    const values: Record<string, string> = {};
    for (const [index, name] of names.entries()) {
      const money = parseEnglishMoney(match[index + 1]!);
      if (!money) return null;
      values[name] = formatMoney(money.minor, money.currency, locale);
    }
    return { key, values };
  }
  return null;
}

/** add-card.service.ts: a customer of one mode while the merchant's card payments are in the other. */
const CARD_MODE = /^This customer pays in (test|live) mode, and the merchant's card payments are (test|live) now\.$/;

/**
 * renewals.service.ts: a subscription's invoice its card did not pay, as the customer portal's "Pay" hears it
 * ("Invoice INV-7: Card declined. Next try 2026-03-09T00:00:00.000Z.").
 */
const RENEWAL_FAILED = /^Invoice [^:]+: (.+?)(?: Next try \S+\.| The subscription is now \w+\.)?$/;

/**
 * An API sentence a buyer page or the hosted fields word in the buyer's language, as one or more catalogue
 * texts to join with a space; null when the message is none the catalogues know (it is then shown as written).
 */
export function buyerErrorTexts(message: string, locale: string): BuyerText[] | null {
  if (message.endsWith(RELOAD_INVOICE)) {
    const rule = invoiceAmountText(message.slice(0, -RELOAD_INVOICE.length), locale);
    return rule && [rule, { key: 'error.invoice.reload' }];
  }
  const known = buyerErrorKey(message);
  if (known) return [{ key: known }];
  const sentence = Object.hasOwn(PROCESSOR_DECLINE_SENTENCES, message) ? PROCESSOR_DECLINE_SENTENCES[message]! : null;
  if (sentence) return [{ key: sentence }];
  const mode = CARD_MODE.exec(message);
  if (mode && mode[1] !== mode[2])
    return [
      {
        key: mode[1] === 'test' ? 'error.cardMode.testCustomerLiveMerchant' : 'error.cardMode.liveCustomerTestMerchant',
      },
    ];
  const amount = invoiceAmountText(message, locale);
  if (amount) return [amount];
  const renewal = RENEWAL_FAILED.exec(message);
  const decline = renewal && declineText(null, renewal[1]);
  return decline ? [decline] : null;
}
