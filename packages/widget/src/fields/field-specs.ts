// The inputs of the hosted fields page: the card inputs, then the billing fields of docs/product-rules.md#checkout-payment-panel in the
// order the widget configuration lists them. Ids and names are stable: e2e tests fill them.
import type { HostedFieldsKey } from '@kassa/contract/i18n/catalogues/hosted-fields.en';
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
  /** Catalogue keys (hosted-fields.<locale>.ts): the page draws them in the buyer's language. */
  label: HostedFieldsKey;
  autocomplete: string;
  kind: 'text' | 'email' | 'select';
  inputMode?: 'numeric' | 'email';
  placeholder?: HostedFieldsKey | { example: string };
  maxLength?: number;
  optional?: boolean;
  /** Two half-width fields share a row. */
  half?: boolean;
}

export const CARD_FIELDS: readonly FieldSpec[] = [
  {
    id: 'card-number',
    name: 'cardnumber',
    label: 'field.cardNumber',
    autocomplete: 'cc-number',
    kind: 'text',
    inputMode: 'numeric',
    placeholder: { example: '1234 1234 1234 1234' }, // digits, the same in every language
    maxLength: 23, // 19 digits and 4 spaces
  },
  {
    id: 'card-expiry',
    name: 'exp-date',
    label: 'field.expiry',
    autocomplete: 'cc-exp',
    kind: 'text',
    inputMode: 'numeric',
    placeholder: 'placeholder.expiry',
    maxLength: 7,
    half: true,
  },
  {
    id: 'card-cvc',
    name: 'cvc',
    label: 'field.cvc',
    autocomplete: 'cc-csc',
    kind: 'text',
    inputMode: 'numeric',
    placeholder: 'placeholder.cvc',
    maxLength: 4,
    half: true,
  },
];

export const BILLING_FIELDS: Readonly<Record<BillingField, FieldSpec>> = {
  firstName: {
    id: 'billing-first-name',
    name: 'firstName',
    label: 'field.firstName',
    autocomplete: 'given-name',
    kind: 'text',
    maxLength: 80,
    half: true,
  },
  lastName: {
    id: 'billing-last-name',
    name: 'lastName',
    label: 'field.lastName',
    autocomplete: 'family-name',
    kind: 'text',
    maxLength: 80,
    half: true,
  },
  email: {
    id: 'billing-email',
    name: 'emailAddress',
    label: 'field.email',
    autocomplete: 'email',
    kind: 'email',
    inputMode: 'email',
    maxLength: 254,
  },
  'address.line1': {
    id: 'billing-line1',
    name: 'line1',
    label: 'field.line1',
    autocomplete: 'address-line1',
    kind: 'text',
    maxLength: 200,
  },
  'address.city': {
    id: 'billing-city',
    name: 'city',
    label: 'field.city',
    autocomplete: 'address-level2',
    kind: 'text',
    maxLength: 100,
    half: true,
  },
  'address.state': {
    id: 'billing-state',
    name: 'state',
    label: 'field.state',
    autocomplete: 'address-level1',
    kind: 'text',
    maxLength: 100,
    optional: true,
    half: true,
  },
  'address.zipCode': {
    id: 'billing-zip-code',
    name: 'zipCode',
    label: 'postal.zipCode',
    autocomplete: 'postal-code',
    kind: 'text',
    maxLength: 20,
    optional: true,
    half: true,
  },
  'address.country': {
    id: 'billing-country',
    name: 'country',
    label: 'field.country',
    autocomplete: 'country',
    kind: 'select',
    half: true,
  },
  'address.postalCode': {
    id: 'billing-postal-code',
    name: 'postalCode',
    label: 'field.postalCode',
    autocomplete: 'postal-code',
    kind: 'text',
    maxLength: 20,
    optional: true,
    half: true,
  },
};

/** What buyers in each country call the postal code; "Postal code" elsewhere. */
const POSTAL_CODE_LABELS: Readonly<Record<string, HostedFieldsKey>> = {
  US: 'postal.zipCode',
  GB: 'postal.postcode',
  AU: 'postal.postcode',
  NZ: 'postal.postcode',
  IE: 'postal.eircode',
  IN: 'postal.pinCode',
  DE: 'postal.plz',
  AT: 'postal.plz',
  CH: 'postal.plz',
  IT: 'postal.cap',
  BR: 'postal.cep',
};

export const postalCodeLabel = (country: string): HostedFieldsKey =>
  POSTAL_CODE_LABELS[country.toUpperCase()] ?? 'field.postalCode';

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
