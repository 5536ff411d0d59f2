import { describe, expect, it } from 'vitest';
import { checkPhone, formatInternational, PHONE_LIMITS } from './phone.ts';

describe('checkPhone', () => {
  it('accepts international and national numbers', () => {
    expect(checkPhone('+1 415 555 2671')).toEqual({
      ok: true,
      e164: '+14155552671',
      international: '+1 415 555 2671',
      country: 'US',
    });
    expect(checkPhone('(415) 555-2671', 'us')).toMatchObject({ ok: true, e164: '+14155552671' });
    expect(checkPhone('020 7946 0958', 'GB')).toMatchObject({ ok: true, e164: '+442079460958' });
  });

  it('accepts an extension of up to 20 digits and refuses a longer one', () => {
    expect(checkPhone('+1 415 555 2671 ext. 12345')).toMatchObject({
      ok: true,
      international: '+1 415 555 2671 ext. 12345',
    });
    const ext20 = '1'.repeat(PHONE_LIMITS.maxExtensionLength);
    expect(checkPhone(`+1 415 555 2671 ext. ${ext20}`)).toMatchObject({ ok: true });
    expect(checkPhone(`+1 415 555 2671 ext. ${ext20}1`)).toEqual({
      ok: false,
      code: 'TOO_LONG',
      message: 'A phone extension has at most 20 digits',
    });
  });

  it('NOT_A_NUMBER for text and for a non-string argument', () => {
    expect(checkPhone('abc')).toEqual({ ok: false, code: 'NOT_A_NUMBER', message: 'Enter a phone number' });
    expect(checkPhone(4155552671)).toEqual({ ok: false, code: 'NOT_A_NUMBER', message: 'A phone number must be text' });
  });

  it('INVALID_COUNTRY for an unknown calling code, an unknown country or a missing country', () => {
    expect(checkPhone('+999 123456')).toMatchObject({
      ok: false,
      code: 'INVALID_COUNTRY',
      message: expect.stringMatching(/calling code/),
    });
    expect(checkPhone('4155552671', 'XX')).toEqual({ ok: false, code: 'INVALID_COUNTRY', message: 'Unknown country' });
    expect(checkPhone('4155552671')).toEqual({
      ok: false,
      code: 'INVALID_COUNTRY',
      message: 'Add the country code, starting with +',
    });
  });

  it('TOO_SHORT below the minimum length', () => {
    expect(checkPhone('1', 'US')).toMatchObject({ ok: false, code: 'TOO_SHORT' });
    expect(checkPhone('+1 2')).toMatchObject({ ok: false, code: 'TOO_SHORT' });
    expect(checkPhone('415', 'US')).toMatchObject({ ok: false, code: 'TOO_SHORT' });
  });

  it('TOO_LONG beyond 17 national digits or 250 characters of input', () => {
    expect(checkPhone(`+1 ${'2'.repeat(18)}`)).toMatchObject({ ok: false, code: 'TOO_LONG' });
    expect(checkPhone(`+1 415 555 2671${' '.repeat(250)}`)).toMatchObject({ ok: false, code: 'TOO_LONG' });
  });

  it('INVALID_NUMBER for a possible length that no real number has', () => {
    expect(checkPhone('+1 111 555 2671')).toMatchObject({ ok: false, code: 'INVALID_NUMBER' });
  });
});

describe('formatInternational', () => {
  it('formats what it can and shows the raw value otherwise (docs/product-rules.md#product-checkout)', () => {
    expect(formatInternational('+14155552671')).toBe('+1 415 555 2671');
    expect(formatInternational('4155552671', 'US')).toBe('+1 415 555 2671');
    expect(formatInternational('4155552671')).toBe('4155552671');
    expect(formatInternational('call me')).toBe('call me');
  });
});
