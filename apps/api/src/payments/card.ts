// Card checks for a charge request, the summary a transaction keeps and the keyed fingerprint. Card
// data lives only in memory for the length of one request (docs/ARCHITECTURE.md "Payments"): a transaction
// keeps brand, last 4, expiry and `cardFingerprint`, never the number or the CVV. The pure checks
// live in the contract so the hosted fields page runs the very same rules in the browser.
import { createHmac } from 'node:crypto';
import {
  type CardBrand,
  cardLast4,
  cvvLength,
  detectCardBrand,
  isCardNumberValid,
  isCvvValid,
  isExpiryValid,
  normalizeCardNumber,
  normalizeExpiryYear,
} from '@kassa/contract/card-number';
import type { FieldError } from '../lib/app-error.ts';

/** Card data as typed into the hosted fields; never persisted, never logged. */
export interface CardDetails {
  number: string;
  expMonth: number;
  /** Four digits; two-digit years are accepted by `normalizeExpiryYear`. */
  expYear: number;
  cvv: string;
  /** The name on the card, when the buyer gave one (some processors require it). */
  holderName?: string;
}

/** What a transaction may keep about a card. */
export interface CardSummary {
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
  fingerprint: string;
}

/**
 * Keyed HMAC-SHA256 of the digits: the same card gives the same fingerprint under one key (velocity
 * checks, "seen before"), but without the key the 10^15-ish card space cannot be brute-forced back
 * from a leaked database, as it could from a plain hash.
 */
export function cardFingerprint(key: Buffer, input: string): string {
  return createHmac('sha256', key).update(normalizeCardNumber(input)).digest('hex');
}

/** Every problem with the card, as field errors for the 400 envelope (paths under `card.`). */
export function cardErrors(card: CardDetails, now: Date): FieldError[] {
  const errors: FieldError[] = [];
  const brand = detectCardBrand(card.number);
  if (!isCardNumberValid(card.number)) {
    errors.push({ path: 'card.number', message: 'Invalid card number.' });
  }
  if (!isExpiryValid(card.expMonth, card.expYear, now)) {
    errors.push({ path: 'card.expiry', message: 'Invalid or past expiry date.' });
  }
  if (!isCvvValid(card.cvv, brand)) {
    errors.push({ path: 'card.cvv', message: `The security code has ${cvvLength(brand)} digits.` });
  }
  return errors;
}

export function summarizeCard(key: Buffer, card: CardDetails): CardSummary {
  return {
    brand: detectCardBrand(card.number),
    last4: cardLast4(card.number),
    expMonth: card.expMonth,
    expYear: normalizeExpiryYear(card.expYear),
    fingerprint: cardFingerprint(key, card.number),
  };
}
