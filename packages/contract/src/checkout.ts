// Public checkout: what the buyer's pages read and what the hosted card fields post (docs/product-rules.md#product-checkout, docs/product-rules.md#checkout-payment-panel,
// 3; docs/ARCHITECTURE.md "Payments").
import { z } from 'zod';
import { currencyCode, email, isoDateTime, optionalEmail } from './common.ts';
import { CUSTOMER_REFERENCE_MAX } from './customers.ts';
import { invoiceSummary } from './invoices.ts';
import { merchantFields } from './merchant-fields.ts';
import { productSchema } from './products.ts';
import { quickPaymentSchema } from './quick-payments.ts';
import { checkoutSavedCard, storeOption } from './saved-cards.ts';
import { maxChars } from './text-length.ts';
import { transactionDetail } from './transactions.ts';

export const merchantData = merchantFields.pick({
  name: true,
  logo: true,
  address: true,
  city: true,
  state: true,
  country: true,
  phone: true,
  phone_international: true,
  master_merchant_logo: true,
});
export type MerchantData = z.infer<typeof merchantData>;

// What the buyer's page shows of a product or a link: some of its own fields, and the merchant's.
/** A recurring price on a product or payment link: its checkout subscribes (subscribe-at-checkout.ts). */
export const recurringOffer = z.object({
  price_id: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  interval: z.enum(['day', 'week', 'month', 'year']),
  interval_count: z.number().int(),
  trial_days: z.number().int(),
});

export const productCheckoutDetails = productSchema
  .pick({
    id: true,
    image: true,
    name: true,
    description: true,
    price_per_unit: true,
    currency: true,
    message_type: true,
    message: true,
  })
  .extend({ merchant_data: merchantData, recurring: recurringOffer.nullable() });
export type ProductCheckoutDetails = z.infer<typeof productCheckoutDetails>;

export const quickPaymentCheckoutDetails = quickPaymentSchema
  .pick({ id: true, name: true, description: true, amount: true, currency: true })
  .extend({ merchant_data: merchantData, recurring: recurringOffer.nullable() });
export type QuickPaymentCheckoutDetails = z.infer<typeof quickPaymentCheckoutDetails>;

// Here the status is plain text, not the invoice status enum.
export const invoiceCheckoutDetails = invoiceSummary
  .extend({ merchant_data: merchantData, status: z.string(), is_paid: z.boolean() })
  .pick({
    id: true,
    merchant_data: true,
    invoice_number: true,
    customer_first_name: true,
    customer_last_name: true,
    customer_email: true,
    due_date: true,
    currency: true,
    total_amount: true,
    amount_paid: true,
    balance_due: true,
    status: true,
    is_paid: true,
  })
  .extend({ deposit_amount: z.number().int(), allow_partial: z.boolean() });
export type InvoiceCheckoutDetails = z.infer<typeof invoiceCheckoutDetails>;

export const INTENTS = ['authorize', 'preferAuthorize', 'capture'] as const;
export type Intent = (typeof INTENTS)[number];

export const embedData = z.object({
  amount: z.number().int(),
  intent: z.enum(INTENTS),
  currency: z.string(),
  country: z.string(),
  metadata: z.record(z.string(), z.string()),
  buyer_id: z.string(),
});
export type EmbedData = z.infer<typeof embedData>;

/** docs/product-rules.md#entities "checkout token data": one signed session per section (card and non-card). */
export const checkoutTokenData = z.object({
  merchant_id: z.string(),
  token_card: z.string().nullable(),
  token: z.string().nullable(),
  embed_data_card: embedData.nullable(),
  embed_data: embedData.nullable(),
  comment: z.string().nullable(),
  expires_at: isoDateTime,
  gift_cards_accepted: z.boolean(),
  /** Card payments of this session go to the sandbox or a processor's test account: no real money moves. */
  test_mode: z.boolean(),
});
export type CheckoutTokenData = z.infer<typeof checkoutTokenData>;

