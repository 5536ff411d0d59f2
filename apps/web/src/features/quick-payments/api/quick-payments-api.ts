// Quick payment (payment link) calls (docs/product-rules.md#api-calls; docs/ARCHITECTURE.md: /quick-payment/ CRUD).
import type { Page } from '@kassa/contract/common';
import type { QuickPayment, QuickPaymentCreate, QuickPaymentPatch } from '@kassa/contract/quick-payments';
import useSWR from 'swr';
import { apiDelete, apiPatch, apiPost } from '../../../lib/api-client.ts';

/** `query` is the list's API query string (components/data-list/use-list-params.ts). */
export const useQuickPayments = (query: string) =>
  useSWR<Page<QuickPayment>>(`/quick-payment/${query}`, { keepPreviousData: true });

export const createQuickPayment = (body: QuickPaymentCreate) => apiPost<QuickPayment>('/quick-payment/', body);
export const updateQuickPayment = (id: string, body: QuickPaymentPatch) =>
  apiPatch<QuickPayment>(`/quick-payment/${encodeURIComponent(id)}/`, body);
export const deleteQuickPayment = (id: string) => apiDelete<null>(`/quick-payment/${encodeURIComponent(id)}/`);
