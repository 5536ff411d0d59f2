// Invoice calls (docs/product-rules.md#api-calls: /invoice/ list, create, update, delete, number suggestion, products, payment
// options; send and copy).
import type { Page } from '@kassa/contract/common';
import type {
  Invoice,
  InvoiceBody,
  InvoiceNumberSuggestion,
  InvoiceSummary,
  PaymentOptionEntry,
} from '@kassa/contract/invoices';
import type { ProductOption } from '@kassa/contract/products';
import useSWR from 'swr';
import { apiDelete, apiPost, apiPut } from '../../../lib/api-client.ts';

export const isInvoiceListKey = (key: unknown) => typeof key === 'string' && key.startsWith('/invoice/?');

/** `query` is the list's API query string (components/data-list/use-list-params.ts). */
export const useInvoices = (query: string) =>
  useSWR<Page<InvoiceSummary>>(`/invoice/${query}`, { keepPreviousData: true });

const invoicePath = (id: string) => `/invoice/${encodeURIComponent(id)}/`;

export const useInvoice = (id: string | null) =>
  useSWR<Invoice>(id ? invoicePath(id) : null, { revalidateOnFocus: false });
export const useInvoiceNumberSuggestion = (enabled: boolean) =>
  useSWR<InvoiceNumberSuggestion>(enabled ? '/invoice/invoice-number-suggestion/' : null, {
    revalidateOnFocus: false,
  });
export const useInvoiceProducts = () => useSWR<ProductOption[]>('/invoice/products/', { revalidateOnFocus: false });
export const usePaymentOptions = () =>
  useSWR<PaymentOptionEntry[]>('/invoice/payment-options/', { revalidateOnFocus: false });

export const createInvoice = (body: InvoiceBody) => apiPost<Invoice>('/invoice/', body);
export const updateInvoice = (id: string, body: InvoiceBody) => apiPut<Invoice>(invoicePath(id), body);
/** A draft is deleted; a sent or viewed invoice is voided (the server decides and says which). */
export const deleteInvoice = (id: string) => apiDelete<null>(invoicePath(id));
export const sendInvoice = (id: string) => apiPost<Invoice>(`${invoicePath(id)}send/`);
export const copyInvoice = (id: string) => apiPost<Invoice>(`${invoicePath(id)}copy/`);
