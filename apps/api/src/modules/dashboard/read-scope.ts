// Read access across the merchant tree (docs/ARCHITECTURE.md): a master merchant's users may read their
// sub-merchants' data, never write it; a sub-merchant never sees its master's. Writes keep using
// requireMerchantAccess's single merchant id.
import type { AccessNeed, AppKey } from '@kassa/contract/access';
import type { AppContext } from '../../context.ts';
import { requireMerchantAccess } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { notFound } from '../../lib/app-error.ts';
import { findSubMerchantIds } from './read-scope.queries.ts';

export interface ReadScope {
  /** The caller's own merchant. */
  merchantId: string;
  /** The merchants this read covers: the caller's own, one sub-merchant, or (all) both. */
  merchantIds: string[];
}

/**
 * `requested` is the `merchant_id` query parameter: absent or the caller's own id → its own data; a
 * sub-merchant's id → that sub-merchant; 'all' → itself and every sub-merchant. Anything else is
 * answered 404, like any other tenant's object.
 */
export async function requireMerchantRead(
  ctx: AppContext,
  actor: Actor,
  app: AppKey,
  requested: string | undefined,
  need: AccessNeed = 'view',
): Promise<ReadScope> {
  const { merchantId } = requireMerchantAccess(actor, app, need);
  if (!requested || requested === merchantId) return { merchantId, merchantIds: [merchantId] };
  const subs = await findSubMerchantIds(ctx.db, merchantId);
  if (requested === 'all') return { merchantId, merchantIds: [merchantId, ...subs] };
  if (!subs.includes(requested)) throw notFound('Merchant not found.');
  return { merchantId, merchantIds: [requested] };
}
