import { describe, expect, it } from 'vitest';
import { generateOtpCode, maskEmail, otpCodeHash } from './otp-code.ts';

describe('generateOtpCode', () => {
  it('always gives six digits', () => {
    for (let i = 0; i < 200; i++) expect(generateOtpCode()).toMatch(/^\d{6}$/);
  });
});

describe('otpCodeHash', () => {
  it('depends on both the challenge token and the code', () => {
    const base = otpCodeHash('token-a', '123456');
    expect(otpCodeHash('token-a', '123456')).toBe(base);
    expect(otpCodeHash('token-b', '123456')).not.toBe(base);
    expect(otpCodeHash('token-a', '123457')).not.toBe(base);
  });
});

describe('maskEmail', () => {
  it('keeps the first and last letter of the local part and the domain', () => {
    expect(maskEmail('alice@example.com')).toBe('a***e@example.com');
  });
  it('hides short local parts completely but for the first letter', () => {
    expect(maskEmail('al@example.com')).toBe('a***@example.com');
    expect(maskEmail('a@example.com')).toBe('a***@example.com');
  });
  it('never echoes something that is not an address', () => {
    expect(maskEmail('nobody')).toBe('***');
  });
});
