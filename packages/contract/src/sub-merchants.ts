// A master merchant's own view of its sub-merchants (docs/ARCHITECTURE.md: its users read the
// sub-merchants' data, never change it). The platform back office has its own, richer list under
// /admin/merchant/{id}/sub-merchants/.
import type { z } from 'zod';
import { listQuery, sortBy, sortOrders } from './common.ts';
import { MERCHANT_HUB_STATUS, merchantFields } from './merchant-fields.ts';

export const SUB_MERCHANT_SORTS = sortOrders('name', 'created_at');
export const subMerchantListQuery = listQuery.extend({
  sort_by: sortBy(SUB_MERCHANT_SORTS, 'name'),
});
export type SubMerchantListQuery = z.infer<typeof subMerchantListQuery>;

/** Only what a master needs to pick and recognise a sub-merchant: no contact data, no settings. */
export const subMerchant = merchantFields.pick({
  id: true,
  name: true,
  logo: true,
  ...MERCHANT_HUB_STATUS,
  created_at: true,
});
export type SubMerchant = z.infer<typeof subMerchant>;
