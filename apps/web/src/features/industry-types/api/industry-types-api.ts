// Industry types (docs/product-rules.md#api-calls: /connection/industry-type/, page_size up to 1000).
import type { Page } from '@kassa/contract/common';
import type { IndustryType, IndustryTypeBody } from '@kassa/contract/industry-types';
import useSWR from 'swr';
import { apiDelete, apiPatch, apiPost } from '../../../lib/api-client.ts';

export const INDUSTRY_TYPES_PATH = '/connection/industry-type/';
const itemPath = (id: string) => `${INDUSTRY_TYPES_PATH}${encodeURIComponent(id)}/`;

export const useIndustryTypes = (query: string) =>
  useSWR<Page<IndustryType>>(`${INDUSTRY_TYPES_PATH}${query}`, { keepPreviousData: true });

export const createIndustryType = (body: IndustryTypeBody) => apiPost<IndustryType>(INDUSTRY_TYPES_PATH, body);
export const updateIndustryType = (id: string, body: IndustryTypeBody) => apiPatch<IndustryType>(itemPath(id), body);
export const deleteIndustryType = (id: string) => apiDelete<null>(itemPath(id));
