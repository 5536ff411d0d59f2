// Quick payments — payment links (docs/ARCHITECTURE.md: app 5 QP; docs/product-rules.md#quick-payment-checkout). Reads may span a master
// merchant's sub-merchants; writes touch only the caller's own merchant.

import { APP } from '@kassa/contract/access';
import { buyerPagePath } from '@kassa/contract/buyer-pages';
import type { ProductOption } from '@kassa/contract/products';
import type { QuickPayment, QuickPaymentCreate, QuickPaymentPatch } from '@kassa/contract/quick-payments';
import type { AppContext } from '../../context.ts';
import { requireMerchantAccess } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { businessRule, invalid, notFound } from '../../lib/app-error.ts';
import { writeAndAnnounce } from '../../lib/cache-invalidation.ts';
import { merchantReads } from '../../lib/merchant-reads.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import { requireSubscribablePrice } from '../prices/prices.service.ts';
import { productPickerOptions } from '../products/products.service.ts';
import {
  findQuickPayment,
  insertQuickPayment,
  listQuickPayments,
  type QuickPaymentWithStats,
  softDeleteQuickPayment,
  updateQuickPayment,
} from './quick-payments.queries.ts';

export const quickPaymentCheckoutUrl = (publicUrl: string, id: string) =>
  `${publicUrl}${buyerPagePath('quick-payment', id)}`;

function toQuickPayment(ctx: AppContext, row: QuickPaymentWithStats): QuickPayment {
  return {
    id: row.id,
    merchant_id: row.merchantId,
    name: row.name,
    description: row.description,
    amount: row.amount,
    currency: row.currency,
    expires_at: row.expiresAt?.toISOString() ?? null,
    is_expired: row.expiresAt !== null && row.expiresAt <= ctx.clock.now(),
    comment: row.comment,
    is_active: row.isActive,
    recurring_price_id: row.recurringPriceId,
    checkout_url: quickPaymentCheckoutUrl(ctx.config.publicUrl, row.id),
    paid_count: row.paidCount,
    total_collected: row.totalCollected,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** An expiry must lie ahead by the server's clock; null removes it. */
function futureExpiry(ctx: AppContext, value: string | null | undefined): Date | null | undefined {
  if (value == null) return value;
  const at = new Date(value);
  if (at <= ctx.clock.now()) throw invalid('expires_at', 'Choose an expiry in the future');
  return at;
}

const reads = merchantReads(
  APP.QUICK_PAYMENTS,
  { list: listQuickPayments, find: findQuickPayment },
  toQuickPayment,
  'Quick payment not found.',
);
export const listMerchantQuickPayments = reads.list;
export const getMerchantQuickPayment = reads.get;

export async function createQuickPayment(ctx: AppContext, actor: Actor, body: QuickPaymentCreate) {
  const { merchantId } = requireMerchantAccess(actor, APP.QUICK_PAYMENTS, 'create');
  if (body.recurring_price_id) await requireSubscribablePrice(ctx.db, merchantId, body.recurring_price_id);
  const row = await insertQuickPayment(ctx.db, {
    merchantId,
    name: body.name,
    description: body.description ?? '',
    amount: body.amount,
    currency: body.currency,
    expiresAt: futureExpiry(ctx, body.expires_at) ?? null,
    comment: await sanitizeRichText(body.comment),
    isActive: body.is_active ?? true,
    recurringPriceId: body.recurring_price_id ?? null,
  });
  return toQuickPayment(ctx, { ...row, paidCount: 0, totalCollected: 0 });
}

export async function patchQuickPayment(ctx: AppContext, actor: Actor, id: string, body: QuickPaymentPatch) {
  const { merchantId } = requireMerchantAccess(actor, APP.QUICK_PAYMENTS, 'edit');
  const current = await findQuickPayment(ctx.db, [merchantId], id);
  if (!current) throw notFound('Quick payment not found.');
  // The collected total is summed in the link's currency: it cannot change once money came in.
  if (body.currency && body.currency !== current.currency && current.paidCount > 0) {
    throw businessRule('The currency of a payment link cannot change after it has been paid.');
  }
  if (body.recurring_price_id) await requireSubscribablePrice(ctx.db, merchantId, body.recurring_price_id);
  const values = {
    name: body.name,
    description: body.description,
    amount: body.amount,
    currency: body.currency,
    expiresAt: futureExpiry(ctx, body.expires_at),
    comment: body.comment === undefined ? undefined : await sanitizeRichText(body.comment),
    isActive: body.is_active,
    recurringPriceId: body.recurring_price_id,
  };
  await writeAndAnnounce(ctx, { kind: 'quick_payment', id }, (tx) =>
    updateQuickPayment(tx, merchantId, id, values, ctx.clock.now()),
  );
  return getMerchantQuickPayment(ctx, actor, id);
}

export async function deleteQuickPayment(ctx: AppContext, actor: Actor, id: string) {
  const { merchantId } = requireMerchantAccess(actor, APP.QUICK_PAYMENTS, 'delete');
  const deleted = await writeAndAnnounce(ctx, { kind: 'quick_payment', id }, (tx) =>
    softDeleteQuickPayment(tx, merchantId, id, ctx.clock.now()),
  );
  if (!deleted) throw notFound('Quick payment not found.');
}

/** docs/product-rules.md#api-calls GET /quick-payment/products/: the merchant's active products, for pickers. */
export async function quickPaymentProductOptions(ctx: AppContext, actor: Actor): Promise<ProductOption[]> {
  const { merchantId } = requireMerchantAccess(actor, APP.QUICK_PAYMENTS, 'view');
  return productPickerOptions(ctx.db, merchantId);
}
