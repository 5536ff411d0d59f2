// The body of POST /apiv1/pay/charge/ (contract `chargeBody`) from the validated field values: the
// card digits without spaces, the expiry as month and four-digit year, the address only for card
// payments (docs/product-rules.md#checkout-payment-panel: non-card asks for name and e-mail only).
import { normalizeCardNumber, parseExpiry } from '@kassa/contract/card-number';
import type { ChargeBody } from '@kassa/contract/checkout';
import type { WidgetMethod } from '../options.ts';
import type { FieldId } from './field-specs.ts';
import type { FieldValues } from './validate.ts';

export function buildChargeBody(
  values: FieldValues,
  session: { token: string; method: WidgetMethod; fieldIds: readonly FieldId[] },
): ChargeBody {
  const v = (id: FieldId) => (values[id] ?? '').trim();
  const billing: ChargeBody['billing'] = {
    firstName: v('billing-first-name'),
    lastName: v('billing-last-name'),
    emailAddress: v('billing-email'),
  };
  if (session.fieldIds.includes('billing-line1')) {
    billing.address = {
      line1: v('billing-line1'),
      city: v('billing-city'),
      state: v('billing-state'),
      zipCode: v('billing-zip-code'),
      postalCode: v('billing-postal-code'),
      country: v('billing-country'),
    };
  }
  if (session.method !== 'card') return { token: session.token, method: 'wallet', billing };
  // Validation ran first, so the expiry parses.
  const expiry = parseExpiry(v('card-expiry'))!;
  return {
    token: session.token,
    method: 'card',
    card: {
      number: normalizeCardNumber(v('card-number')),
      exp_month: expiry.month,
      exp_year: expiry.year,
      cvc: v('card-cvc'),
    },
    billing,
  };
}
