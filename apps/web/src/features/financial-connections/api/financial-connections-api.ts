// Financial connections, the platform admin's financing partners (docs/product-rules.md#api-calls:
// /admin/merchant/financial-connection/ with search and search_industry), and the industry types
// they are offered to (docs/product-rules.md#api-calls, docs/product-rules.md#constants: the industry-type list with page_size 1000).
import type { Page } from '@kassa/contract/common';
import type {
  CreateFinancialConnectionBody,
  FinancialConnectionView,
  UpdateFinancialConnectionBody,
} from '@kassa/contract/financing';
import type { IndustryType } from '@kassa/contract/industry-types';
import useSWR from 'swr';
import { apiDelete, apiPost, apiPut } from '../../../lib/api-client.ts';

export const FINANCIAL_CONNECTIONS_PATH = '/admin/merchant/financial-connection/';
const itemPath = (id: string) => `${FINANCIAL_CONNECTIONS_PATH}${encodeURIComponent(id)}/`;
export const INDUSTRY_OPTIONS_PATH = '/connection/industry-type/?search=&page_size=1000&sort_by=name&page=1';

export const useFinancialConnections = (query: string) =>
  useSWR<Page<FinancialConnectionView>>(`${FINANCIAL_CONNECTIONS_PATH}${query}`, { keepPreviousData: true });

export const useIndustryOptions = () => useSWR<Page<IndustryType>>(INDUSTRY_OPTIONS_PATH, { revalidateOnFocus: false });

export const createFinancialConnection = (body: CreateFinancialConnectionBody) =>
  apiPost<FinancialConnectionView>(FINANCIAL_CONNECTIONS_PATH, body);
export const updateFinancialConnection = (id: string, body: UpdateFinancialConnectionBody) =>
  apiPut<FinancialConnectionView>(itemPath(id), body);
export const deleteFinancialConnection = (id: string) => apiDelete<null>(itemPath(id));