/**
 * What every checkout token request may add. `buyer_id` is the merchant's reference of the
 * customer: it binds that customer (saved cards offered, one-click pay) only when the caller is the
 * merchant (an API key or a portal session); from a public request it is kept as the buyer id and binds
 * nothing. `store` fixes the widget's store option for this checkout.
 */
const checkoutTokenFields = {
  buyer_id: z
    .string()
    .trim()
    .min(1, 'Enter the buyer id or leave it out')
    .max(CUSTOMER_REFERENCE_MAX, 'The buyer id is too long')
    .optional(),
  store: storeOption.optional(),
};

export const MAX_QUANTITY = 1000;
export const productTokenBody = z.object({
  quantity: z.number().int('Quantity must be a whole number').min(1, 'Quantity must be at least 1').max(MAX_QUANTITY),
  ...checkoutTokenFields,
});
/** The quick-payment and invoice token requests: nothing required. */
export const checkoutTokenBody = z.object(checkoutTokenFields).optional();
/** An invoice's token: `amount` is the part paid now (docs/product-rules.md#partial-payments), the balance when left out. */
export const invoiceCheckoutTokenBody = z
  .object({
    ...checkoutTokenFields,
    amount: z
      .number({ message: 'Enter the amount in minor units (cents)' })
      .int('Use a whole number of minor units (cents)')
      .positive('Enter an amount above zero')
      .max(99_999_999, 'The amount is too large')
      .optional(),
  })
  .optional();

export const billingAddress = z.object({
  line1: maxChars(z.string().trim().min(1, 'Enter the street address'), 200),
  city: maxChars(z.string().trim().min(1, 'Enter the city'), 100),
  state: maxChars(z.string().trim(), 100).default(''),
  zipCode: maxChars(z.string().trim(), 20).default(''),
  postalCode: maxChars(z.string().trim(), 20).default(''),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'Choose a country'),
});

export const billingDetails = z.object({
  firstName: maxChars(z.string().trim().min(1, 'Enter the first name'), 80),
  lastName: maxChars(z.string().trim().min(1, 'Enter the last name'), 80),
  emailAddress: email,
  address: billingAddress.optional(),
});
export type BillingDetails = z.infer<typeof billingDetails>;
/**
 * What a charge body may carry: a virtual terminal payment needs no name or e-mail. The API holds a
 * buyer checkout to `billingDetails` and a terminal one to its receipt choice (charge.service.ts).
 */
export const chargeBillingDetails = billingDetails.extend({
  firstName: maxChars(z.string().trim(), 80).default(''),
  lastName: maxChars(z.string().trim(), 80).default(''),
  emailAddress: optionalEmail.default(''),
});

/** Card data exists only in this request body, typed into the hosted fields page; never stored. */
export const cardInput = z.object({
  number: z
    .string()
    .transform((s) => s.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'Enter a valid card number')),
  exp_month: z.number().int().min(1, 'Invalid expiry month').max(12, 'Invalid expiry month'),
  exp_year: z.number().int().min(2000).max(2100),
  cvc: z.string().regex(/^\d{3,4}$/, 'Enter the 3 or 4 digit security code'),
  /** The name printed on the card; without it the billing name is sent to processors that take one. */
  holder_name: maxChars(z.string().trim().min(1), 80).optional(),
});

export const giftCardInput = z.object({
  code: z.string().trim().min(4).max(40),
  pin: z
    .string()
    .trim()
    .regex(/^\d{4,8}$/, 'Enter the gift card PIN'),
});

