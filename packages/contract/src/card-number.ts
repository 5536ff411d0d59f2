// Card number, expiry and CVV checks and display formatting, shared by the API (charge validation)
// and the hosted fields page in the buyer's browser (formatting as you type, checks before submit).
// Pure and browser-safe: the keyed fingerprint, which needs node:crypto, stays in the API's card.ts.

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb' | 'unionpay' | 'unknown';

/** What the hosted fields show next to the number. */
export const CARD_BRAND_LABELS: Readonly<Record<CardBrand, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  unknown: '',
};

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

/** The most digits a number of this brand can have: typing stops there. */
export const maxCardNumberLength = (brand: CardBrand) => Math.max(...LENGTHS[brand]);

/** A complete, plausible number: Luhn-valid and of a length its brand issues. */
export function isCardNumberValid(input: string): boolean {
  const digits = normalizeCardNumber(input);
  return isLuhnValid(digits) && cardNumberLengths(detectCardBrand(digits)).includes(digits.length);
}

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

/** "MM/YY" (or "MM / YYYY", "MMYY") as typed → month and four-digit year; null when not that shape. */
export function parseExpiry(input: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(input);
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: normalizeExpiryYear(Number(match[2])) };
}

/**
 * The expiry field as the buyer types: digits become "MM / YY". A first digit above 1 can only be a
 * one-digit month, so "4" becomes "04 / ". While deleting, the separator is not added back, or
 * backspace could never get past it.
 */
export function formatExpiryInput(input: string, isDeleting = false): string {
  let digits = input.replace(/\D/g, '');
  if (/^[2-9]/.test(digits)) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  if (digits.length < 2 || (digits.length === 2 && isDeleting)) return digits;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

export const cardLast4 = (input: string) => normalizeCardNumber(input).slice(-4);
