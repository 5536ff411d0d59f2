// Card number, expiry and CVV checks, display formatting and the keyed fingerprint. Card data lives
// only in memory for the length of one request (ARCHITECTURE "Payments"): a transaction keeps brand,
// last 4, expiry and `cardFingerprint`, never the number or the CVV.
import { createHmac } from 'node:crypto';
import type { FieldError } from '../lib/app-error.ts';

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb' | 'unionpay' | 'unknown';

/** Card data as typed into the hosted fields; never persisted, never logged. */
export interface CardDetails {
  number: string;
  expMonth: number;
  /** Four digits; two-digit years are accepted by `normalizeExpiryYear`. */
  expYear: number;
  cvv: string;
}

/** What a transaction may keep about a card. */
export interface CardSummary {
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
  fingerprint: string;
}

const LENGTHS: Record<CardBrand, readonly number[]> = {
  visa: [13, 16, 19],
  mastercard: [16],
  amex: [15],
  discover: [16, 17, 18, 19],
  diners: [14, 16, 17, 18, 19],
  jcb: [16, 17, 18, 19],
  unionpay: [16, 17, 18, 19],
  unknown: [12, 13, 14, 15, 16, 17, 18, 19],
};

/** Digits only: the hosted fields accept "4242 4242-4242 4242". */
export const normalizeCardNumber = (input: string) => input.replace(/[\s-]/g, '');

/** The Luhn (mod 10) check every card number carries in its last digit. */
export function isLuhnValid(input: string): boolean {
  const digits = normalizeCardNumber(input);
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

const inRange = (digits: string, length: number, low: number, high: number) => {
  const prefix = Number(digits.slice(0, length));
  return digits.length >= length && prefix >= low && prefix <= high;
};

/** Brand from the issuer prefix (IIN ranges as published by the networks). */
export function detectCardBrand(input: string): CardBrand {
  const d = normalizeCardNumber(input);
  if (/^3[47]/.test(d)) return 'amex';
  if (/^3(0[0-5]|095|[689])/.test(d)) return 'diners';
  if (inRange(d, 4, 3528, 3589)) return 'jcb';
  if (/^4/.test(d)) return 'visa';
  if (/^5[1-5]/.test(d) || inRange(d, 4, 2221, 2720)) return 'mastercard';
  // Discover's co-branded 622126–622925 sits inside UnionPay's 62 range, so it is checked first.
  if (/^(6011|65|64[4-9])/.test(d) || inRange(d, 6, 622126, 622925)) return 'discover';
  if (/^(62|81)/.test(d)) return 'unionpay';
  return 'unknown';
}

export const cardNumberLengths = (brand: CardBrand) => LENGTHS[brand];

/** Display groups: Amex 4-6-5, Diners 14 digits 4-6-4, everything else groups of 4. */
export function formatCardNumber(input: string): string {
  const d = normalizeCardNumber(input);
  const brand = detectCardBrand(d);
  const groups = brand === 'amex' ? [4, 6, 5] : brand === 'diners' && d.length === 14 ? [4, 6, 4] : null;
  if (!groups) return d.replace(/(\d{4})(?=\d)/g, '$1 ');
  const parts: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= d.length) break;
    parts.push(d.slice(at, at + size));
    at += size;
  }
  if (at < d.length) parts.push(d.slice(at));
  return parts.join(' ');
}

export const cvvLength = (brand: CardBrand) => (brand === 'amex' ? 4 : 3);

export function isCvvValid(cvv: string, brand: CardBrand): boolean {
  return new RegExp(`^\\d{${cvvLength(brand)}}$`).test(cvv);
}

/** "27" → 2027; four-digit years pass through. */
export const normalizeExpiryYear = (year: number) => (year < 100 ? 2000 + year : year);

/** A card is good through the last day of its expiry month; more than 20 years ahead is a typo. */
export function isExpiryValid(month: number, year: number, now: Date): boolean {
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year)) return false;
  const fullYear = normalizeExpiryYear(year);
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
  const expiry = fullYear * 12 + (month - 1);
  return expiry >= current && fullYear <= now.getUTCFullYear() + 20;
}

export const cardLast4 = (input: string) => normalizeCardNumber(input).slice(-4);

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
  const number = normalizeCardNumber(card.number);
  const brand = detectCardBrand(number);
  if (!isLuhnValid(number) || !cardNumberLengths(brand).includes(number.length)) {
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
