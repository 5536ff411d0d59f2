// Checks the hosted fields run before a charge is sent: the card rules the API applies (shared from
// the contract's card-number module) and the billing rules of the contract's `billingDetails`, with
// messages a buyer can act on. The API checks everything again; this only saves a round trip.
import {
  cvvLength,
  detectCardBrand,
  isCardNumberValid,
  isExpiryValid,
  normalizeCardNumber,
  parseExpiry,
} from '@kassa/contract/card-number';
import type { FieldId } from './field-specs.ts';

export type FieldValues = Partial<Record<FieldId, string>>;
export type FieldErrors = Partial<Record<FieldId, string>>;

// Same shape the API's e-mail check accepts; the server has the last word.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const REQUIRED: Partial<Record<FieldId, string>> = {
  'billing-first-name': 'Enter the first name.',
  'billing-last-name': 'Enter the last name.',
  'billing-email': 'Enter the email address.',
  'billing-line1': 'Enter the street address.',
  'billing-city': 'Enter the city.',
  'billing-country': 'Choose a country.',
};

export function cardNumberError(value: string): string | null {
  const digits = normalizeCardNumber(value);
  if (!digits) return 'Enter the card number.';
  if (!/^\d+$/.test(digits) || !isCardNumberValid(digits))
    return 'This card number is not valid. Check it and try again.';
  return null;
}

export function expiryError(value: string, now: Date): string | null {
  if (!value.trim()) return 'Enter the expiry date.';
  const expiry = parseExpiry(value);
  if (!expiry) return 'Enter the expiry date as MM / YY.';
  if (!isExpiryValid(expiry.month, expiry.year, now)) return 'This card has expired or the date is not valid.';
  return null;
}

export function cvcError(value: string, cardNumber: string): string | null {
  const length = cvvLength(detectCardBrand(cardNumber));
  if (!value) return 'Enter the security code.';
  if (!new RegExp(`^\\d{${length}}$`).test(value)) return `The security code has ${length} digits.`;
  return null;
}

/** The message for one field, or null when it is fine; an optional field may be blank. */
export function fieldError(id: FieldId, values: FieldValues, now: Date, optional = false): string | null {
  const value = values[id] ?? '';
  if (optional && !value.trim()) return null;
  switch (id) {
    case 'card-number':
      return cardNumberError(value);
    case 'card-expiry':
      return expiryError(value, now);
    case 'card-cvc':
      return cvcError(value, values['card-number'] ?? '');
    case 'billing-email':
      if (!value.trim()) return REQUIRED[id] ?? null;
      return EMAIL.test(value.trim()) ? null : 'Enter a valid email address, like name@example.com.';
    default: {
      const required = REQUIRED[id];
      return required && !value.trim() ? required : null;
    }
  }
}

/** Only the fields on the page are checked: a non-card payment has no card inputs. */
export function validateFields(
  ids: readonly FieldId[],
  values: FieldValues,
  now: Date,
  optional: ReadonlySet<FieldId> = new Set(),
): FieldErrors {
  const errors: FieldErrors = {};
  for (const id of ids) {
    const message = fieldError(id, values, now, optional.has(id));
    if (message) errors[id] = message;
  }
  return errors;
}
