// Event wiring of the rendered form: as-you-type formatting of the card inputs, errors that follow
// the typing once shown, and the check on leaving a field (the Luhn check on the number).
import { formatCardNumberInput, formatCvcField, formatExpiryField, showBrand } from './card-inputs.ts';
import type { FieldsForm } from './render-form.ts';
import { type FieldValues, fieldError } from './validate.ts';

export function wireInputs(f: FieldsForm, readValues: () => FieldValues, now: () => Date, onLayout: () => void) {
  // The buyer pays with the host page's Submit button (widget protocol `submit`), never natively.
  f.form.addEventListener('submit', (event) => event.preventDefault());
  const number = f.inputs.get('card-number') as HTMLInputElement | undefined;
  const expiry = f.inputs.get('card-expiry') as HTMLInputElement | undefined;
  const cvc = f.inputs.get('card-cvc') as HTMLInputElement | undefined;
  number?.addEventListener('input', () => {
    formatCardNumberInput(number);
    showBrand(number.value, f.brand, cvc ?? null, f.language.t);
  });
  expiry?.addEventListener('input', (event) => formatExpiryField(expiry, event));
  cvc?.addEventListener('input', () => formatCvcField(cvc));
  for (const [id, input] of f.inputs) {
    // A shown error follows the typing, so it disappears as soon as the value is right.
    const recheck = () => {
      if (f.hasError(id)) f.setError(id, fieldError(id, readValues(), now(), f.language.t, f.optional.has(id)));
    };
    input.addEventListener('input', recheck);
    input.addEventListener('change', recheck);
    // Empty fields wait for the submit: no error for a field the buyer merely tabbed through.
    input.addEventListener('blur', () => {
      if (input.value.trim()) f.setError(id, fieldError(id, readValues(), now(), f.language.t, f.optional.has(id)));
      onLayout();
    });
  }
}
