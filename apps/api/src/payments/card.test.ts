import {
  cardLast4,
  cvvLength,
  detectCardBrand,
  formatCardNumber,
  isCvvValid,
  isExpiryValid,
  isLuhnValid,
} from '@kassa/contract/card-number';
import { describe, expect, it } from 'vitest';
import { cardErrors, cardFingerprint, summarizeCard } from './card.ts';

const NOW = new Date('2026-11-21T10:00:00Z');

describe('isLuhnValid', () => {
  it('accepts valid numbers with or without separators', () => {
    for (const n of [
      '4242424242424242',
      '4242 4242 4242 4242',
      '4000-0000-0000-0002',
      '378282246310005',
      '4111111111111111',
    ]) {
      expect(isLuhnValid(n), n).toBe(true);
    }
  });

  it('refuses a wrong check digit, letters and bad lengths', () => {
    for (const n of ['4242424242424241', '4111111111111112', '4242x24242424242', '42424242', '4'.repeat(20), '']) {
      expect(isLuhnValid(n), n).toBe(false);
    }
  });
});

describe('detectCardBrand', () => {
  it.each([
    ['4242424242424242', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['2223003122003222', 'mastercard'],
    ['2720990000000000', 'mastercard'],
    ['378282246310005', 'amex'],
    ['371449635398431', 'amex'],
    ['6011111111111117', 'discover'],
    ['6445644564456445', 'discover'],
    ['6221260000000000', 'discover'],
    ['30569309025904', 'diners'],
    ['36227206271667', 'diners'],
    ['3566002020360505', 'jcb'],
    ['6200000000000005', 'unionpay'],
    ['8171999927660000', 'unionpay'],
    ['2220990000000000', 'unknown'],
    ['9999999999999999', 'unknown'],
  ] as const)('%s is %s', (number, brand) => {
    expect(detectCardBrand(number)).toBe(brand);
  });
});

describe('formatCardNumber', () => {
  it('groups by brand', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('30569309025904')).toBe('3056 930902 5904');
    expect(formatCardNumber('4242 42')).toBe('4242 42');
    expect(formatCardNumber('37828')).toBe('3782 8');
    expect(formatCardNumber('4242424242424242123')).toBe('4242 4242 4242 4242 123');
  });
});

describe('expiry', () => {
  it('is valid through the end of the expiry month', () => {
    expect(isExpiryValid(11, 2026, NOW)).toBe(true);
    expect(isExpiryValid(11, 26, NOW)).toBe(true);
    expect(isExpiryValid(12, 2030, NOW)).toBe(true);
    expect(isExpiryValid(10, 2026, NOW)).toBe(false);
    expect(isExpiryValid(12, 2025, NOW)).toBe(false);
  });

  it('refuses month outside 1–12 and far-future years', () => {
    expect(isExpiryValid(0, 2030, NOW)).toBe(false);
    expect(isExpiryValid(13, 2030, NOW)).toBe(false);
    expect(isExpiryValid(1.5, 2030, NOW)).toBe(false);
    expect(isExpiryValid(1, 2047, NOW)).toBe(false);
  });
});

describe('CVV and last 4', () => {
  it('needs 4 digits for Amex and 3 for the others', () => {
    expect(cvvLength('amex')).toBe(4);
    expect(cvvLength('visa')).toBe(3);
    expect(isCvvValid('1234', 'amex')).toBe(true);
    expect(isCvvValid('123', 'amex')).toBe(false);
    expect(isCvvValid('123', 'visa')).toBe(true);
    expect(isCvvValid('1234', 'visa')).toBe(false);
    expect(isCvvValid('12a', 'mastercard')).toBe(false);
  });

  it('keeps the last 4 digits', () => {
    expect(cardLast4('4242 4242 4242 4242')).toBe('4242');
    expect(cardLast4('378282246310005')).toBe('0005');
  });
});

describe('cardFingerprint', () => {
  const key = Buffer.alloc(32, 1);
  it('is stable, ignores separators and never contains the number', () => {
    const a = cardFingerprint(key, '4242424242424242');
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(cardFingerprint(key, '4242 4242 4242 4242')).toBe(a);
    expect(a).not.toContain('4242424242424242');
    expect(cardFingerprint(key, '4000000000000002')).not.toBe(a);
  });

  it('depends on the key', () => {
    expect(cardFingerprint(Buffer.alloc(32, 2), '4242424242424242')).not.toBe(cardFingerprint(key, '4242424242424242'));
  });
});

describe('cardErrors and summarizeCard', () => {
  it('reports each bad field', () => {
    expect(cardErrors({ number: '4242424242424242', expMonth: 12, expYear: 2030, cvv: '123' }, NOW)).toEqual([]);
    expect(cardErrors({ number: '4242424242424241', expMonth: 13, expYear: 2030, cvv: '1234' }, NOW)).toEqual([
      { path: 'card.number', message: 'Invalid card number.' },
      { path: 'card.expiry', message: 'Invalid or past expiry date.' },
      { path: 'card.cvv', message: 'The security code has 3 digits.' },
    ]);
    // Luhn-valid but a length Amex never has.
    expect(cardErrors({ number: '340000000000009', expMonth: 1, expYear: 2030, cvv: '1234' }, NOW)).toEqual([]);
    expect(cardErrors({ number: '3400000000000009', expMonth: 1, expYear: 2030, cvv: '1234' }, NOW)[0]?.path).toBe(
      'card.number',
    );
  });

  it('keeps brand, last 4, expiry and fingerprint only', () => {
    const key = Buffer.alloc(32, 3);
    const summary = summarizeCard(key, { number: '4242 4242 4242 4242', expMonth: 4, expYear: 29, cvv: '123' });
    expect(summary).toEqual({
      brand: 'visa',
      last4: '4242',
      expMonth: 4,
      expYear: 2029,
      fingerprint: cardFingerprint(key, '4242424242424242'),
    });
    expect(JSON.stringify(summary)).not.toMatch(/4242424242424242|"123"/);
  });
});
