// Customer calls (docs/ARCHITECTURE.md: /customer/ CRUD, and /customer/export/ for the CSV).
import type { Page } from '@kassa/contract/common';
import type { PortalLinkResult } from '@kassa/contract/customer-portal';
import type { Customer, CustomerCreate, CustomerPatch } from '@kassa/contract/customers';
import useSWR from 'swr';
import { apiClient, apiDelete, apiPatch, apiPost } from '../../../lib/api-client.ts';

/** `query` is the list's API query string (components/data-list/use-list-params.ts). */
export const useCustomers = (query: string) => useSWR<Page<Customer>>(`/customer/${query}`, { keepPreviousData: true });

export const customerPath = (id: string) => `/customer/${encodeURIComponent(id)}/`;
export const useCustomer = (id: string | undefined) => useSWR<Customer>(id ? customerPath(id) : null);

export const createCustomer = (body: CustomerCreate) => apiPost<Customer>('/customer/', body);
export const updateCustomer = (id: string, body: CustomerPatch) => apiPatch<Customer>(customerPath(id), body);
export const deleteCustomer = (id: string) => apiDelete<null>(customerPath(id));

/** The CSV of the list's filter and search (every page), as a file to save. */
export async function exportCustomersCsv(query: string): Promise<{ blob: Blob; filename: string }> {
  const response = await apiClient.get<Blob>(`/customer/export/${query}`, { responseType: 'blob' });
  const disposition = String(response.headers['content-disposition'] ?? '');
  const filename = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? 'customers.csv';
  return { blob: response.data, filename };
}

/**
 * A sign-in link to the customer's portal (docs/product-rules.md#customer-portal): e-mailed to them, or
 * only answered, for the merchant to copy.
 */
export const createPortalLink = (customerId: string, sendEmail: boolean) =>
  apiPost<PortalLinkResult>(`${customerPath(customerId)}portal-link/`, { send_email: sendEmail });
