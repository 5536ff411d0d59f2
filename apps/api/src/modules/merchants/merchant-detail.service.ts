// GET /admin/merchant/{id}/: profile, hub statuses, users, configured providers
// (never their credentials), sub-merchants, recent transactions and the audit history.
import { hasAdminFlag } from '@kassa/contract/access';
import type { MerchantAdminProfile, MerchantDetail } from '@kassa/contract/merchants';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { requireAdmin } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { notFound } from '../../lib/app-error.ts';
import { recentMerchantAudit } from '../audit/audit.service.ts';
import {
  selectConnectionSummaries,
  selectMerchantUsers,
  selectRecentTransactions,
  selectSubMerchants,
} from './merchant-detail.queries.ts';
import { selectMerchantProfile } from './merchant-list.queries.ts';
import { isoOrNull, toAdminProfile, toUserSummary } from './merchant-views.ts';

const RECENT_TRANSACTIONS = 10;
const SUB_MERCHANTS_SHOWN = 100;

export const MERCHANT_NOT_FOUND = 'Merchant not found.';

/** Removed merchants stay readable here: their transactions and history are kept. */
export async function loadAdminProfile(db: DbOrTx, id: string): Promise<MerchantAdminProfile> {
  const row = await selectMerchantProfile(db, id);
  if (!row) throw notFound(MERCHANT_NOT_FOUND);
  return toAdminProfile(row);
}

export async function getMerchantDetail(ctx: AppContext, actor: Actor, id: string): Promise<MerchantDetail> {
  requireAdmin(actor, 'view_merchant');
  const merchant = await loadAdminProfile(ctx.db, id);
  // A staff admin sees transactions only with view_transactions (docs/product-rules.md#entities).
  const seesTransactions = hasAdminFlag(actor, 'view_transactions');
  const [users, connections, subs, transactions, audit] = await Promise.all([
    selectMerchantUsers(ctx.db, id),
    selectConnectionSummaries(ctx.db, id),
    selectSubMerchants(ctx.db, id, SUB_MERCHANTS_SHOWN),
    seesTransactions ? selectRecentTransactions(ctx.db, id, RECENT_TRANSACTIONS) : null,
    recentMerchantAudit(ctx.db, id),
  ]);
  return {
    merchant,
    users: users.map(toUserSummary),
    provider_connections: connections.map((c) => ({
      id: c.id,
      kind: c.kind,
      provider: c.provider,
      enabled: c.enabled,
      status: c.status,
      last_verified_at: isoOrNull(c.lastVerifiedAt),
    })),
    sub_merchants: subs.map((s) => ({
      id: s.id,
      name: s.name,
      email: s.email,
      logo: s.logo,
      payment_hub_status: s.paymentHubStatus,
      finance_hub_status: s.financeHubStatus,
      is_blocked: s.isBlocked,
      created_at: s.createdAt.toISOString(),
    })),
    recent_transactions:
      transactions?.map((t) => ({
        id: t.id,
        amount: t.amount,
        currency: t.currency,
        status: t.status,
        method: t.method,
        created_at: t.createdAt.toISOString(),
      })) ?? null,
    audit,
  };
}
