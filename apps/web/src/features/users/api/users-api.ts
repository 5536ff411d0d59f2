// A merchant's users (docs/ARCHITECTURE.md: /users/ CRUD) and their app access (docs/product-rules.md#api-calls: GET|PUT
// /auth/access/{id}/).
import type { AccessPut, AppAccessEntry } from '@kassa/contract/auth';
import type { Page } from '@kassa/contract/common';
import type { MerchantUser, MerchantUserInvite, MerchantUserPatch } from '@kassa/contract/merchant-users';
import useSWR from 'swr';
import { apiDelete, apiPatch, apiPost, apiPut } from '../../../lib/api-client.ts';

export type UserStatusFilter = 'all' | 'true' | 'false';

export interface UserListParams {
  page: number;
  pageSize: number;
  search: string;
  sortBy: string;
  isActive: UserStatusFilter;
}

export const usersKey = ({ page, pageSize, search, sortBy, isActive }: UserListParams) => {
  const query = new URLSearchParams({ page: String(page), page_size: String(pageSize), sort_by: sortBy });
  if (search) query.set('search', search);
  if (isActive !== 'all') query.set('is_active', isActive);
  return `/users/?${query}`;
};

export const useMerchantUsers = (params: UserListParams) =>
  useSWR<Page<MerchantUser>>(usersKey(params), { keepPreviousData: true });

const userPath = (id: string) => `/users/${encodeURIComponent(id)}/`;
const accessPath = (id: string) => `/auth/access/${encodeURIComponent(id)}/`;

export const inviteUser = (body: MerchantUserInvite) => apiPost<MerchantUser>('/users/', body);
export const patchUser = (id: string, body: MerchantUserPatch) => apiPatch<MerchantUser>(userPath(id), body);
/** Disables the user: no sign-in, every session ends (the server keeps the account). */
export const disableUser = (id: string) => apiDelete<null>(userPath(id));

export const useUserAccess = (id: string | null) =>
  useSWR<AppAccessEntry[]>(id ? accessPath(id) : null, { revalidateOnFocus: false });
export const putUserAccess = (id: string, body: AccessPut) => apiPut<AppAccessEntry[]>(accessPath(id), body);
