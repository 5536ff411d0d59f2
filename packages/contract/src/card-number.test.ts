import { describe, expect, it } from 'vitest';
import {
  CARD_BRAND_LABELS,
  cvvLength,
  detectCardBrand,
  formatCardNumber,
  formatExpiryInput,
  isCardNumberValid,
  isCvvValid,
  isExpiryValid,
  isLuhnValid,
  maxCardNumberLength,
  parseExpiry,
} from './card-number.ts';

const NOW = new Date('2026-11-21T10:00:00Z');

describe('card number', () => {
  it('checks Luhn on the sandbox test cards and refuses a wrong check digit', () => {
    for (const n of ['4242 4242 4242 4242', '4000000000000002', '4000000000003220', '4100000000000019']) {
      expect(isLuhnValid(n), n).toBe(true);
    }
    expect(isLuhnValid('4242424242424241')).toBe(false);
    expect(isLuhnValid('4242')).toBe(false);
  });

  it('wants a length the brand issues on top of Luhn', () => {
    expect(isCardNumberValid('4242424242424242')).toBe(true);
    expect(isCardNumberValid('378282246310005')).toBe(true);
    // Luhn-valid 16 digits starting with 37: no American Express card is that long.
    expect(isLuhnValid('3700000000000007')).toBe(true);
    expect(isCardNumberValid('3700000000000007')).toBe(false);
    expect(isCardNumberValid('37828224631000')).toBe(false);
    expect(isCardNumberValid('5555 5555 5555 4444')).toBe(true);
  });

  it('detects brands from the first digits and labels them', () => {
    const brands = { '4': 'visa', '37': 'amex', '51': 'mastercard', '6011': 'discover', '': 'unknown' };
    for (const [digits, brand] of Object.entries(brands)) expect(detectCardBrand(digits), digits).toBe(brand);
    expect(CARD_BRAND_LABELS[detectCardBrand('34')]).toBe('American Express');
    expect(CARD_BRAND_LABELS.unknown).toBe('');
  });

  it('stops typing at the longest number of the brand', () => {
    expect(maxCardNumberLength('amex')).toBe(15);
    expect(maxCardNumberLength('mastercard')).toBe(16);
    expect(maxCardNumberLength('visa')).toBe(19);
  });

  it('formats as you type: Amex 4-6-5, others in fours', () => {
    const shownAsTyped = {
      '3782': '3782',
      '3782822': '3782 822',
      '378282246310005': '3782 822463 10005',
      '42424': '4242 4',
      '4242-4242 4242': '4242 4242 4242',
    };
    for (const [digits, shown] of Object.entries(shownAsTyped)) expect(formatCardNumber(digits), digits).toBe(shown);
  });
});

describe('security code', () => {
  it('has 4 digits for Amex and 3 otherwise', () => {
    expect(cvvLength('amex')).toBe(4);
    expect(cvvLength('visa')).toBe(3);
    expect(isCvvValid('1234', 'amex')).toBe(true);
    expect(isCvvValid('123', 'amex')).toBe(false);
    expect(isCvvValid('123', 'visa')).toBe(true);
    expect(isCvvValid('12a', 'visa')).toBe(false);
  });
});

describe('expiry', () => {
  it('parses MM/YY and MM / YYYY', () => {
    expect(parseExpiry('12 / 29')).toEqual({ month: 12, year: 2029 });
    expect(parseExpiry('01/2030')).toEqual({ month: 1, year: 2030 });
    expect(parseExpiry('0129')).toEqual({ month: 1, year: 2029 });
    expect(parseExpiry('13 / 29')).toBeNull();
    expect(parseExpiry('00 / 29')).toBeNull();
    expect(parseExpiry('12 / 2')).toBeNull();
    expect(parseExpiry('')).toBeNull();
  });

  it('formats the field as the buyer types', () => {
    expect(formatExpiryInput('1')).toBe('1');
    expect(formatExpiryInput('12')).toBe('12 / ');
    expect(formatExpiryInput('4')).toBe('04 / ');
    expect(formatExpiryInput('1229')).toBe('12 / 29');
    expect(formatExpiryInput('12 / 2999')).toBe('12 / 29');
    expect(formatExpiryInput('12 /', true)).toBe('12');
    expect(formatExpiryInput('12 / 2', true)).toBe('12 / 2');
  });

  it('is valid through the end of the expiry month', () => {
    expect(isExpiryValid(11, 2026, NOW)).toBe(true);
    expect(isExpiryValid(10, 2026, NOW)).toBe(false);
    expect(isExpiryValid(1, 2047, NOW)).toBe(false);
  });
});
