// The merchants list, the super-merchant list and a master's sub-merchants
// (docs/product-rules.md#api-calls). Reading needs view_merchant for a staff admin.
import type { Page } from '@kassa/contract/common';
import type { MerchantListItem, MerchantListQuery, SuperMerchant } from '@kassa/contract/merchants';
import type { AppContext } from '../../context.ts';
import { requireAdmin } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { notFound } from '../../lib/app-error.ts';
import { pageOf } from '../../lib/db/list.ts';
import {
  countSuperMerchants,
  type MerchantFilters,
  type MerchantSort,
  selectMerchantPage,
  selectSuperMerchants,
} from './merchant-list.queries.ts';
import { toListItem } from './merchant-views.ts';
import { findMerchantRow } from './merchants.queries.ts';

interface Paging {
  page: number;
  page_size: number;
}

async function merchantPage(
  ctx: AppContext,
  filters: MerchantFilters,
  sort: MerchantSort,
  { page, page_size }: Paging,
): Promise<Page<MerchantListItem>> {
  const { rows, count } = await selectMerchantPage(ctx.db, filters, sort, page_size, (page - 1) * page_size);
  return { count, page, page_size, results: rows.map(toListItem) };
}

export async function listMerchants(ctx: AppContext, actor: Actor, q: MerchantListQuery) {
  requireAdmin(actor, 'view_merchant');
  const filters: MerchantFilters = {
    search: q.search || undefined,
    paymentHubStatus: q.payment_hub_status,
    financeHubStatus: q.finance_hub_status,
    industryTypeId: q.industry_type,
    isBlocked: q.is_blocked,
    masterMerchantId: q.master_merchant,
    onlyMasters: q.only_masters,
  };
  return merchantPage(ctx, filters, q.sort_by, q);
}

export async function listSubMerchants(
  ctx: AppContext,
  actor: Actor,
  masterId: string,
  q: Paging & { search?: string },
) {
  requireAdmin(actor, 'view_merchant');
  const master = await findMerchantRow(ctx.db, masterId);
  if (!master || master.removedAt) throw notFound('Merchant not found.');
  return merchantPage(ctx, { masterMerchantId: masterId, search: q.search || undefined }, 'name', q);
}

export async function listSuperMerchants(
  ctx: AppContext,
  actor: Actor,
  q: Paging & { search?: string; with_sub_merchants?: boolean },
): Promise<Page<SuperMerchant>> {
  requireAdmin(actor, 'view_merchant');
  const opts = { search: q.search || undefined, withSubMerchants: q.with_sub_merchants ?? false };
  const [rows, count] = await Promise.all([
    selectSuperMerchants(ctx.db, { ...opts, limit: q.page_size, offset: (q.page - 1) * q.page_size }),
    countSuperMerchants(ctx.db, opts),
  ]);
  return pageOf(
    q,
    count,
    rows.map((r) => ({ id: r.id, name: r.name, logo: r.logo, sub_merchant_count: r.subMerchantCount })),
  );
}
