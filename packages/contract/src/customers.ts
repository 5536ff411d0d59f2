// Customers: the people a merchant sells to, kept per merchant and per mode (test customers never
// meet live money, like transactions). Saved cards, subscriptions and the links from invoices and
// transactions hang off a customer later; the shapes here leave room for them (an address a card's
// billing can reuse, a merchant reference the widget's buyer id maps to).
import { z } from 'zod';
import { calendarDate, daysInOrder, email, isoDateTime, listQuery, recordTimestamps, sortOrders } from './common.ts';
import { LOCALES } from './i18n/locales.ts';
import { paymentMode } from './transactions.ts';

export const CUSTOMER_NAME_MAX = 120;
export const CUSTOMER_REFERENCE_MAX = 100;
/** Metadata is for the merchant's own ids and labels, not a document store: a few short pairs. */
export const METADATA_MAX_KEYS = 20;
export const METADATA_KEY_MAX = 40;
export const METADATA_VALUE_MAX = 500;

export const customerAddress = z.object({
  line1: z.string().trim().min(1, 'Enter the street address').max(200, 'The street address is too long'),
  line2: z.string().trim().max(200, 'The second address line is too long').default(''),
  city: z.string().trim().min(1, 'Enter the city').max(100, 'The city is too long'),
  state: z.string().trim().max(100, 'The state is too long').default(''),
  postal_code: z.string().trim().max(20, 'The postal code is too long').default(''),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'Choose a country'),
});
export type CustomerAddress = z.infer<typeof customerAddress>;

export const customerMetadata = z
  .record(
    z.string().min(1, 'A metadata key cannot be empty').max(METADATA_KEY_MAX, 'A metadata key is too long'),
    z.string().max(METADATA_VALUE_MAX, 'A metadata value is too long'),
  )
  .refine((m) => Object.keys(m).length <= METADATA_MAX_KEYS, `Use at most ${METADATA_MAX_KEYS} metadata keys`);

/**
 * A phone number as typed; the server stores it in E.164 (apps/api/src/lib/phone.ts) and reads a
 * national number in the billing country, else the merchant's. The contract only refuses what no
 * country would take; the country-aware check is the server's.
 */
const customerPhone = z
  .string()
  .trim()
  .max(250, 'This phone number is too long')
  .refine((v) => v === '' || /\d/.test(v), 'Enter a valid phone number');

const reference = z
  .string()
  .trim()
  .min(1, 'Enter the reference or leave it out')
  .max(CUSTOMER_REFERENCE_MAX, 'The reference is too long');

const customerFields = {
  name: z.string().trim().min(1, 'Enter the customer’s name').max(CUSTOMER_NAME_MAX, 'The name is too long'),
  email: email.nullable(),
  phone: customerPhone.nullable(),
  billing_address: customerAddress.nullable(),
  /** The merchant's own id for the customer; unique per merchant and mode. */
  reference: reference.nullable(),
  metadata: customerMetadata,
  /** The language of the customer's e-mails, invoice PDFs and portal link (docs/i18n.md); null: English. */
  locale: z.enum(LOCALES, { message: `Choose a language: ${LOCALES.join(', ')}` }).nullable(),
};

export const customerCreate = z.object({
  ...customerFields,
  email: customerFields.email.optional(),
  phone: customerFields.phone.optional(),
  billing_address: customerFields.billing_address.optional(),
  reference: customerFields.reference.optional(),
  metadata: customerFields.metadata.optional(),
  locale: customerFields.locale.optional(),
  /** A portal user's Test mode switch; an API key always creates in its own mode. */
  mode: paymentMode.optional(),
  /** A test customer's subscriptions follow this test clock instead of the wall clock (test mode only). */
  test_clock_id: z.uuid({ message: 'Not a valid test clock id' }).optional(),
});
export type CustomerCreate = z.infer<typeof customerCreate>;

export const customerPatch = z
  .object(customerFields)
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to change' });
export type CustomerPatch = z.infer<typeof customerPatch>;

export const CUSTOMER_SORTS = sortOrders('created_at', 'name', 'email');
/** The saved-card filter: customers with at least one card kept, or with none. */
export const CUSTOMER_CARD_FILTERS = ['with', 'without'] as const;
const customerFilters = {
  /** Only test or only live customers; an API key sees only its own mode whatever this says. */
  mode: paymentMode.optional(),
  email: z.string().trim().max(254).optional(),
  reference: z.string().trim().max(CUSTOMER_REFERENCE_MAX).optional(),
  saved_card: z
    .enum(CUSTOMER_CARD_FILTERS, { message: `Choose saved cards: ${CUSTOMER_CARD_FILTERS.join(' or ')}` })
    .optional(),
  /** Created on or after this day (UTC), and on or before `created_to`. */
  created_from: calendarDate.optional(),
  created_to: calendarDate.optional(),
};
const createdInOrder = (q: { created_from?: string | undefined; created_to?: string | undefined }) =>
  daysInOrder(q.created_from, q.created_to);
const createdOrderRefusal = { message: 'The start date is after the end date', path: ['created_from'] };

export const customerListQuery = listQuery
  .extend({
    ...customerFilters,
    sort_by: z.enum(CUSTOMER_SORTS, { message: `Sort by one of ${CUSTOMER_SORTS.join(', ')}` }).optional(),
  })
  .refine(createdInOrder, createdOrderRefusal);
export type CustomerListQuery = z.infer<typeof customerListQuery>;
/** The CSV export takes the list's filters and search, and gives every matching customer. */
export const customerExportQuery = z
  .object({ ...customerFilters, search: listQuery.shape.search })
  .refine(createdInOrder, createdOrderRefusal);
export type CustomerExportQuery = z.infer<typeof customerExportQuery>;

export const customerSchema = z.object({
  id: z.string(),
  merchant_id: z.string(),
  mode: paymentMode,
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  billing_address: customerAddress.nullable(),
  reference: z.string().nullable(),
  metadata: z.record(z.string(), z.string()),
  locale: z.enum(LOCALES).nullable(),
  test_clock_id: z.string().nullable(),
  ...recordTimestamps,
});
export type Customer = z.infer<typeof customerSchema>;

/** What `customer.deleted` carries: the customer as it was, with when it was deleted. */
export const deletedCustomerSchema = customerSchema.extend({ deleted_at: isoDateTime });

export const CUSTOMER_MESSAGES = {
  created: 'Customer created.',
  updated: 'Customer updated.',
  deleted: 'Customer deleted.',
  notFound: 'Customer not found.',
  referenceTaken: 'Another customer of this mode already has this reference.',
} as const;
