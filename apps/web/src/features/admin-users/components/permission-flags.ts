import type { AdminPermissionFlag } from '@kassa/contract/access';

/** The four view flags of a staff admin (docs/product-rules.md#entities), with the keys of their name and of what each opens. */
export const PERMISSION_FLAGS: { flag: AdminPermissionFlag; label: string; hint: string }[] = [
  { flag: 'view_merchant', label: 'adminUsers.flag.merchants', hint: 'adminUsers.flag.merchantsHint' },
  { flag: 'view_catalog', label: 'adminUsers.flag.catalog', hint: 'adminUsers.flag.catalogHint' },
  { flag: 'view_transactions', label: 'adminUsers.flag.transactions', hint: 'adminUsers.flag.transactionsHint' },
  { flag: 'view_industry_type', label: 'adminUsers.flag.industryTypes', hint: 'adminUsers.flag.industryTypesHint' },
];
