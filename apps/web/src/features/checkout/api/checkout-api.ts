// Calls of the public checkout pages (spec 7). Only types come from the contract: the checkout chunk
// carries no zod (vite.config.ts, ARCHITECTURE 1). Reads go through SWR with the app's fetcher;
// opening a session is a POST made by useCheckoutSession.
import type {
  CheckoutTokenData,
  InvoiceCheckoutDetails,
  ProductCheckoutDetails,
  QuickPaymentCheckoutDetails,
} from '@kassa/contract/checkout';
import type { PublicInvoice } from '@kassa/contract/invoices';
import useSWR from 'swr';
import { apiPost } from '../../../lib/api-client.ts';

const id = (value: string) => encodeURIComponent(value);

// The buyer's page should not refetch the product each time the tab regains focus.
const once = { revalidateOnFocus: false, shouldRetryOnError: false } as const;

export const useProductCheckoutDetails = (productId: string | undefined) =>
  useSWR<ProductCheckoutDetails>(productId ? `/product/checkout-details/${id(productId)}/` : null, once);

export const useQuickPaymentCheckoutDetails = (quickPaymentId: string | undefined) =>
  useSWR<QuickPaymentCheckoutDetails>(
    quickPaymentId ? `/quick-payment/checkout-details/${id(quickPaymentId)}/` : null,
    once,
  );

export const useInvoiceCheckoutDetails = (invoiceId: string | undefined) =>
  useSWR<InvoiceCheckoutDetails>(invoiceId ? `/invoice/checkout-details/${id(invoiceId)}/` : null, once);

export const usePublicInvoice = (invoiceId: string | undefined) =>
  useSWR<PublicInvoice>(invoiceId ? `/invoice/public-invoice/${id(invoiceId)}/` : null, once);

/** Spec 7: POST /product/get-checkout-token/{id}/ {quantity}; the server computes price × quantity. */
export const openProductCheckout = (productId: string, quantity: number) =>
  apiPost<CheckoutTokenData>(`/product/get-checkout-token/${id(productId)}/`, { quantity }).then((r) => r.result);

export const openQuickPaymentCheckout = (quickPaymentId: string) =>
  apiPost<CheckoutTokenData>(`/quick-payment/get-checkout-token/${id(quickPaymentId)}/`, {}).then((r) => r.result);

export const openInvoiceCheckout = (invoiceId: string) =>
  apiPost<CheckoutTokenData>(`/invoice/get-checkout-token/${id(invoiceId)}/`, {}).then((r) => r.result);

/** Spec 3 notification payload; the server checks it against the stored transaction and sends once. */
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
  apiPost<null>('/transaction/send-notification/', payload);
