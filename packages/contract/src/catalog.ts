// The platform-wide catalog: every merchant's products with activate / deactivate (docs/ARCHITECTURE.md).
import { z } from 'zod';
import { isoDateTime, listQuery, sortBy, sortOrders } from './common.ts';
import { queryBoolean } from './merchants.ts';

export const CATALOG_SORTS = sortOrders('name', 'price_per_unit', 'created_at');
export const catalogListQuery = listQuery.extend({
  merchant_id: z.uuid({ message: 'Not a valid merchant id' }).optional(),
  is_active: queryBoolean.optional(),
  sort_by: sortBy(CATALOG_SORTS, '-created_at'),
});
export type CatalogListQuery = z.infer<typeof catalogListQuery>;

export const catalogItem = z.object({
  id: z.string(),
  name: z.string(),
  merchant_id: z.string(),
  merchant_name: z.string(),
  /** Minor units. */
  price_per_unit: z.number().int(),
  currency: z.string(),
  image: z.string().nullable(),
  is_active: z.boolean(),
  created_at: isoDateTime,
});
export type CatalogItem = z.infer<typeof catalogItem>;

export const catalogPatch = z.object({ is_active: z.boolean({ message: 'is_active must be true or false' }) });
