// The inputs of the hosted fields page: the card inputs, then the billing fields of docs/product-rules.md#checkout-payment-panel in the
// order the widget configuration lists them. Ids and names are stable: e2e tests fill them.
import type { BillingField } from '../options.ts';

export type FieldId =
  | 'card-number'
  | 'card-expiry'
  | 'card-cvc'
  | 'billing-first-name'
  | 'billing-last-name'
  | 'billing-email'
  | 'billing-line1'
  | 'billing-city'
  | 'billing-state'
  | 'billing-zip-code'
  | 'billing-country'
  | 'billing-postal-code';

export interface FieldSpec {
  id: FieldId;
  name: string;
  label: string;
  autocomplete: string;
  kind: 'text' | 'email' | 'select';
  inputMode?: 'numeric' | 'email';
  placeholder?: string;
  maxLength?: number;
  optional?: boolean;
  /** Two half-width fields share a row. */
  half?: boolean;
}

export const CARD_FIELDS: readonly FieldSpec[] = [
  {
    id: 'card-number',
    name: 'cardnumber',
    label: 'Card number',
    autocomplete: 'cc-number',
    kind: 'text',
    inputMode: 'numeric',
    placeholder: '1234 1234 1234 1234',
    maxLength: 23, // 19 digits and 4 spaces
  },
  {
    id: 'card-expiry',
    name: 'exp-date',
    label: 'Expiry (MM / YY)',
    autocomplete: 'cc-exp',
    kind: 'text',
    inputMode: 'numeric',
    placeholder: 'MM / YY',
    maxLength: 7,
    half: true,
  },
  {
    id: 'card-cvc',
    name: 'cvc',
    label: 'Security code (CVC)',
    autocomplete: 'cc-csc',
    kind: 'text',
    inputMode: 'numeric',
    placeholder: 'CVC',
    maxLength: 4,
    half: true,
  },
];

export const BILLING_FIELDS: Readonly<Record<BillingField, FieldSpec>> = {
  firstName: {
    id: 'billing-first-name',
    name: 'firstName',
    label: 'First name',
    autocomplete: 'given-name',
    kind: 'text',
    maxLength: 80,
    half: true,
  },
  lastName: {
    id: 'billing-last-name',
    name: 'lastName',
    label: 'Last name',
    autocomplete: 'family-name',
    kind: 'text',
    maxLength: 80,
    half: true,
  },
  email: {
    id: 'billing-email',
    name: 'emailAddress',
    label: 'Email address',
    autocomplete: 'email',
    kind: 'email',
    inputMode: 'email',
    maxLength: 254,
  },
  'address.line1': {
    id: 'billing-line1',
    name: 'line1',
    label: 'Address',
    autocomplete: 'address-line1',
    kind: 'text',
    maxLength: 200,
  },
  'address.city': {
    id: 'billing-city',
    name: 'city',
    label: 'City',
    autocomplete: 'address-level2',
    kind: 'text',
    maxLength: 100,
    half: true,
  },
  'address.state': {
    id: 'billing-state',
    name: 'state',
    label: 'State / region',
    autocomplete: 'address-level1',
    kind: 'text',
    maxLength: 100,
    optional: true,
    half: true,
  },
  'address.zipCode': {
    id: 'billing-zip-code',
    name: 'zipCode',
    label: 'ZIP code',
    autocomplete: 'postal-code',
    kind: 'text',
    maxLength: 20,
    optional: true,
    half: true,
  },
  'address.country': {
    id: 'billing-country',
    name: 'country',
    label: 'Country',
    autocomplete: 'country',
    kind: 'select',
    half: true,
  },
  'address.postalCode': {
    id: 'billing-postal-code',
    name: 'postalCode',
    label: 'Postal code',
    autocomplete: 'postal-code',
    kind: 'text',
    maxLength: 20,
    optional: true,
    half: true,
  },
};

/** What buyers in each country call the postal code; "Postal code" elsewhere. */
const POSTAL_CODE_LABELS: Readonly<Record<string, string>> = {
  US: 'ZIP code',
  GB: 'Postcode',
  AU: 'Postcode',
  NZ: 'Postcode',
  IE: 'Eircode',
  IN: 'PIN code',
  DE: 'Postleitzahl',
  AT: 'Postleitzahl',
  CH: 'Postleitzahl',
  IT: 'CAP',
  BR: 'CEP',
};

export const postalCodeLabel = (country: string) => POSTAL_CODE_LABELS[country.toUpperCase()] ?? 'Postal code';

/** Where the API's field error paths (charge 400 envelope) show on this page. */
export const ERROR_PATH_FIELD: Readonly<Record<string, FieldId>> = {
  card: 'card-number',
  'card.number': 'card-number',
  'card.expiry': 'card-expiry',
  'card.exp_month': 'card-expiry',
  'card.exp_year': 'card-expiry',
  'card.cvv': 'card-cvc',
  'card.cvc': 'card-cvc',
  'billing.firstName': 'billing-first-name',
  'billing.lastName': 'billing-last-name',
  'billing.emailAddress': 'billing-email',
  'billing.address': 'billing-line1',
  'billing.address.line1': 'billing-line1',
  'billing.address.city': 'billing-city',
  'billing.address.state': 'billing-state',
  'billing.address.zipCode': 'billing-zip-code',
  'billing.address.country': 'billing-country',
  'billing.address.postalCode': 'billing-postal-code',
};
