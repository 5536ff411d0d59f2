// Checks the hosted fields run before a charge is sent: the card rules the API applies (shared from
// the contract's card-number module) and the billing rules of the contract's `billingDetails`, with
// messages a buyer can act on, in the page's language (`t`). The API checks everything again; this
// only saves a round trip.
import {
  cvvLength,
  detectCardBrand,
  isCardNumberValid,
  isExpiryValid,
  normalizeCardNumber,
  parseExpiry,
} from '@kassa/contract/card-number';
import type { HostedFieldsKey } from '@kassa/contract/i18n/catalogues/hosted-fields.en';
import type { Translate } from '@kassa/contract/i18n/translate';
import type { FieldId } from './field-specs.ts';

export type FieldValues = Partial<Record<FieldId, string>>;
export type FieldErrors = Partial<Record<FieldId, string>>;

// Same shape the API's e-mail check accepts; the server has the last word.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const REQUIRED: Partial<Record<FieldId, HostedFieldsKey>> = {
  'billing-first-name': 'error.firstName',
  'billing-last-name': 'error.lastName',
  'billing-email': 'error.email',
  'billing-line1': 'error.line1',
  'billing-city': 'error.city',
  'billing-country': 'error.country',
};

function cardNumberError(value: string): HostedFieldsKey | null {
  const digits = normalizeCardNumber(value);
  if (!digits) return 'error.cardNumberMissing';
  if (!/^\d+$/.test(digits) || !isCardNumberValid(digits)) return 'error.cardNumberInvalid';
  return null;
}

function expiryError(value: string, now: Date): HostedFieldsKey | null {
  if (!value.trim()) return 'error.expiryMissing';
  const expiry = parseExpiry(value);
  if (!expiry) return 'error.expiryFormat';
  if (!isExpiryValid(expiry.month, expiry.year, now)) return 'error.expired';
  return null;
}

/** The message for one field, or null when it is fine; an optional field may be blank. */
export function fieldError(
  id: FieldId,
  values: FieldValues,
  now: Date,
  t: Translate<HostedFieldsKey>,
  optional = false,
): string | null {
  const value = values[id] ?? '';
  if (optional && !value.trim()) return null;
  const say = (problem: HostedFieldsKey | null | undefined) => (problem ? t(problem) : null);
  switch (id) {
    case 'card-number':
      return say(cardNumberError(value));
    case 'card-expiry':
      return say(expiryError(value, now));
    case 'card-cvc': {
      const length = cvvLength(detectCardBrand(values['card-number'] ?? ''));
      if (!value) return t('error.cvcMissing');
      return new RegExp(`^\\d{${length}}$`).test(value) ? null : t('error.cvcLength', { length });
    }
    case 'billing-email':
      if (!value.trim()) return say(REQUIRED[id]);
      return EMAIL.test(value.trim()) ? null : t('error.emailInvalid');
    default:
      return value.trim() ? null : say(REQUIRED[id]);
  }
}

/** Only the fields on the page are checked: a non-card payment has no card inputs. */
export function validateFields(
  ids: readonly FieldId[],
  values: FieldValues,
  now: Date,
  t: Translate<HostedFieldsKey>,
  optional: ReadonlySet<FieldId> = new Set(),
): FieldErrors {
  const errors: FieldErrors = {};
  for (const id of ids) {
    const message = fieldError(id, values, now, t, optional.has(id));
    if (message) errors[id] = message;
  }
  return errors;
}
