// The master merchant's sub-merchants by name, for the dashboard's merchant selector
// (GET /merchant/sub-merchants/, docs/ARCHITECTURE.md). One page of the API's largest size: a selector
// with more entries than that is no longer a selector.
import type { Page } from '@kassa/contract/common';
import type { SubMerchant } from '@kassa/contract/sub-merchants';
import useSWR from 'swr';

export const SUB_MERCHANT_OPTIONS_PATH = '/merchant/sub-merchants/?page_size=100&sort_by=name';

/** Asked only for a master merchant (`isMaster` false: no request). */
export const useSubMerchantOptions = (isMaster: boolean) =>
  useSWR<Page<SubMerchant>>(isMaster ? SUB_MERCHANT_OPTIONS_PATH : null, { revalidateOnFocus: false });
