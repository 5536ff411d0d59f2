// Transactions calls (docs/product-rules.md#api-calls): the filtered list (POST with a body, so an SWR key of
// [path, filter]), the detail (merchant or admin path), refunds with an Idempotency-Key, CSV export.

import type { Page } from '@kassa/contract/common';
import type { MerchantListItem } from '@kassa/contract/merchants';
import type {
  CaptureBody,
  RefundBody,
  TransactionDetail,
  TransactionFilter,
  TransactionPage,
} from '@kassa/contract/transactions';
import useSWR from 'swr';
import { apiClient, apiPost } from '../../../lib/api-client.ts';

export const TRANSACTIONS_PATH = '/transaction/transaction-details/';

export const searchTransactions = (filter: TransactionFilter) =>
  apiPost<TransactionPage>(TRANSACTIONS_PATH, filter).then((r) => r.result);

/** Matches every cached page of the list (SWR's mutate filter), to reload them after a new payment. */
export const isTransactionListKey = (key: unknown) => Array.isArray(key) && key[0] === TRANSACTIONS_PATH;

export const useTransactions = (filter: TransactionFilter) =>
  useSWR<TransactionPage>(
    [TRANSACTIONS_PATH, filter],
    ([, body]: [string, TransactionFilter]) => searchTransactions(body),
    { keepPreviousData: true },
  );

/** Admins read a transaction through the admin path (docs/product-rules.md#api-calls: GET /admin/transaction/{id}/). */
export const transactionPath = (id: string, isAdmin: boolean) =>
  `${isAdmin ? '/admin' : ''}/transaction/${encodeURIComponent(id)}/`;

export const useTransaction = (id: string | undefined, isAdmin: boolean) =>
  useSWR<TransactionDetail>(id ? transactionPath(id, isAdmin) : null);

/** docs/product-rules.md#api-calls: the refund's message goes into a toast. One key per refund dialog: a retry cannot refund twice. */
export const refundTransaction = (id: string, body: RefundBody, idempotencyKey: string) =>
  apiPost<TransactionDetail>(`/transaction/${encodeURIComponent(id)}/refund/`, body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });

/** Capture all or part of an authorization; one key per dialog opening, like refunds. */
export const captureTransaction = (id: string, body: CaptureBody, idempotencyKey: string) =>
  apiPost<TransactionDetail>(`/transaction/${encodeURIComponent(id)}/capture/`, body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });

/** Release an authorization: the buyer is not charged. */
export const voidTransaction = (id: string, idempotencyKey: string) =>
  apiPost<TransactionDetail>(
    `/transaction/${encodeURIComponent(id)}/void/`,
    {},
    {
      headers: { 'Idempotency-Key': idempotencyKey },
    },
  );

/** The CSV for the same filter as the list (every page), as a file download. */
export async function exportTransactionsCsv(filter: TransactionFilter): Promise<{ blob: Blob; filename: string }> {
  const response = await apiClient.post<Blob>('/transaction/export/', filter, { responseType: 'blob' });
  const disposition = String(response.headers['content-disposition'] ?? '');
  const filename = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? 'transactions.csv';
  return { blob: response.data, filename };
}

/** Admins filter by merchant (docs/product-rules.md#roles-and-permissions: admin endpoints for merchants and transactions). */
export const useMerchantOptions = (enabled: boolean) =>
  useSWR<Page<MerchantListItem>>(enabled ? '/admin/merchant/?page=1&page_size=100' : null);
