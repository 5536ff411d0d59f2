// The customer form's fields as typed (every box a string) and their way into the contract's schema:
// empty boxes become "not given", so the server clears them, and an address counts only once any of
// its boxes is filled (then the contract asks for its street, city and country).
import { type Customer, customerCreate } from '@kassa/contract/customers';
import type { Locale } from '@kassa/contract/i18n/locales';
import { z } from 'zod';

const orNull = (value: string) => (value.trim() === '' ? null : value);

const addressForm = z.object({
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
  country: z.string(),
});

/** What the form sends: the create body without the mode (the switch's) and the metadata (API only). */
const customerFormTarget = customerCreate.omit({ mode: true, metadata: true });

export const customerForm = z
  .object({
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    reference: z.string(),
    /** '' for the merchant's default (English), else one of LOCALES. */
    locale: z.string(),
    billing_address: addressForm,
  })
  .transform(
    (v): z.input<typeof customerFormTarget> => ({
      name: v.name,
      email: orNull(v.email),
      phone: orNull(v.phone),
      reference: orNull(v.reference),
      locale: (orNull(v.locale) as Locale | null) ?? null,
      billing_address: Object.values(v.billing_address).some((s) => s.trim() !== '') ? v.billing_address : null,
    }),
  )
  .pipe(customerFormTarget);

export type CustomerFormValues = z.input<typeof customerForm>;
export type CustomerFormOutput = z.output<typeof customerForm>;

const emptyAddress = (): CustomerFormValues['billing_address'] => ({
  line1: '',
  line2: '',
  city: '',
  state: '',
  postal_code: '',
  country: '',
});

export const emptyCustomerForm = (): CustomerFormValues => ({
  name: '',
  email: '',
  phone: '',
  reference: '',
  locale: '',
  billing_address: emptyAddress(),
});

export const customerToForm = (c: Customer): CustomerFormValues => ({
  name: c.name,
  email: c.email ?? '',
  phone: c.phone ?? '',
  reference: c.reference ?? '',
  locale: c.locale ?? '',
  billing_address: c.billing_address ?? emptyAddress(),
});

/** The fields a server's field error may name. */
export const CUSTOMER_FIELDS = [
  'name',
  'email',
  'phone',
  'reference',
  'locale',
  'billing_address.line1',
  'billing_address.line2',
  'billing_address.city',
  'billing_address.state',
  'billing_address.postal_code',
  'billing_address.country',
] as const;
