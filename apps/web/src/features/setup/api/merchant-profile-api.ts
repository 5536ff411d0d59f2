// The business profile (docs/product-rules.md#api-calls: GET/PATCH /auth/merchant-profile/) and its logo upload.
import type { MerchantProfile, MerchantProfilePatch } from '@kassa/contract/auth';
import type { UploadResult } from '@kassa/contract/products';
import useSWR from 'swr';
import { apiPatch, apiPost } from '../../../lib/api-client.ts';

export const MERCHANT_PROFILE_PATH = '/auth/merchant-profile/';
export const LOGO_UPLOAD_PATH = '/uploads/image/?purpose=logo';

export const useMerchantProfile = () => useSWR<MerchantProfile>(MERCHANT_PROFILE_PATH, { revalidateOnFocus: false });

export const updateMerchantProfile = (patch: MerchantProfilePatch) =>
  apiPatch<MerchantProfile>(MERCHANT_PROFILE_PATH, patch);

/**
 * Multipart upload in the field "file". `purpose=logo` lets the owner and staff upload without
 * Products access; the server checks the bytes and the size and answers the path to save as `logo`.
 */
export function uploadLogo(file: File) {
  const form = new FormData();
  form.append('file', file);
  return apiPost<UploadResult>(LOGO_UPLOAD_PATH, form).then((r) => r.result);
}
