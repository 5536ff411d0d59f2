// A merchant's users (docs/ARCHITECTURE.md: /users/ CRUD) and their app access (docs/product-rules.md#api-calls: GET|PUT
// /auth/access/{id}/).
import type { AccessPut, AppAccessEntry } from '@kassa/contract/auth';
import type { Page } from '@kassa/contract/common';
import type { MerchantUser, MerchantUserInvite, MerchantUserPatch } from '@kassa/contract/merchant-users';
import useSWR from 'swr';
import { apiDelete, apiPatch, apiPost, apiPut } from '../../../lib/api-client.ts';

/** `query` is the list's API query string (components/data-list/use-list-params.ts). */
export const useMerchantUsers = (query: string) =>
  useSWR<Page<MerchantUser>>(`/users/${query}`, { keepPreviousData: true });

const userPath = (id: string) => `/users/${encodeURIComponent(id)}/`;
const accessPath = (id: string) => `/auth/access/${encodeURIComponent(id)}/`;

export const inviteUser = (body: MerchantUserInvite) => apiPost<MerchantUser>('/users/', body);
export const patchUser = (id: string, body: MerchantUserPatch) => apiPatch<MerchantUser>(userPath(id), body);
/** Disables the user: no sign-in, every session ends (the server keeps the account). */
export const disableUser = (id: string) => apiDelete<null>(userPath(id));

export const useUserAccess = (id: string | null) =>
  useSWR<AppAccessEntry[]>(id ? accessPath(id) : null, { revalidateOnFocus: false });
export const putUserAccess = (id: string, body: AccessPut) => apiPut<AppAccessEntry[]>(accessPath(id), body);
