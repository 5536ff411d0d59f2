import { checkPhone } from '@kassa/contract/phone';
import { invalid } from '../../lib/app-error.ts';

/**
 * A typed phone number as E.164 (spec 5), or a 400 with a field error in the words of spec 5's
 * failure codes. A number without "+country code" is read as a number of `country`.
 */
export function normalizePhone(input: string, country: string, path = 'phone'): string {
  const check = checkPhone(input, country);
  if (!check.ok) throw invalid(path, check.message);
  return check.e164;
}
