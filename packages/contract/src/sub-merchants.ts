// A master merchant's own view of its sub-merchants (docs/ARCHITECTURE.md: its users read the
// sub-merchants' data, never change it). The platform back office has its own, richer list under
// /admin/merchant/{id}/sub-merchants/.
import { z } from 'zod';
import { isoDateTime, listQuery } from './common.ts';
import { hubStatusFields } from './merchant-fields.ts';

export const SUB_MERCHANT_SORTS = ['name', '-name', 'created_at', '-created_at'] as const;
export const subMerchantListQuery = listQuery.extend({
  sort_by: z.enum(SUB_MERCHANT_SORTS, { message: `Sort by one of ${SUB_MERCHANT_SORTS.join(', ')}` }).default('name'),
});
export type SubMerchantListQuery = z.infer<typeof subMerchantListQuery>;

/** Only what a master needs to pick and recognise a sub-merchant: no contact data, no settings. */
export const subMerchant = z.object({
  id: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  ...hubStatusFields,
  created_at: isoDateTime,
});
export type SubMerchant = z.infer<typeof subMerchant>;
