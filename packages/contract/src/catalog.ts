// The platform-wide catalog: every merchant's products with activate / deactivate (docs/ARCHITECTURE.md).
import { z } from 'zod';
import { listQuery, sortBy, sortOrders } from './common.ts';
import { queryBoolean } from './merchants.ts';
import { productSchema } from './products.ts';

export const CATALOG_SORTS = sortOrders('name', 'price_per_unit', 'created_at');
export const catalogListQuery = listQuery.extend({
  merchant_id: z.uuid({ message: 'Not a valid merchant id' }).optional(),
  is_active: queryBoolean.optional(),
  sort_by: sortBy(CATALOG_SORTS, '-created_at'),
});
export type CatalogListQuery = z.infer<typeof catalogListQuery>;

/** A product as the platform admin lists it, with its merchant's name. */
export const catalogItem = productSchema.extend({ merchant_name: z.string() }).pick({
  id: true,
  name: true,
  merchant_id: true,
  merchant_name: true,
  price_per_unit: true,
  currency: true,
  image: true,
  is_active: true,
  created_at: true,
});
export type CatalogItem = z.infer<typeof catalogItem>;

export const catalogPatch = z.object({ is_active: z.boolean({ message: 'is_active must be true or false' }) });
