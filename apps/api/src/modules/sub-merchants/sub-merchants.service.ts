// GET /merchant/sub-merchants/ (docs/ARCHITECTURE.md): a master merchant's users list its sub-merchants,
// read-only. Who may ask is who may read across the tree on the dashboard: owners and staff (2, 5)
// always, a sub-user (3) with Dashboard view, an embed session only with the DASH segment. Admins
// have the back office's list instead (403 here). A sub-merchant's users get an empty list, not a
// 403: the tree is one level deep, so a sub-merchant simply owns none, and its master and siblings
// never appear because the list is scoped to the caller's own merchant id.
import { APP } from '@kassa/contract/access';
import type { Page } from '@kassa/contract/common';
import type { SubMerchant, SubMerchantListQuery } from '@kassa/contract/sub-merchants';
import type { AppContext } from '../../context.ts';
import { requireMerchantAccess } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { pageOf } from '../../lib/db/list.ts';
import { countSubMerchants, selectSubMerchantPage } from './sub-merchants.queries.ts';

export async function listOwnSubMerchants(
  ctx: AppContext,
  actor: Actor,
  q: SubMerchantListQuery,
): Promise<Page<SubMerchant>> {
  const { merchantId } = requireMerchantAccess(actor, APP.DASHBOARD, 'view');
  const search = q.search || undefined;
  const [rows, count] = await Promise.all([
    selectSubMerchantPage(ctx.db, merchantId, {
      search,
      sort: q.sort_by,
      limit: q.page_size,
      offset: (q.page - 1) * q.page_size,
    }),
    countSubMerchants(ctx.db, merchantId, search),
  ]);
  return pageOf(
    q,
    count,
    rows.map((r) => ({
      id: r.id,
      name: r.name,
      logo: r.logo,
      payment_hub_status: r.paymentHubStatus,
      finance_hub_status: r.financeHubStatus,
      created_at: r.createdAt.toISOString(),
    })),
  );
}
