// Saved cards: a customer's card kept at the processor. Kassa keeps the processor's token and
// what a person needs to recognise the card (brand, last 4, expiry), never the number or the CVC
// (docs/decisions/0023-saved-cards-live-at-the-processor.md). The zod-free payment method labels stay in payment-methods.ts.
import { z } from 'zod';
import { buyerPagePath } from './buyer-pages.ts';
import { currencyCode, isoDateTime, minorAmount } from './common.ts';
import { maxChars } from './text-length.ts';
import { paymentMode } from './transactions.ts';

/** The widget's `store` option (docs/product-rules.md card widget options): true, false, "ask" or "preselect". */
export const storeOption = z.union([z.boolean(), z.enum(['ask', 'preselect'])], {
  message: 'Store must be true, false, "ask" or "preselect"',
});
export type StoreOption = z.infer<typeof storeOption>;

/** Who started a payment with a saved card: the buyer at the checkout, or the merchant without the buyer. */
export const PAYMENT_INITIATORS = ['customer', 'merchant'] as const;
export const paymentInitiator = z.enum(PAYMENT_INITIATORS);
export type PaymentInitiator = z.infer<typeof paymentInitiator>;

/** A saved card as the merchant's API and portal show it. */
export const savedCardSchema = z.object({
  id: z.string(),
  customer_id: z.string(),
  mode: paymentMode,
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
  /** The same card gives the same fingerprint on one processor account ("already saved"). Never shown to buyers. */
  fingerprint: z.string(),
  /** The processor the card lives on ("sandbox", "stripe", "adyen"): a saved card is charged only there. */
  processor: z.string(),
  connection_id: z.string().nullable(),
  /** When the buyer agreed to keep the card, on which page (its address), and the text they were shown. */
  consent_at: isoDateTime,
  consent_page: z.string(),
  consent_text: z.string(),
  /** The expiry month is over: the card cannot be charged any more. */
  expired: z.boolean(),
  /**
   * The card expires before the customer's next expected charge (with no schedule yet: before the end of
   * next month), so the customer page flags it and offers to send a link to replace it.
   */
  expiring: z.boolean(),
  created_at: isoDateTime,
});
export type SavedCardView = z.infer<typeof savedCardSchema>;
export const savedCardList = z.array(savedCardSchema);

/** What `payment_method.detached` carries: the card as it was, with when it was removed. */
export const detachedSavedCardSchema = savedCardSchema.extend({ detached_at: isoDateTime });

/**
 * `POST /apiv1/customer/{id}/payment-method/sync/`: the customer's cards checked against what their
 * processors keep now. A card the processor no longer has is removed (payment_method.detached), one it
 * renewed takes the new expiry or number (payment_method.updated); cards the processor keeps that were
 * not saved through Kassa are only counted (no consent was recorded for them here).
 */
export const cardSyncResult = z.object({
  /** Kassa's cards compared with their processor's list. */
  checked: z.number().int(),
  removed: z.number().int(),
  updated: z.number().int(),
  /** Gone at the processor but a payment on it is still waiting for its outcome: removed by a later check. */
  kept_while_paying: z.number().int(),
  /**
   * Cards left as they were: their processor could not be asked, or they were saved minutes ago (a
   * processor may list a new card only a little later).
   */
  not_checked: z.number().int(),
  not_saved_through_kassa: z.number().int(),
});
export type CardSyncResult = z.infer<typeof cardSyncResult>;

export const CARD_SYNC_MESSAGES = {
  failed: (processor: string) =>
    `${processor} could not be asked for the customer's cards. Nothing was changed; try again later.`,
  paymentUnderWay:
    'A payment on this card is still waiting for its outcome; the card is removed once it has finished. Send the event again later.',
} as const;

/** What the hosted fields may show a buyer of a saved card: no fingerprint, no processor details. */
export const checkoutSavedCard = savedCardSchema.pick({
  id: true,
  brand: true,
  last4: true,
  exp_month: true,
  exp_year: true,
  expired: true,
});
export type CheckoutSavedCard = z.infer<typeof checkoutSavedCard>;

