// Phone numbers are stored in E.164 (+14155550123), an extension kept as ";ext=123" (RFC 3966).
// libphonenumber-js enforces the spec 5 limits itself: at least 2 digits, at most 17 national
// digits, extension up to 20 digits, input capped at 250 characters.
import { isSupportedCountry, ParseError, parsePhoneNumberWithError } from 'libphonenumber-js';
import { invalid } from '../../lib/app-error.ts';

const REASON: Record<string, string> = {
  NOT_A_NUMBER: 'This is not a phone number.',
  INVALID_COUNTRY: 'Add the country calling code, for example +1.',
  TOO_SHORT: 'This phone number is too short.',
  TOO_LONG: 'This phone number is too long.',
  INVALID_LENGTH: 'This phone number has the wrong number of digits.',
};

/**
 * Returns the E.164 form of `input`, read in the given country unless it starts with +; an empty
 * input clears the number (null). Throws a 400 with a field error naming `field` otherwise.
 */
export function normalizePhone(input: string, defaultCountry: string, field = 'phone'): string | null {
  const text = input.trim();
  if (text === '') return null;
  let parsed: ReturnType<typeof parsePhoneNumberWithError>;
  try {
    parsed = parsePhoneNumberWithError(text, {
      defaultCountry: isSupportedCountry(defaultCountry) ? defaultCountry : undefined,
    });
  } catch (error) {
    if (error instanceof ParseError) throw invalid(field, REASON[error.message] ?? 'Enter a valid phone number.');
    throw error;
  }
  if (!parsed.isValid()) throw invalid(field, 'Enter a valid phone number.');
  return parsed.ext ? `${parsed.number};ext=${parsed.ext}` : parsed.number;
}
