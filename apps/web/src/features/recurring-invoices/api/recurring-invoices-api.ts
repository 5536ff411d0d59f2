// Recurring invoice calls (docs/merchant-api.md "Recurring invoices"): list, read, create, change,
// start, pause, resume, stop, delete a draft.
import type { Page } from '@kassa/contract/common';
import type {
  RecurringInvoice,
  RecurringInvoiceCreateBody,
  recurringInvoicePatch,
} from '@kassa/contract/recurring-invoices';
import useSWR from 'swr';
import type { z } from 'zod';
import { apiDelete, apiPatch, apiPost } from '../../../lib/api-client.ts';

/** `query` is the list's API query string (components/data-list/use-list-params.ts). */
export const useRecurringInvoices = (query: string) =>
  useSWR<Page<RecurringInvoice>>(`/recurring-invoice/${query}`, { keepPreviousData: true });

const itemPath = (id: string) => `/recurring-invoice/${encodeURIComponent(id)}/`;
export const useRecurringInvoice = (id: string | undefined) => useSWR<RecurringInvoice>(id ? itemPath(id) : null);

export const createRecurringInvoice = (body: RecurringInvoiceCreateBody) =>
  apiPost<RecurringInvoice>('/recurring-invoice/', body);
export const patchRecurringInvoice = (id: string, body: z.input<typeof recurringInvoicePatch>) =>
  apiPatch<RecurringInvoice>(itemPath(id), body);
export const deleteRecurringInvoice = (id: string) => apiDelete<null>(itemPath(id));
export type RecurringAction = 'start' | 'pause' | 'resume' | 'stop';
export const actOnRecurringInvoice = (id: string, action: RecurringAction) =>
  apiPost<RecurringInvoice>(`${itemPath(id)}${action}/`);