/** `/:id/payment-method/:pm/` */
export const paymentMethodParams = z.object({
  id: z.uuid({ message: 'Not a valid id' }),
  pm: z.uuid({ message: 'Not a valid saved card id' }),
});

/**
 * `POST /apiv1/customer/{id}/charge/`: a merchant-initiated charge on a saved card (portal "Charge card",
 * the Virtual Terminal's "Saved card" tab, or an API key with payments:write). Answered with the
 * checkout charge's `chargeResult` (checkout.ts). Idempotency-Key makes a retry answer the first charge.
 */
export const customerChargeBody = z.object({
  payment_method_id: z.uuid({ message: 'Choose a saved card' }),
  amount: minorAmount.min(1, 'Enter an amount above zero'),
  currency: currencyCode,
  description: maxChars(z.string().trim(), 500, 'Description is too long').optional(),
  /** Authorize only: capture (or void) later from the transaction, as the Virtual Terminal's switch. */
  authorize_only: z.boolean().default(false),
});
export type CustomerChargeBody = z.input<typeof customerChargeBody>;

/** `POST /apiv1/customer/{id}/payment-method/replace-link/`: e-mail the customer a link to add a card. */
export const replaceCardLinkBody = z
  .object({
    /** The expiring card the new one replaces (removed once the new card is saved); left out: just add one. */
    payment_method_id: z.uuid({ message: 'Not a valid saved card id' }).optional(),
  })
  .optional();
export const replaceCardLinkResult = z.object({
  /** Where the link went (the customer's e-mail address). */
  sent_to: z.string(),
  expires_at: isoDateTime,
});
export type ReplaceCardLinkResult = z.infer<typeof replaceCardLinkResult>;

/**
 * The public add-card page's address: the token is the credential and binds one customer. The page
 * sends it to the API in the `x-add-card-token` header (too long for a path segment).
 */
export const ADD_CARD_PAGE_PREFIX = buyerPagePath('add-card', '');
export const addCardPagePath = (token: string) => buyerPagePath('add-card', token);
export const addCardTokenHeaders = z.object({
  'x-add-card-token': z.string().regex(/^[\w.-]{20,2000}$/, 'This link is not valid'),
});

/** `GET /apiv1/pay/add-card/` (header x-add-card-token): what the add-card page shows. */
export const addCardDetails = z.object({
  merchant_name: z.string(),
  merchant_logo: z.string().nullable(),
  customer_name: z.string(),
  /** The card this one replaces, when the link was sent for one. */
  replaces: checkoutSavedCard.nullable(),
  consent_text: z.string(),
  expires_at: isoDateTime,
});
export type AddCardDetails = z.infer<typeof addCardDetails>;

/**
 * The page a customer opens from the e-mail sent when their bank declined a merchant-initiated charge
 * for want of authentication (failure_code `authentication_required`): they pay it themselves, with the
 * same saved card, and approve it with their bank (3-D Secure). The link's token is the credential,
 * sent in the `x-authenticate-token` header; it opens this one payment and nothing else.
 */
export const authenticatePaymentHeaders = z.object({
  'x-authenticate-token': z.string().regex(/^[\w.-]{20,2000}$/, 'This link is not valid'),
});
export const authenticatePaymentDetails = z.object({
  merchant_name: z.string(),
  merchant_logo: z.string().nullable(),
  customer_name: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  description: z.string().nullable(),
  card: checkoutSavedCard,
  /** Paid already (through this link): the page says so instead of offering to pay again. */
  paid: z.boolean(),
  expires_at: isoDateTime,
});
export type AuthenticatePaymentDetails = z.infer<typeof authenticatePaymentDetails>;
export const authenticatePaymentPagePath = (token: string) => buyerPagePath('authenticate-payment', token);
