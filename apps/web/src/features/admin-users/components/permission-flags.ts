import type { AdminPermissionFlag } from '@kassa/contract/access';

/** The four view flags of a staff admin (docs/product-rules.md#entities), with what each opens. */
export const PERMISSION_FLAGS: { flag: AdminPermissionFlag; label: string; hint: string }[] = [
  { flag: 'view_merchant', label: 'Merchants', hint: 'Merchants list and merchant detail' },
  { flag: 'view_catalog', label: 'Catalog', hint: "Every merchant's products" },
  { flag: 'view_transactions', label: 'Transactions', hint: 'Transactions across merchants' },
  { flag: 'view_industry_type', label: 'Industry types', hint: 'The industry type list' },
];
