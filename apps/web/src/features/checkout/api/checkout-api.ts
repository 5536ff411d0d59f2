// Calls of the public checkout pages (docs/product-rules.md#api-calls), through the checkout's own fetch helper. Only types
// come from the contract: the checkout bundle carries no zod, no axios and no SWR.
import type {
  ChargeResult,
  CheckoutTokenData,
  InvoiceCheckoutDetails,
  ProductCheckoutDetails,
  QuickPaymentCheckoutDetails,
} from '@kassa/contract/checkout';
import type { PortalCheckoutBinding } from '@kassa/contract/customer-portal';
import type { PublicInvoice } from '@kassa/contract/invoices';
import type { AddCardDetails, AuthenticatePaymentDetails } from '@kassa/contract/saved-cards';
import { CHECKOUT_API_BASE, checkoutRequest } from './checkout-fetch.ts';
import { useCheckoutResource } from './use-checkout-resource.ts';

const id = (value: string) => encodeURIComponent(value);

export const useProductCheckoutDetails = (productId: string) =>
  useCheckoutResource<ProductCheckoutDetails>(productId ? `/product/checkout-details/${id(productId)}/` : null);

export const useQuickPaymentCheckoutDetails = (quickPaymentId: string) =>
  useCheckoutResource<QuickPaymentCheckoutDetails>(
    quickPaymentId ? `/quick-payment/checkout-details/${id(quickPaymentId)}/` : null,
  );

export const useInvoiceCheckoutDetails = (invoiceId: string) =>
  useCheckoutResource<InvoiceCheckoutDetails>(invoiceId ? `/invoice/checkout-details/${id(invoiceId)}/` : null);

/** The buyer's copy of the invoice as a PDF: a plain link, as it needs no sign-in. */
export const publicInvoicePdfUrl = (invoiceId: string) =>
  `${CHECKOUT_API_BASE}/invoice/public-invoice/${id(invoiceId)}/pdf/`;

export const usePublicInvoice = (invoiceId: string) =>
  useCheckoutResource<PublicInvoice>(invoiceId ? `/invoice/public-invoice/${id(invoiceId)}/` : null);

/**
 * docs/product-rules.md#api-calls: POST /product/get-checkout-token/{id}/ {quantity}; the server computes price × quantity.
 * `buyerId`: the merchant's reference of the buyer from the link (?buyer_id=); sent from this public page
 * it names no customer (docs/decisions/0023-saved-cards-live-at-the-processor.md): kept as text only.
 */
export const openProductCheckout = (productId: string, quantity: number, buyerId: string | null = null) =>
  checkoutRequest<CheckoutTokenData>('POST', `/product/get-checkout-token/${id(productId)}/`, {
    quantity,
    ...(buyerId ? { buyer_id: buyerId } : {}),
  });

export const openQuickPaymentCheckout = (quickPaymentId: string) =>
  checkoutRequest<CheckoutTokenData>('POST', `/quick-payment/get-checkout-token/${id(quickPaymentId)}/`, {});

/** `amount`: the part paid now (minor units); the whole balance when left out. */
export const openInvoiceCheckout = (invoiceId: string, amount?: number) =>
  checkoutRequest<CheckoutTokenData>(
    'POST',
    `/invoice/get-checkout-token/${id(invoiceId)}/`,
    amount === undefined ? {} : { amount },
  );

/**
 * A buyer signed in to this merchant's customer portal: the checkout's card token comes back with their
 * customer bound, so the hosted fields offer their saved cards (docs/product-rules.md#saved-cards-on-a-public-checkout).
 * The portal cookie goes with it only because this path is the portal's own.
 */
export const bindSavedCards = (tokenCard: string) =>
  checkoutRequest<PortalCheckoutBinding>('POST', '/customer-portal/checkout-binding/', { token: tokenCard });

/** E-mails the portal's sign-in link, which brings the buyer back to `returnTo` (this checkout) when given. */
export const sendSavedCardSignInLink = (merchantId: string, email: string, returnTo: string | null) =>
  checkoutRequest<unknown>('POST', `/customer-portal/merchant/${id(merchantId)}/sign-in-link/`, {
    email,
    ...(returnTo ? { return_to: returnTo } : {}),
  });

/** docs/product-rules.md#entities notification payload; the server checks it against the stored transaction and sends once. */
export interface NotificationPayload {
  id: string;
  merchant_name: string;
  type: 'product' | 'quick_payment' | 'invoice';
  name: string;
  description: string;
  amount: number;
  currency: string;
  created_at: string;
  merchant_logo: string | null;
}

export const sendPaymentNotification = (payload: NotificationPayload) =>
  checkoutRequest<null>('POST', '/transaction/send-notification/', payload);

/** The add-card link's page: who asks, for whom, and the card it replaces. */
export const useAddCardDetails = (token: string) =>
  useCheckoutResource<AddCardDetails>(token ? '/pay/add-card/' : null, { 'x-add-card-token': token });

/** The page of the link e-mailed when a bank wanted the customer to approve a merchant's charge. */
export const useAuthenticatePaymentDetails = (token: string) =>
  useCheckoutResource<AuthenticatePaymentDetails>(token ? '/pay/authenticate/' : null, {
    'x-authenticate-token': token,
  });

/** Pays that charge with the same saved card, the customer present: answers with the approval URL. */
export const payAuthenticatedCharge = (token: string) =>
  checkoutRequest<ChargeResult>('POST', '/pay/authenticate/', {}, { 'x-authenticate-token': token });
