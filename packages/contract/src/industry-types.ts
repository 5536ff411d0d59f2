// Industry types (docs/product-rules.md#api-calls: GET /connection/industry-type/?search&page_size=1000&sort_by&page=1).
import { z } from 'zod';
import { listQuery, recordTimestamps, sortBy, sortOrders } from './common.ts';
import { maxChars } from './text-length.ts';

/** The one list allowed past the usual page size of 100 (docs/product-rules.md#constants: industry-type list page size 1000). */
export const INDUSTRY_TYPE_PAGE_SIZE_MAX = 1000;
export const INDUSTRY_TYPE_SORTS = sortOrders('name', 'created_at');
export const industryTypeListQuery = listQuery.extend({
  page_size: z.coerce.number().int().min(1).max(INDUSTRY_TYPE_PAGE_SIZE_MAX).default(20),
  sort_by: sortBy(INDUSTRY_TYPE_SORTS, 'name'),
});
export type IndustryTypeListQuery = z.infer<typeof industryTypeListQuery>;

export const industryType = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** Non-removed merchants of this industry. */
  merchant_count: z.number().int(),
  ...recordTimestamps,
});
export type IndustryType = z.infer<typeof industryType>;

const name = maxChars(z.string().trim().min(2, 'Enter a name'), 80, 'The name is too long');
const description = maxChars(z.string().trim(), 500, 'The description is too long');

export const industryTypeBody = z.object({ name, description: description.default('') });
export type IndustryTypeBody = z.input<typeof industryTypeBody>;

/** No defaults here: a field left out stays as it is. */
export const industryTypePatch = z
  .object({ name, description })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to change');
export type IndustryTypePatch = z.infer<typeof industryTypePatch>;
