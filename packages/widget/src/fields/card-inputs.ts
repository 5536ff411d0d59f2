// As-you-type behaviour of the card inputs: the number grouped per brand (Amex 4-6-5) with the brand
// shown beside it and the caret kept on the digit the buyer was typing, the expiry as "MM / YY", the
// security code cut to its brand's length. Values only ever live in these inputs.
import {
  CARD_BRAND_LABELS,
  cvvLength,
  detectCardBrand,
  formatCardNumber,
  formatExpiryInput,
  maxCardNumberLength,
} from '@kassa/contract/card-number';
import type { HostedFieldsKey } from '@kassa/contract/i18n/catalogues/hosted-fields.en';
import type { Translate } from '@kassa/contract/i18n/translate';

const countDigits = (text: string) => text.replace(/\D/g, '').length;

/** Index in `formatted` just after its `digits`-th digit. */
function caretAfterDigits(formatted: string, digits: number): number {
  if (digits === 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/\d/.test(formatted[i]!)) seen++;
    if (seen === digits) return i + 1;
  }
  return formatted.length;
}

export function formatCardNumberInput(input: HTMLInputElement) {
  const caret = input.selectionStart ?? input.value.length;
  const digitsBeforeCaret = countDigits(input.value.slice(0, caret));
  const raw = input.value.replace(/\D/g, '');
  const digits = raw.slice(0, maxCardNumberLength(detectCardBrand(raw)));
  const formatted = formatCardNumber(digits);
  const atEnd = caret >= input.value.length;
  input.value = formatted;
  const position = atEnd ? formatted.length : caretAfterDigits(formatted, Math.min(digitsBeforeCaret, digits.length));
  if (input.ownerDocument.activeElement === input) input.setSelectionRange(position, position);
}

// The badge inside the number field is narrow on a phone: the longest names are shortened there.
const BADGE_LABELS: Partial<Record<string, string>> = { amex: 'Amex', diners: 'Diners' };

/** Brand label next to the number, and the CVC field's length and hint for that brand. */
export function showBrand(
  number: string,
  brandLabel: HTMLElement | null,
  cvc: HTMLInputElement | null,
  t: Translate<HostedFieldsKey>,
) {
  const brand = detectCardBrand(number);
  if (brandLabel) {
    brandLabel.textContent = BADGE_LABELS[brand] ?? CARD_BRAND_LABELS[brand];
    brandLabel.dataset.brand = brand;
  }
  if (cvc) {
    const length = cvvLength(brand);
    cvc.maxLength = length;
    cvc.placeholder = t(length === 4 ? 'placeholder.cvcFourDigits' : 'placeholder.cvc');
    if (cvc.value.length > length) cvc.value = cvc.value.slice(0, length);
  }
}

export function formatExpiryField(input: HTMLInputElement, event: Event) {
  const inputType = (event as InputEvent).inputType ?? '';
  input.value = formatExpiryInput(input.value, inputType.startsWith('delete'));
}

export function formatCvcField(input: HTMLInputElement) {
  const digits = input.value.replace(/\D/g, '').slice(0, input.maxLength > 0 ? input.maxLength : 4);
  if (digits !== input.value) input.value = digits;
}
