// The one place phone numbers are normalised for storage (profiles, merchant registration and
// edits): E.164 (+14155550123), an extension kept as ";ext=123" (RFC 3966). Validation and its
// messages are the contract's checkPhone, with docs/product-rules.md#validation's limits, shared with the web forms.
import { checkPhone } from '@kassa/contract/phone';
import { invalid } from './app-error.ts';

/**
 * Returns the stored form of `input`, read in `defaultCountry` unless it starts with +; an empty
 * input clears the number (null). Throws a 400 with a field error naming `field` otherwise.
 */
export function normalizePhone(input: string, defaultCountry: string, field = 'phone'): string | null {
  const text = input.trim();
  if (text === '') return null;
  const check = checkPhone(text, defaultCountry);
  if (!check.ok) throw invalid(field, check.message);
  return check.extension ? `${check.e164};ext=${check.extension}` : check.e164;
}
