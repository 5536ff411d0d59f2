// Database rows → the contract's snake_case shapes (packages/contract/src/merchants.ts).
import type { MerchantAdminProfile, MerchantListItem } from '@kassa/contract/merchants';
import type { MerchantUserRow } from './merchant-detail.queries.ts';
import type { MerchantListRow, MerchantProfileRow } from './merchant-list.queries.ts';

export const isoOrNull = (d: Date | null) => d?.toISOString() ?? null;

export function toListItem(row: MerchantListRow): MerchantListItem {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    logo: row.logo,
    payment_hub_status: row.paymentHubStatus,
    finance_hub_status: row.financeHubStatus,
    is_blocked: row.isBlocked,
    allow_connections: row.allowConnections,
    industry_type_id: row.industryTypeId,
    industry_type_name: row.industryTypeName,
    master_merchant_id: row.masterMerchantId,
    master_merchant_name: row.masterMerchantName,
    sub_merchant_count: row.subMerchantCount,
    created_at: row.createdAt.toISOString(),
  };
}

export function toAdminProfile(row: MerchantProfileRow): MerchantAdminProfile {
  return {
    ...toListItem(row),
    address: row.address,
    city: row.city,
    state: row.state,
    zip_code: row.zipCode,
    country: row.country,
    default_currency: row.defaultCurrency,
    website: row.website,
    master_merchant_logo: row.masterMerchantLogo,
    removed_at: isoOrNull(row.removedAt),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toUserSummary(row: MerchantUserRow) {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    role: row.role,
    is_active: row.isActive,
    invitation_pending: !row.hasPassword,
    last_login_at: isoOrNull(row.lastLoginAt),
  };
}
