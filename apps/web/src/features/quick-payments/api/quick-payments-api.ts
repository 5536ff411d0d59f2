// Quick payment (payment link) calls (docs/product-rules.md#api-calls; docs/ARCHITECTURE.md: /quick-payment/ CRUD).
import type { Page } from '@kassa/contract/common';
import type { QuickPayment, QuickPaymentCreate, QuickPaymentPatch } from '@kassa/contract/quick-payments';
import useSWR from 'swr';
import { apiDelete, apiPatch, apiPost } from '../../../lib/api-client.ts';

export interface QuickPaymentListParams {
  page: number;
  pageSize: number;
  search: string;
  sortBy: string;
}

export const quickPaymentsKey = ({ page, pageSize, search, sortBy }: QuickPaymentListParams) => {
  const query = new URLSearchParams({ page: String(page), page_size: String(pageSize), sort_by: sortBy });
  if (search) query.set('search', search);
  return `/quick-payment/?${query}`;
};

export const useQuickPayments = (params: QuickPaymentListParams) =>
  useSWR<Page<QuickPayment>>(quickPaymentsKey(params), { keepPreviousData: true });

export const createQuickPayment = (body: QuickPaymentCreate) => apiPost<QuickPayment>('/quick-payment/', body);
export const updateQuickPayment = (id: string, body: QuickPaymentPatch) =>
  apiPatch<QuickPayment>(`/quick-payment/${encodeURIComponent(id)}/`, body);
export const deleteQuickPayment = (id: string) => apiDelete<null>(`/quick-payment/${encodeURIComponent(id)}/`);
