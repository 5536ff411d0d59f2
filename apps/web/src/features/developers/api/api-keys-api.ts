// API keys of the signed-in merchant: GET/POST /developers/api-keys/, POST …/{id}/roll/, DELETE …/{id}/.
import type { ApiKeyCreateBody, ApiKeyList, ApiKeyWithSecret } from '@kassa/contract/developers';
import useSWR from 'swr';
import { apiDelete, apiPost } from '../../../lib/api-client.ts';

export const API_KEYS_PATH = '/developers/api-keys/';

export const useApiKeys = () => useSWR<ApiKeyList>(API_KEYS_PATH, { revalidateOnFocus: false });

export const createApiKey = (body: ApiKeyCreateBody) => apiPost<ApiKeyWithSecret>(API_KEYS_PATH, body);

export const rollApiKey = (id: string, overlapHours: number) =>
  apiPost<ApiKeyWithSecret>(`${API_KEYS_PATH}${encodeURIComponent(id)}/roll/`, { overlap_hours: overlapHours });

export const deleteApiKey = (id: string) => apiDelete<null>(`${API_KEYS_PATH}${encodeURIComponent(id)}/`);
