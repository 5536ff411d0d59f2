// GET /admin/provider-connections/: every merchant's configured providers with
// kind, provider, status and last verification. Platform admins only; credentials never leave.
import type { Page } from '@kassa/contract/common';
import type { AdminProviderConnection, ProviderConnectionListQuery } from '@kassa/contract/merchants';
import type { AppContext } from '../../context.ts';
import { requirePlatformAdmin } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { pageOf } from '../../lib/db/list.ts';
import { countConnections, selectConnectionPage } from './admin-provider-connections.queries.ts';
import { isoOrNull } from './merchant-views.ts';

export async function listProviderConnections(
  ctx: AppContext,
  actor: Actor,
  q: ProviderConnectionListQuery,
): Promise<Page<AdminProviderConnection>> {
  requirePlatformAdmin(actor);
  const filters = { merchantId: q.merchant_id, kind: q.kind, search: q.search || undefined };
  const [rows, count] = await Promise.all([
    selectConnectionPage(ctx.db, filters, q.sort_by, q.page_size, (q.page - 1) * q.page_size),
    countConnections(ctx.db, filters),
  ]);
  return pageOf(
    q,
    count,
    rows.map((r) => ({
      id: r.id,
      merchant_id: r.merchantId,
      merchant_name: r.merchantName,
      kind: r.kind,
      provider: r.provider,
      enabled: r.enabled,
      status: r.status,
      last_verified_at: isoOrNull(r.lastVerifiedAt),
      last_verification_message: r.lastVerificationMessage,
      created_at: r.createdAt.toISOString(),
    })),
  );
}
