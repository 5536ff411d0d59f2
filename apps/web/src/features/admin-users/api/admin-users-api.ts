// Staff admins (role 4) and their four view flags (docs/product-rules.md#entities, docs/product-rules.md#roles-and-permissions; GET|POST /superadmin/admin/,
// PATCH /superadmin/admin/{id}/).
import type { AdminUserCreateBody, AdminUserPatchBody } from '@kassa/contract/admin-users';
import type { AdminPermissionSet } from '@kassa/contract/auth';
import type { Page } from '@kassa/contract/common';
import useSWR from 'swr';
import { apiPatch, apiPost } from '../../../lib/api-client.ts';

export const ADMIN_USERS_PATH = '/superadmin/admin/';

export const useAdminUsers = (query: string) =>
  useSWR<Page<AdminPermissionSet>>(`${ADMIN_USERS_PATH}${query}`, { keepPreviousData: true });

export const createAdminUser = (body: AdminUserCreateBody) => apiPost<AdminPermissionSet>(ADMIN_USERS_PATH, body);

export const patchAdminUser = (id: string, body: AdminUserPatchBody) =>
  apiPatch<AdminPermissionSet>(`${ADMIN_USERS_PATH}${encodeURIComponent(id)}/`, body);
