// The customer portal (docs/product-rules.md#customer-portal): a buyer signs in with a one-time link
// e-mailed to them and sees, on the merchant's branding, their subscriptions, invoices, receipts and
// saved cards. Its session is its own cookie, for one customer of one merchant. The buyer pages import
// only types from here (no zod in the checkout entry); the zod-free rules are in customer-portal-rules.ts.
import { z } from 'zod';
import { email, isoDateTime } from './common.ts';
import { isCheckoutReturnPath } from './customer-portal-rules.ts';
import { subscriptionStatus } from './subscriptions.ts';

export {
  CHECKOUT_RETURN_PARAM,
  CUSTOMER_PORTAL_COOKIE,
  CUSTOMER_PORTAL_HINT_COOKIE,
  CUSTOMER_PORTAL_LINK_SENT,
  CUSTOMER_PORTAL_LINK_TTL_MINUTES,
  customerPortalPagePath,
  customerPortalSignInPath,
  isCheckoutReturnPath,
} from './customer-portal-rules.ts';

/** `POST /apiv1/customer-portal/merchant/{id}/sign-in-link/` */
export const portalSignInLinkBody = z.object({
  email,
  /** A public checkout's path (`/checkout/{id}`…): the link brings the buyer back there to pay with a saved card. */
  return_to: z
    .string()
    .max(200, 'Not a checkout page to return to')
    .refine(isCheckoutReturnPath, 'Not a checkout page to return to')
    .optional(),
});

/** `POST /apiv1/customer-portal/sign-in/`: the token of the e-mailed link. */
export const portalSignInBody = z.object({
  token: z.string().regex(/^[\w-]{20,200}$/, 'This sign-in link is not valid. Ask for a new one.'),
});

/** What the sign-in page shows before anyone signs in: whose portal it is. */
export const portalBrand = z.object({
  merchant_id: z.string(),
  merchant_name: z.string(),
  merchant_logo: z.string().nullable(),
});
export type PortalBrand = z.infer<typeof portalBrand>;

/** `GET /apiv1/customer-portal/me/`: the signed-in customer and the merchant's portal settings. */
export const portalMe = portalBrand.extend({
  customer_name: z.string(),
  customer_email: z.string().nullable(),
  /** The merchant lets customers cancel a subscription at the end of its period here. */
  may_cancel: z.boolean(),
  session_expires_at: isoDateTime,
});
export type PortalMe = z.infer<typeof portalMe>;

export const portalSubscription = z.object({
  id: z.string(),
  description: z.string(),
  status: subscriptionStatus,
  amount: z.number().int(),
  currency: z.string(),
  interval: z.string(),
  interval_count: z.number().int(),
  quantity: z.number().int(),
  current_period_end: isoDateTime,
  trial_end: isoDateTime.nullable(),
  cancel_at_period_end: z.boolean(),
  canceled_at: isoDateTime.nullable(),
});
export type PortalSubscription = z.infer<typeof portalSubscription>;

export const portalInvoice = z.object({
  id: z.string(),
  invoice_number: z.string(),
  status: z.string(),
  total_amount: z.number().int(),
  balance_due: z.number().int(),
  currency: z.string(),
  created_at: isoDateTime,
  due_date: z.string().nullable(),
  /** The public invoice page: where an open invoice is paid. */
  public_url: z.string(),
  pdf_url: z.string(),
});
export type PortalInvoice = z.infer<typeof portalInvoice>;

export const portalReceipt = z.object({
  id: z.string(),
  amount: z.number().int(),
  refunded_amount: z.number().int(),
  currency: z.string(),
  description: z.string().nullable(),
  paid_at: isoDateTime,
  pdf_url: z.string(),
});
export type PortalReceipt = z.infer<typeof portalReceipt>;

export const portalCard = z.object({
  id: z.string(),
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
  expired: z.boolean(),
  /** The card the merchant charges first (renewals, charges without the customer present). */
  is_default: z.boolean(),
});
export type PortalCard = z.infer<typeof portalCard>;

/** `POST /apiv1/customer-portal/cards/add-link/`: the hosted-fields page that saves a card. */
export const portalAddCardLink = z.object({ url: z.string() });

/** `POST /apiv1/customer/{id}/portal-link/`: the merchant sends (or only copies) a sign-in link. */
export const portalLinkBody = z
  .object({
    /** E-mail the link to the customer; false: only answer it, to copy. */
    send_email: z.boolean().default(true),
  })
  .optional();
export const portalLinkResult = z.object({
  url: z.string(),
  expires_at: isoDateTime,
  /** The address the link went to; null when it was not e-mailed. */
  sent_to: z.string().nullable(),
});
export type PortalLinkResult = z.infer<typeof portalLinkResult>;

/**
 * `POST /apiv1/customer-portal/checkout-binding/`: the signed-in customer pays on a public checkout of
 * the same merchant with a saved card. `token` is the checkout's card token; the answer is the same
 * checkout's card token with the customer bound (docs/product-rules.md#saved-cards-on-a-public-checkout).
 */
export const portalCheckoutBindingBody = z.object({ token: z.string().min(10).max(2000) });
export const portalCheckoutBinding = z.object({
  /** The checkout's card token, now naming the signed-in customer: its saved cards are offered and may pay. */
  token_card: z.string(),
  customer_name: z.string(),
  /** With the name, what the card fields would ask: a saved card then pays in one click. */
  customer_email: z.string().nullable(),
  /** The checkout's own end: the binding never outlives the checkout session. */
  expires_at: isoDateTime,
});
export type PortalCheckoutBinding = z.infer<typeof portalCheckoutBinding>;
