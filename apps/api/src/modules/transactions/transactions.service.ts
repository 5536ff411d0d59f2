// Listing and reading transactions for merchants (their own and, for a master merchant, its
// sub-merchants') and for admins (every merchant). docs/product-rules.md#entities transaction.
import { isAdminRole } from '@kassa/contract/access';
import type {
  TransactionDetail,
  TransactionFilter,
  TransactionItem,
  TransactionPage,
} from '@kassa/contract/transactions';
import type { AppContext } from '../../context.ts';
import { requireAdmin, requireTransactionAccess } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { invalid, notFound } from '../../lib/app-error.ts';
import { authorizationExpiry } from '../../payments/registry.ts';
import { findPendingChanges } from './capture-void.queries.ts';
import {
  type Cursor,
  countTransactions,
  filterConditions,
  findEvents,
  findRefunds,
  findSubMerchantIds,
  findTransaction,
  listTransactions,
  type TransactionScope,
} from './transactions.queries.ts';

/** Admins see every merchant; a merchant user sees its own merchant plus, for a master, its sub-merchants. */
export async function transactionScope(
  ctx: AppContext,
  actor: Actor,
  need: 'view' | 'refund',
): Promise<TransactionScope> {
  if (isAdminRole(actor.role)) {
    requireAdmin(actor, 'view_transactions');
    return { allMerchants: true };
  }
  const { merchantId } = requireTransactionAccess(actor, need);
  const mode = actor.apiKey?.mode;
  // Sub-merchants' data is read-only for the master (docs/ARCHITECTURE.md).
  if (need === 'refund') return { merchantIds: [merchantId], mode };
  return { merchantIds: [merchantId, ...(await findSubMerchantIds(ctx.db, merchantId))], mode };
}

/**
 * The 404 a refund, capture or void of `id` by this caller would answer (another merchant's payment,
 * or one of the other mode for an API key), thrown before a stored Idempotency-Key answer is replayed.
 */
export async function requireTransactionForRefund(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  if (!(await findTransaction(ctx.db, await transactionScope(ctx, actor, 'refund'), id))) {
    throw notFound('This transaction does not exist.');
  }
}

export function encodeCursor(c: Cursor): string {
  return Buffer.from(`${c.createdAt.toISOString()}|${c.id}`).toString('base64url');
}

export function decodeCursor(raw: string): Cursor {
  const [iso, id] = Buffer.from(raw, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(iso ?? '');
  if (!id || !/^[0-9a-f-]{36}$/i.test(id) || Number.isNaN(createdAt.getTime())) {
    throw invalid('cursor', 'This page link is no longer valid. Start again from the first page.');
  }
  return { createdAt, id };
}

type ItemRow = Awaited<ReturnType<typeof listTransactions>>[number];

export const toTransactionItem = (r: ItemRow): TransactionItem => ({
  id: r.id,
  merchant_id: r.merchantId,
  merchant_name: r.merchantName,
  amount: r.amount,
  currency: r.currency,
  captured_amount: r.capturedAmount,
  refunded_amount: r.refundedAmount,
  method: r.method,
  status: r.status,
  source: r.source,
  card_brand: r.cardBrand,
  card_last4: r.cardLast4,
  buyer_first_name: r.buyerFirstName,
  buyer_last_name: r.buyerLastName,
  buyer_email: r.buyerEmail,
  mode: r.mode,
  disputed_at: r.disputedAt?.toISOString() ?? null,
  created_at: r.createdAt.toISOString(),
});

export async function searchTransactions(
  ctx: AppContext,
  actor: Actor,
  filter: TransactionFilter,
): Promise<TransactionPage> {
  const scope = await transactionScope(ctx, actor, 'view');
  const conds = filterConditions(scope, filter);
  const sort = filter.sort_by ?? '-created_at';
  const page = filter.page ?? 1;
  const pageSize = filter.page_size ?? 20;
  const isDateSort = sort === '-created_at' || sort === 'created_at';
  if (filter.cursor && !isDateSort) throw invalid('cursor', 'Cursor paging works only when sorting by date.');
  const cursor = filter.cursor ? decodeCursor(filter.cursor) : undefined;
  const [rows, total] = await Promise.all([
    listTransactions(ctx.db, conds, { sort, limit: pageSize + 1, offset: (page - 1) * pageSize, cursor }),
    countTransactions(ctx.db, conds),
  ]);
  const results = rows.slice(0, pageSize);
  const last = results.at(-1);
  return {
    count: total,
    page,
    page_size: pageSize,
    next_cursor:
      isDateSort && rows.length > pageSize && last ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null,
    results: results.map(toTransactionItem),
  };
}

export async function getTransactionDetail(ctx: AppContext, actor: Actor, id: string): Promise<TransactionDetail> {
  const scope = await transactionScope(ctx, actor, 'view');
  const row = await findTransaction(ctx.db, scope, id);
  if (!row) throw notFound('This transaction does not exist.');
  const [events, refundRows, pendingChanges] = await Promise.all([
    findEvents(ctx.db, id),
    findRefunds(ctx.db, id),
    findPendingChanges(ctx.db, id),
  ]);
  const tx = row.tx;
  const pendingRefunds = refundRows.filter((r) => r.status === 'pending');
  const pendingRefunded = pendingRefunds.reduce((sum, r) => sum + r.amount, 0);
  const refundable = ['capture_succeeded', 'partially_refunded'].includes(tx.status)
    ? tx.capturedAmount - tx.refundedAmount - pendingRefunded
    : 0;
  return {
    ...toTransactionItem({ ...tx, merchantName: row.merchantName }),
    intent: tx.intent,
    provider: tx.provider,
    card_exp_month: tx.cardExpMonth,
    card_exp_year: tx.cardExpYear,
    gift_card_amount: tx.giftCardAmount,
    billing_address: tx.billingAddress,
    fraud_decision: tx.fraudDecision,
    fraud_reasons: tx.fraudReasons,
    failure_reason: tx.failureReason,
    failure_code: tx.failureCode,
    description: tx.description,
    product_id: tx.productId,
    quick_payment_id: tx.quickPaymentId,
    invoice_id: tx.invoiceId,
    customer_id: tx.customerId,
    payment_method_id: tx.paymentMethodId,
    initiator: tx.initiator,
    refundable_amount: refundable,
    capturable_amount:
      tx.status === 'authorization_succeeded' && pendingChanges.length === 0 ? tx.amount - tx.giftCardAmount : 0,
    authorization_expires_at:
      tx.status === 'authorization_succeeded' ? authorizationExpiry(tx.provider, tx.createdAt).toISOString() : null,
    events: events.map((e) => ({
      id: e.id,
      type: e.type,
      status: e.status,
      amount: e.amount,
      message: e.message,
      created_at: e.createdAt.toISOString(),
    })),
    refunds: refundRows.map((r) => ({
      id: r.id,
      amount: r.amount,
      currency: r.currency,
      reason: r.reason,
      status: r.status,
      created_at: r.createdAt.toISOString(),
    })),
    pending_at_processor: [
      ...pendingChanges.map((c) => ({
        id: c.id,
        kind: c.kind,
        amount: c.amount,
        currency: c.currency,
        createdAt: c.createdAt,
      })),
      ...pendingRefunds.map((r) => ({
        id: r.id,
        kind: 'refund' as const,
        amount: r.amount,
        currency: r.currency,
        createdAt: r.createdAt,
      })),
    ].map(({ createdAt, ...p }) => ({ ...p, created_at: createdAt.toISOString() })),
  };
}
