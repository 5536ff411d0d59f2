// Phone numbers (docs/product-rules.md#validation limits and failure codes, docs/product-rules.md#error-messages phone errors, docs/product-rules.md#product-checkout international
// display). libphonenumber-js with its `min` metadata keeps the checkout bundle small (docs/benchmarks.md);
// its own limits are the spec's, the explicit checks below make them visible and testable.
import {
  type CountryCode,
  isSupportedCountry,
  ParseError,
  parsePhoneNumberWithError,
  validatePhoneNumberLength,
} from 'libphonenumber-js/min';

export const PHONE_LIMITS = {
  minLength: 2,
  maxNationalLength: 17,
  maxExtensionLength: 20,
  maxInputLength: 250,
} as const; // docs/product-rules.md#validation, docs/product-rules.md#constants

export type PhoneErrorCode =
  | 'NOT_A_NUMBER'
  | 'INVALID_COUNTRY'
  | 'TOO_SHORT'
  | 'TOO_LONG'
  /** A length no number of that country has, though neither too short nor too long overall. */
  | 'INVALID_LENGTH'
  /** A possible length, but no number of that country looks like it. */
  | 'INVALID_NUMBER';

export type PhoneCheck =
  | { ok: true; e164: string; international: string; country: string | undefined; extension: string | undefined }
  | { ok: false; code: PhoneErrorCode; message: string };

const MESSAGES: Record<PhoneErrorCode, string> = {
  NOT_A_NUMBER: 'Enter a phone number',
  INVALID_COUNTRY: 'Unknown country calling code; start the number with + and the country code',
  TOO_SHORT: 'This phone number is too short',
  TOO_LONG: 'This phone number is too long',
  INVALID_LENGTH: 'This phone number has the wrong number of digits',
  INVALID_NUMBER: 'Enter a valid phone number',
};

const fail = (code: PhoneErrorCode, message = MESSAGES[code]): PhoneCheck => ({ ok: false, code, message });

const EXTENSION = /(?:ext\.?|extension|x|#)\s*(\d+)\s*$/i;

/**
 * Validates a typed phone number. `defaultCountry` (ISO 3166 alpha-2) applies to numbers written
 * without "+country code". The docs/product-rules.md#error-messages cases get their own messages: unknown country, unknown calling
 * code and an argument that is not text.
 */
export function checkPhone(raw: unknown, defaultCountry?: string): PhoneCheck {
  if (typeof raw !== 'string') return fail('NOT_A_NUMBER', 'A phone number must be text');
  if (raw.length > PHONE_LIMITS.maxInputLength) return fail('TOO_LONG');
  const extension = EXTENSION.exec(raw)?.[1];
  if (extension && extension.length > PHONE_LIMITS.maxExtensionLength) {
    return fail('TOO_LONG', `A phone extension has at most ${PHONE_LIMITS.maxExtensionLength} digits`);
  }
  const country = defaultCountry?.toUpperCase();
  if (country !== undefined && !isSupportedCountry(country)) return fail('INVALID_COUNTRY', 'Unknown country');
  try {
    const phone = parsePhoneNumberWithError(raw, country as CountryCode | undefined);
    if (phone.nationalNumber.length > PHONE_LIMITS.maxNationalLength) return fail('TOO_LONG');
    if (!phone.isValid()) {
      const lengthProblem = validatePhoneNumberLength(raw, country as CountryCode | undefined);
      return fail(lengthProblem ?? 'INVALID_NUMBER');
    }
    return {
      ok: true,
      e164: phone.number,
      international: phone.formatInternational(),
      country: phone.country,
      extension: phone.ext,
    };
  } catch (error) {
    if (!(error instanceof ParseError)) throw error;
    const code = error.message as PhoneErrorCode;
    if (code === 'INVALID_COUNTRY' && !raw.trim().startsWith('+') && country === undefined) {
      return fail(code, 'Add the country code, starting with +');
    }
    return fail(code in MESSAGES ? code : 'NOT_A_NUMBER');
  }
}

/**
 * "+14155552671" → "+1 415 555 2671". docs/product-rules.md#product-checkout: when the number cannot be formatted the raw value is
 * shown as it is, so a merchant's odd phone entry is never hidden.
 */
export function formatInternational(raw: string, defaultCountry?: string): string {
  const check = checkPhone(raw, defaultCountry);
  return check.ok ? check.international : raw;
}
