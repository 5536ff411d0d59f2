// Master merchants and their sub-merchants (docs/ARCHITECTURE.md: a one-level tree).
// Admins read the back office's lists; a master merchant's own users read GET /merchant/sub-merchants/.
import type { Page } from '@kassa/contract/common';
import type { MerchantListItem, SuperMerchant } from '@kassa/contract/merchants';
import type { SubMerchant } from '@kassa/contract/sub-merchants';
import useSWR from 'swr';

export const SUPER_MERCHANTS_PATH = '/admin/merchant/super-merchant/';
export const OWN_SUB_MERCHANTS_PATH = '/merchant/sub-merchants/';
const SUB_MERCHANTS_SHOWN = 100;

export const useMasterMerchants = (query: string) =>
  useSWR<Page<SuperMerchant>>(`${SUPER_MERCHANTS_PATH}${query}`, { keepPreviousData: true });

/** Asked only once a master is opened (`masterId` null until then). */
export const useSubMerchants = (masterId: string | null) =>
  useSWR<Page<MerchantListItem>>(
    masterId ? `/admin/merchant/${encodeURIComponent(masterId)}/sub-merchants/?page_size=${SUB_MERCHANTS_SHOWN}` : null,
  );

/** The signed-in master merchant's own sub-merchants, read-only. */
export const useOwnSubMerchants = (query: string) =>
  useSWR<Page<SubMerchant>>(`${OWN_SUB_MERCHANTS_PATH}${query}`, { keepPreviousData: true });