export const chargeBody = z.object({
  token: z.string().min(10).max(2000),
  method: z.enum(['card', 'wallet']),
  card: cardInput.optional(),
  billing: chargeBillingDetails,
  gift_card: giftCardInput.optional(),
  /** The buyer agreed to keep the typed card (the store option's checkbox ticked, or store `true`). */
  save_card: z.boolean().optional(),
  /**
   * The words the buyer agreed under, kept with the card: `notice` when the page told them the card is
   * saved (store `true`), `checkbox` (the default) when they ticked "Save this card for future payments".
   */
  save_card_shown: z.enum(['notice', 'checkbox']).optional(),
  /**
   * Where the buyer agreed, when the card fields were embedded in the merchant's own page (the widget):
   * that page's origin. Left out, or Kassa's own, the consent names Kassa's checkout page.
   */
  save_card_page: z.url({ message: 'Not a valid page address' }).max(2000).optional(),
  /** Pay with a saved card of the customer the token binds, instead of `card`. */
  payment_method_id: z.uuid({ message: 'Not a valid saved card id' }).optional(),
});
export type ChargeBody = z.input<typeof chargeBody>;

/**
 * `POST /apiv1/pay/subscribe/`: a buyer subscribes on a checkout whose product or link carries a
 * recurring price. `consent` is the authorisation box; the API refuses without it, with a sentence.
 */
export const subscribeBody = chargeBody
  .pick({ token: true, billing: true })
  .extend({ card: cardInput, consent: z.boolean().optional() });
export type SubscribeBody = z.input<typeof subscribeBody>;

export const subscribeResult = z.object({
  subscription_id: z.string(),
  status: z.string(),
  trial_end: isoDateTime.nullable(),
  current_period_end: isoDateTime,
  /** The authorisation recorded on the subscription, word for word. */
  consent_text: z.string(),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
});
export type SubscribeResult = z.infer<typeof subscribeResult>;

/**
 * `GET /apiv1/pay/session/` (header x-checkout-token): what the hosted fields need to offer saving and
 * saved cards for this checkout.
 */
export const checkoutCardSession = z.object({
  /** The store option the merchant fixed when minting the token; null: the widget's own option applies (none: false). */
  store: storeOption.nullable(),
  /** False when the checkout's card processor keeps no vault: no "save" checkbox whatever `store` says. */
  can_save: z.boolean(),
  /** The token binds a customer (minted by the merchant with a buyer id): only then are saved cards offered. */
  customer_bound: z.boolean(),
  /** The bound customer's cards on this checkout's processor, newest first (expired ones included, marked). */
  saved_cards: z.array(checkoutSavedCard),
  /**
   * The checkout's product or link carries a recurring price: what the widget with paymentSource
   * 'recurring' shows and asks the buyer to tick before subscribing. Absent from older servers.
   */
  subscription: z
    .object({ label: z.string(), trial: z.string().nullable(), consent_text: z.string() })
    .nullable()
    .optional(),
});
export type CheckoutCardSession = z.infer<typeof checkoutCardSession>;

/** `POST /apiv1/pay/add-card/` (header x-add-card-token): save a card without paying (the replace link's page). */
export const addCardBody = z.object({
  card: cardInput,
  billing: billingDetails.pick({ firstName: true, lastName: true, address: true }).optional(),
});
export type AddCardBody = z.input<typeof addCardBody>;
export const addCardResult = z.object({ card: checkoutSavedCard });

/** What the widget's completion callback receives (docs/product-rules.md#entities: id, status, payment method with approval URL). */
export const chargeResult = transactionDetail
  .pick({
    id: true,
    status: true,
    amount: true,
    currency: true,
    method: true,
    gift_card_amount: true,
    failure_reason: true,
    failure_code: true,
  })
  .extend({
    payment_method: z.object({
      approval_url: z.string().nullable(),
      brand: z.string().nullable(),
      last4: z.string().nullable(),
    }),
  });
export type ChargeResult = z.infer<typeof chargeResult>;

export const approvalDecisionBody = z.object({ decision: z.enum(['approve', 'decline']) });

export const notificationPayload = z.object({
  id: z.string(),
  merchant_name: z.string().optional(),
  type: z.enum(['product', 'quick_payment', 'invoice']).optional(),
  name: z.string().optional(),
  description: z.string().optional(),
  amount: z.number().optional(),
  currency: currencyCode.optional(),
  created_at: z.string().optional(),
  merchant_logo: z.string().nullable().optional(),
  buyer_first_name: z.string().optional(),
  buyer_last_name: z.string().optional(),
});
