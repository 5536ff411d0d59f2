// Card PaymentMethods as Stripe keeps them (API reference "The PaymentMethod object"): created from
// raw card data (`payment_method_data[card]`, the "raw card data APIs" capability), attached to at
// most one Customer, and — once used without a Customer or detached — never usable again.
// `card.fingerprint` is the same for the same card number on one account, as Stripe's is.
import { createHmac } from 'node:crypto';
import { brandOf, luhnValid } from './cards.ts';
import { newId, nowSeconds } from './ids.ts';
import { invalidRequest, type Parsed, present, requireParams, StripeApiError } from './params.ts';

export interface PaymentMethodState {
  id: string;
  account: string;
  created: number;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  number: string;
  fingerprint: string;
  customer: string | null;
  /** Authenticated for off-session use: by a SetupIntent, or a payment with setup_future_usage. */
  setUpOffSession: boolean;
  /** Used without a Customer, or detached: Stripe refuses it from then on. */
  spent: boolean;
}

const RAW_CARD_DATA_REFUSED =
  'Sending credit card numbers directly to the Stripe API is generally unsafe. We suggest you use test tokens that map to the test card you are using, see https://stripe.com/docs/testing. To enable testing raw card data APIs, see https://support.stripe.com/questions/enabling-access-to-raw-card-data-apis.';

const cardError = (code: string, message: string, param: string) =>
  new StripeApiError(402, {
    type: 'card_error',
    code,
    message,
    param,
    doc_url: `https://stripe.com/docs/error-codes/${code.replaceAll('_', '-')}`,
  });

/** A new card PaymentMethod from `payment_method_data`, refused the way Stripe refuses bad card data. */
export function cardPaymentMethod(pmData: Parsed, account: string, rawCardData: boolean): PaymentMethodState {
  requireParams(pmData, 'type');
  const card = present(pmData.card as Parsed | undefined);
  if (!card)
    throw invalidRequest('Missing required param: payment_method_data[card].', {
      code: 'parameter_missing',
      param: 'payment_method_data[card]',
    });
  for (const f of ['number', 'exp_month', 'exp_year']) {
    if (card[f] === undefined || card[f] === '') {
      throw invalidRequest(`Missing required param: payment_method_data[card][${f}].`, {
        code: 'parameter_missing',
        param: `payment_method_data[card][${f}]`,
      });
    }
  }
  if (!rawCardData) throw invalidRequest(RAW_CARD_DATA_REFUSED, { status: 402 });
  const number = String(card.number).replace(/\s/g, '');
  if (!/^\d{12,19}$/.test(number) || !luhnValid(number)) {
    throw cardError('invalid_number', 'Your card number is incorrect.', 'number');
  }
  const expMonth = card.exp_month as number;
  const expYear = card.exp_year as number;
  if (expMonth < 1 || expMonth > 12)
    throw cardError('invalid_expiry_month', "Your card's expiration month is invalid.", 'exp_month');
  const now = new Date();
  const fullYear = expYear < 100 ? 2000 + expYear : expYear;
  if (
    fullYear < now.getUTCFullYear() ||
    (fullYear === now.getUTCFullYear() && expMonth < now.getUTCMonth() + 1) ||
    fullYear > now.getUTCFullYear() + 50
  ) {
    throw cardError('invalid_expiry_year', "Your card's expiration year is invalid.", 'exp_year');
  }
  if (card.cvc !== undefined && !/^\d{3,4}$/.test(String(card.cvc)))
    throw cardError('invalid_cvc', "Your card's security code is invalid.", 'cvc');
  return {
    id: newId('pm'),
    account,
    created: nowSeconds(),
    brand: brandOf(number),
    last4: number.slice(-4),
    expMonth,
    expYear: fullYear,
    number,
    fingerprint: createHmac('sha256', account).update(number).digest('base64url').replace(/[-_]/g, 'x').slice(0, 16),
    customer: null,
    setUpOffSession: false,
    spent: false,
  };
}

export function paymentMethodObject(pm: PaymentMethodState, livemode: boolean): Record<string, unknown> {
  return {
    id: pm.id,
    object: 'payment_method',
    billing_details: {
      address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null },
      email: null,
      name: null,
      phone: null,
    },
    card: {
      brand: pm.brand,
      country: 'US',
      exp_month: pm.expMonth,
      exp_year: pm.expYear,
      fingerprint: pm.fingerprint,
      funding: 'credit',
      last4: pm.last4,
    },
    created: pm.created,
    customer: pm.customer,
    livemode,
    metadata: {},
    type: 'card',
  };
}

/**
 * The saved PaymentMethod a PaymentIntent or SetupIntent names in `payment_method`, with Stripe's
 * refusals: unknown, spent, attached to a Customer the request does not name, or to another one.
 */
export function usablePaymentMethod(
  pm: PaymentMethodState | undefined,
  id: string,
  customer: string | undefined,
): PaymentMethodState {
  if (!pm)
    throw invalidRequest(`No such PaymentMethod: '${id}'`, { code: 'resource_missing', param: 'payment_method' });
  if (pm.spent) {
    throw invalidRequest(
      'The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again. To use a PaymentMethod multiple times, you must attach it to a Customer first.',
      { param: 'payment_method' },
    );
  }
  if (pm.customer && !customer) {
    throw invalidRequest(
      'The provided PaymentMethod belongs to a Customer. Please include the Customer in the `customer` parameter on the PaymentIntent.',
      { param: 'payment_method' },
    );
  }
  if (pm.customer && pm.customer !== customer) {
    throw invalidRequest(`The provided PaymentMethod does not belong to the Customer ${customer}.`, {
      param: 'payment_method',
    });
  }
  return pm;
}
