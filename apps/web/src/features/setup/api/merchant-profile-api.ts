// The business profile (spec 7: GET/PATCH /auth/merchant-profile/).
import type { MerchantProfile, MerchantProfilePatch } from '@kassa/contract/auth';
import useSWR from 'swr';
import { apiPatch } from '../../../lib/api-client.ts';

export const MERCHANT_PROFILE_PATH = '/auth/merchant-profile/';

export const useMerchantProfile = () => useSWR<MerchantProfile>(MERCHANT_PROFILE_PATH, { revalidateOnFocus: false });

export const updateMerchantProfile = (patch: MerchantProfilePatch) =>
  apiPatch<MerchantProfile>(MERCHANT_PROFILE_PATH, patch);
