import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.ts';
import { normalizePhone } from './phone.ts';

const fieldError = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError) return { status: error.statusCode, errors: error.errors };
    throw error;
  }
  throw new Error('expected an AppError');
};

describe('normalizePhone', () => {
  it('reads a national number in the given country and returns E.164', () => {
    expect(normalizePhone('(415) 555-2671', 'US')).toBe('+14155552671');
    expect(normalizePhone('030 123456', 'DE')).toBe('+4930123456');
  });

  it('keeps an international number whatever the country', () => {
    expect(normalizePhone('+44 20 7946 0958', 'US')).toBe('+442079460958');
  });

  it('keeps an extension in RFC 3966 form', () => {
    expect(normalizePhone('+1 415 555 2671 ext. 1234', 'US')).toBe('+14155552671;ext=1234');
  });

  it('clears the number on empty input', () => {
    expect(normalizePhone('   ', 'US')).toBeNull();
  });

  it('refuses text, too short, too long and invalid numbers with a field error', () => {
    expect(fieldError(() => normalizePhone('call me', 'US'))).toEqual({
      status: 400,
      errors: [{ path: 'phone', message: 'Enter a phone number' }],
    });
    expect(fieldError(() => normalizePhone('5', 'US', 'mobile')).errors?.[0]?.path).toBe('mobile');
    expect(fieldError(() => normalizePhone('+1 415 555 2671 1234 5678 9012', 'US')).status).toBe(400);
    expect(fieldError(() => normalizePhone('5', 'US')).errors?.[0]?.message).toBe('This phone number is too short');
    expect(fieldError(() => normalizePhone('+1 123 456 7890', 'US')).errors?.[0]?.message).toBe(
      'Enter a valid phone number',
    );
  });

  it('names an unknown country', () => {
    expect(fieldError(() => normalizePhone('415 555 2671', 'ZZ')).errors?.[0]?.message).toBe('Unknown country');
  });
});
