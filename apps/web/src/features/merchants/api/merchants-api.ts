// Data of the Merchants and Merchant detail pages (docs/product-rules.md#api-calls: /admin/merchant/…). Each SWR key is the API
// path; the global fetcher returns the envelope's result.
import type { AuditEntry } from '@kassa/contract/audit';
import type { Page } from '@kassa/contract/common';
import type { IndustryType } from '@kassa/contract/industry-types';
import type {
  Hub,
  MerchantAdminProfile,
  MerchantDetail,
  MerchantListItem,
  MerchantPatchBody,
  MerchantRegisterBody,
  RegisterResult,
  SuperMerchant,
} from '@kassa/contract/merchants';
import useSWR from 'swr';
import { apiPatch, apiPost } from '../../../lib/api-client.ts';

export const MERCHANTS_PATH = '/admin/merchant/';
export const SUPER_MERCHANTS_PATH = '/admin/merchant/super-merchant/';
/** docs/product-rules.md#api-calls, docs/product-rules.md#constants: the industry-type list is read whole, 1000 at a time. */
export const INDUSTRY_TYPE_OPTIONS_PATH = '/connection/industry-type/?page_size=1000&sort_by=name';
export const merchantPath = (id: string) => `/admin/merchant/${encodeURIComponent(id)}/`;
export const merchantAuditPath = (id: string, page: number, pageSize: number) =>
  `${merchantPath(id)}audit/?page=${page}&page_size=${pageSize}`;

export const useMerchants = (query: string) =>
  useSWR<Page<MerchantListItem>>(`${MERCHANTS_PATH}${query}`, { keepPreviousData: true });

export const useIndustryTypeOptions = () => useSWR<Page<IndustryType>>(INDUSTRY_TYPE_OPTIONS_PATH);

/** Masters that own sub-merchants, for the list's master merchant filter. */
export const useMasterMerchantOptions = () =>
  useSWR<Page<SuperMerchant>>(`${SUPER_MERCHANTS_PATH}?page_size=100&with_sub_merchants=true`);

export const useMerchantDetail = (id: string) => useSWR<MerchantDetail>(merchantPath(id));

export const useMerchantAudit = (id: string, page: number, pageSize: number) =>
  useSWR<Page<AuditEntry>>(merchantAuditPath(id, page, pageSize), { keepPreviousData: true });

export const registerMerchant = (body: MerchantRegisterBody) =>
  apiPost<RegisterResult>('/admin/merchant/register/', body);

/** Profile edits and block / unblock (docs/product-rules.md#api-calls: PATCH admin/merchant/{id}/). */
export const patchMerchant = (id: string, body: MerchantPatchBody) =>
  apiPatch<MerchantAdminProfile>(merchantPath(id), body);

export const changeHubStatus = (id: string, body: { hub: Hub; status: number; note?: string }) =>
  apiPatch<MerchantAdminProfile>(`${merchantPath(id)}hub-status/`, body);

export const removeMerchant = (id: string) =>
  apiPatch<MerchantAdminProfile>(`/admin/merchant/remove-merchant/${encodeURIComponent(id)}/`);

export const setAllowConnections = (id: string, allow: boolean) =>
  apiPost<MerchantAdminProfile>(`${merchantPath(id)}allow-connections/`, { allow });
