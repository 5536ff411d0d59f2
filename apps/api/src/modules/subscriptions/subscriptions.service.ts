// Subscriptions (docs/decisions/0024-renewals-exactly-once.md): made, changed, paused, resumed and
// canceled here; renewed by renewals.service.ts. Governed by the Invoices app, since what a
// subscription does is make and charge invoices. Every status move is a conditional UPDATE from the
// statuses the contract's transition table allows, so two moves at once cannot both win.
import { APP } from '@kassa/contract/access';
import { periodBoundary, unusedShareOfPeriod } from '@kassa/contract/billing-calendar';
import type { Page } from '@kassa/contract/common';
import {
  METRICS_WINDOW_DAYS,
  type SubscriptionMetrics,
  type SubscriptionMetricsQuery,
} from '@kassa/contract/subscription-metrics';
import {
  type BillingSettings,
  INCOMPLETE_EXPIRES_AFTER_MS,
  type ProrationPreview,
  refusedMove,
  SUBSCRIPTION_MESSAGES,
  type Subscription,
  type SubscriptionCancel,
  type SubscriptionCreate,
  type SubscriptionDetail,
  type SubscriptionListQuery,
  type SubscriptionPatch,
  statusesAllowing,
} from '@kassa/contract/subscriptions';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { requireMerchantAccess } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { businessRule, conflict, invalid, notFound } from '../../lib/app-error.ts';
import { pageOf } from '../../lib/db/list.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { findCustomerById } from '../customers/customers.service.ts';
import {
  claimInvoiceAttempt,
  findSubscriptionInvoices,
  mailPeriodInvoice,
  periodInvoiceUrl,
  scheduleInvoiceAttempt,
} from '../invoices/period-invoices.service.ts';
import { chargeableCustomerCards } from '../payment-methods/payment-methods.service.ts';
import { findMerchantPrice, findPriceRow, type PriceRow, productNameOf } from '../prices/prices.service.ts';
import { refundTransaction } from '../transactions/refund.service.ts';
import {
  announceSubscription,
  chargeClaimedInvoice,
  cycleOf,
  makePeriodInvoice,
  runRenewals,
} from './renewals.service.ts';
import { churnSince, countActiveSubscribers, mrrByCurrency, recoverySince } from './subscription-metrics.queries.ts';
import { ATTEMPT_LEASE_MS, DAY_MS, timeOf } from './subscription-time.ts';
import { toSubscription, toSubscriptionInvoice } from './subscription-view.ts';
import {
  findBillingSettings,
  findNextAutomaticRenewal,
  findSubscription,
  insertSubscription,
  listSubscriptions,
  type SubscriptionRow,
  type SubscriptionScope,
  setSubscriptionCard,
  unchangedSince,
  updateBillingSettings,
  updateSubscriptionFrom,
} from './subscriptions.queries.ts';

function subscriptionScope(actor: Actor, need: 'view' | 'create' | 'edit' | 'delete'): SubscriptionScope {
  const { merchantId } = requireMerchantAccess(actor, APP.INVOICES, need);
  return { merchantId, mode: actor.apiKey?.mode };
}

async function view(db: DbOrTx, row: SubscriptionRow): Promise<Subscription> {
  return toSubscription(row, (await findPriceRow(db, row.priceId))!);
}

export async function listMerchantSubscriptions(
  ctx: AppContext,
  actor: Actor,
  q: SubscriptionListQuery,
): Promise<Page<Subscription>> {
  const scope = subscriptionScope(actor, 'view');
  const { rows, count } = await listSubscriptions(ctx.db, scope, { ...q, customerId: q.customer_id });
  return pageOf(q, count, await Promise.all(rows.map((row) => view(ctx.db, row))));
}

async function requireSubscription(
  ctx: AppContext,
  actor: Actor,
  id: string,
  need: 'view' | 'create' | 'edit' | 'delete',
) {
  const row = await findSubscription(ctx.db, subscriptionScope(actor, need), id);
  if (!row) throw notFound(SUBSCRIPTION_MESSAGES.notFound);
  return row;
}

async function detailOf(ctx: AppContext, row: SubscriptionRow): Promise<SubscriptionDetail> {
  const invoices = await findSubscriptionInvoices(ctx.db, row.id);
  return {
    ...(await view(ctx.db, row)),
    invoices: invoices.map((i) => toSubscriptionInvoice(i, periodInvoiceUrl(ctx, i.id))),
  };
}

export async function getMerchantSubscription(ctx: AppContext, actor: Actor, id: string) {
  return detailOf(ctx, await requireSubscription(ctx, actor, id, 'view'));
}

/** The recurring, active price of this merchant a subscription may follow, in the customer's mode. */
async function requireRecurringPrice(db: DbOrTx, merchantId: string, priceId: string, mode: 'test' | 'live') {
  const price = await findMerchantPrice(db, merchantId, priceId);
  if (!price) throw invalid('price_id', 'Price not found.');
  if (price.interval === null) throw invalid('price_id', SUBSCRIPTION_MESSAGES.priceNotRecurring);
  if (price.archivedAt) throw invalid('price_id', SUBSCRIPTION_MESSAGES.priceArchived);
  if (price.mode !== mode) throw invalid('price_id', SUBSCRIPTION_MESSAGES.priceMode);
  return price;
}

async function requireCard(db: DbOrTx, customerId: string, cardId: string | undefined, needed: boolean) {
  const cards = await chargeableCustomerCards(db, customerId);
  if (cardId) {
    const card = cards.find((c) => c.id === cardId);
    if (!card) throw invalid('payment_method_id', SUBSCRIPTION_MESSAGES.cardNotCustomers);
    return card.id;
  }
  if (needed && cards.length === 0) throw invalid('payment_method_id', SUBSCRIPTION_MESSAGES.noCard);
  return cards[0]?.id ?? null;
}

/** The part of a whole period (from `now` to `wholeEnd`) that runs until a later anchor, in millionths. */
function shareBeforeAnchor(now: Date, wholeEnd: Date, anchor: Date) {
  const left = new Date(wholeEnd.getTime() - (anchor.getTime() - now.getTime()));
  return unusedShareOfPeriod(now, wholeEnd, left);
}

export async function createSubscription(ctx: AppContext, actor: Actor, body: SubscriptionCreate) {
  const scope = subscriptionScope(actor, 'create');
  const customer = await findCustomerById(ctx.db, body.customer_id);
  if (!customer || customer.deletedAt || customer.merchantId !== scope.merchantId) {
    throw invalid('customer_id', 'Customer not found.');
  }
  if (scope.mode && customer.mode !== scope.mode) throw invalid('customer_id', 'Customer not found.');
  const price = await requireRecurringPrice(ctx.db, scope.merchantId, body.price_id, customer.mode);
  const charges = body.collection_method === 'charge_automatically';
  const cardId = await requireCard(ctx.db, customer.id, body.payment_method_id, charges);
  // A live customer never has a clock; a test customer's subscription follows its clock from the start.
  const clockId = customer.mode === 'test' ? customer.testClockId : null;
  const now = await timeOf(ctx, ctx.db, clockId);
  const cycle = cycleOf(price);
  const trialDays = body.trial_days ?? price.trialDays;
  const anchorAsked = body.billing_cycle_anchor ? new Date(body.billing_cycle_anchor) : null;
  if (anchorAsked && anchorAsked.getTime() < now.getTime() - 60_000) {
    throw invalid('billing_cycle_anchor', SUBSCRIPTION_MESSAGES.anchorPast);
  }
  const trialEnd = trialDays > 0 ? new Date(now.getTime() + trialDays * 86_400_000) : null;
  // Periods count from the anchor: the trial's end, else the anchor asked for, else now. A first period
  // before a later anchor is billed for its share of a whole period (Stripe's prorated first period).
  const anchor = trialEnd && (!anchorAsked || anchorAsked < trialEnd) ? trialEnd : (anchorAsked ?? now);
  const firstEnd = trialEnd ?? (anchor > now ? anchor : periodBoundary(anchor, cycle, 1));
  const share = !trialEnd && anchor > now ? shareBeforeAnchor(now, periodBoundary(now, cycle, 1), anchor) : 1_000_000;
  const status = trialEnd ? 'trialing' : charges ? 'incomplete' : 'active';

  const { row, invoice } = await ctx.db.transaction(async (db) => {
    const row = await insertSubscription(db, {
      merchantId: scope.merchantId,
      mode: customer.mode,
      customerId: customer.id,
      priceId: price.id,
      quantity: body.quantity,
      paymentMethodId: cardId,
      collectionMethod: body.collection_method,
      status,
      billingCycleAnchor: anchor,
      currentPeriodStart: now,
      currentPeriodEnd: firstEnd,
      trialEnd,
      testClockId: clockId,
    });
    await recordAudit(db, {
      actor,
      merchantId: row.merchantId,
      action: 'subscription.created',
      entityType: 'subscription',
      entityId: row.id,
      data: { mode: row.mode, price_id: price.id, quantity: row.quantity },
    });
    await announceSubscription(ctx, db, row, 'subscription.created', price);
    const invoice = trialEnd
      ? undefined
      : await makePeriodInvoice(ctx, db, row, price, { start: now, end: firstEnd }, now, share);
    return { row, invoice };
  });
  if (invoice && invoice.status !== 'paid') {
    if (charges) await chargeClaimedInvoice(ctx, invoice, row, now);
    else await mailPeriodInvoice(ctx, invoice);
  } else if (invoice) {
    await updateSubscriptionFrom(
      ctx.db,
      row.id,
      statusesAllowing('first_payment_succeeded'),
      { status: 'active' },
      ctx.clock.now(),
    );
  }
  return detailOf(ctx, (await findSubscription(ctx.db, scope, row.id))!);
}

/** Credit for the unused time at the old price and quantity, charge at the new ones (docs/product-rules.md). */
function prorationOf(
  sub: SubscriptionRow,
  oldPrice: PriceRow,
  newPrice: PriceRow,
  quantity: number,
  at: Date,
): ProrationPreview {
  const share = sub.status === 'trialing' ? 0 : unusedShareOfPeriod(sub.currentPeriodStart, sub.currentPeriodEnd, at);
  const credit = Math.round((oldPrice.amount * sub.quantity * share) / 1_000_000);
  const charge = Math.round((newPrice.amount * quantity * share) / 1_000_000);
  return { credit, charge, net: charge - credit, currency: newPrice.currency, unused_share_millionths: share };
}

const CHANGEABLE = ['active', 'trialing', 'past_due'] as const;

export async function changeSubscription(ctx: AppContext, actor: Actor, id: string, body: SubscriptionPatch) {
  const current = await requireSubscription(ctx, actor, id, 'edit');
  if (!(CHANGEABLE as readonly string[]).includes(current.status)) {
    throw businessRule(refusedMove(current.status, 'changed'));
  }
  const oldPrice = (await findPriceRow(ctx.db, current.priceId))!;
  const newPrice = body.price_id
    ? await requireRecurringPrice(ctx.db, current.merchantId, body.price_id, current.mode)
    : oldPrice;
  if (newPrice.currency !== oldPrice.currency) throw invalid('price_id', SUBSCRIPTION_MESSAGES.currencyChange);
  if (newPrice.interval !== oldPrice.interval || newPrice.intervalCount !== oldPrice.intervalCount) {
    // docs/product-rules.md "Changing a subscription's price": another cycle is refused, not re-anchored.
    throw invalid('price_id', SUBSCRIPTION_MESSAGES.intervalChange);
  }
  const quantity = body.quantity ?? current.quantity;
  const cardId = body.payment_method_id
    ? await requireCard(ctx.db, current.customerId, body.payment_method_id, true)
    : current.paymentMethodId;
  const at = await timeOf(ctx, ctx.db, current.testClockId);
  const proration = prorationOf(current, oldPrice, newPrice, quantity, at);
  if (body.preview) return { subscription: await view(ctx.db, current), proration, invoice_id: null };
  const carried = body.proration_behavior === 'create_prorations' ? proration.net : 0;
  const invoiceNow = body.proration_behavior === 'always_invoice' && proration.net > 0;
  const now = ctx.clock.now();
  const { row, invoice } = await ctx.db.transaction(async (db) => {
    const row = await updateSubscriptionFrom(
      db,
      current.id,
      CHANGEABLE,
      {
        priceId: newPrice.id,
        quantity,
        paymentMethodId: cardId,
        // A credit left over from always_invoice waits for the next period too.
        pendingProration:
          current.pendingProration +
          carried +
          (body.proration_behavior === 'always_invoice' && proration.net < 0 ? proration.net : 0),
      },
      now,
      // The change was priced from this very row: a concurrent change makes the caller try again.
      unchangedSince(current),
    );
    if (!row) throw businessRule('The subscription changed meanwhile; reload it and try again.');
    await recordAudit(db, {
      actor,
      merchantId: row.merchantId,
      action: 'subscription.changed',
      entityType: 'subscription',
      entityId: row.id,
      data: { price_id: newPrice.id, quantity, proration_behavior: body.proration_behavior, net: proration.net },
    });
    await announceSubscription(ctx, db, row, 'subscription.updated', newPrice);
    const invoice = invoiceNow
      ? await makePeriodInvoice(
          ctx,
          db,
          { ...row, quantity: 1, pendingProration: 0 },
          { ...newPrice, amount: proration.net },
          { start: at, end: row.currentPeriodEnd },
          at,
        )
      : undefined;
    return { row, invoice };
  });
  if (invoice && row.collectionMethod === 'charge_automatically') await chargeClaimedInvoice(ctx, invoice, row, at);
  else if (invoice) await mailPeriodInvoice(ctx, invoice);
  return { subscription: await view(ctx.db, row), proration, invoice_id: invoice?.id ?? null };
}

export async function cancelSubscription(ctx: AppContext, actor: Actor, id: string, body: SubscriptionCancel) {
  const current = await requireSubscription(ctx, actor, id, 'delete');
  const now = ctx.clock.now();
  const at = await timeOf(ctx, ctx.db, current.testClockId);
  if (body.at_period_end) {
    const row = await ctx.db.transaction(async (db) => {
      const row = await updateSubscriptionFrom(
        db,
        id,
        ['active', 'trialing', 'past_due'],
        { cancelAtPeriodEnd: true },
        now,
      );
      if (!row) throw businessRule(refusedMove(current.status, 'canceled at the end of its period'));
      await announceSubscription(ctx, db, row, 'subscription.updated');
      return row;
    });
    return { subscription: await detailOf(ctx, row), message: SUBSCRIPTION_MESSAGES.cancelScheduled };
  }
  const row = await ctx.db.transaction(async (db) => {
    const row = await updateSubscriptionFrom(
      db,
      id,
      statusesAllowing('cancel'),
      { status: 'canceled', canceledAt: at },
      now,
    );
    if (!row) throw businessRule(refusedMove(current.status, 'canceled'));
    // No more tries of its open invoices: they stay on their page, payable, but nothing charges them.
    for (const invoice of await findSubscriptionInvoices(db, id)) {
      if (invoice.nextPaymentAttemptAt) await scheduleInvoiceAttempt(db, invoice.id, null);
    }
    await recordAudit(db, {
      actor,
      merchantId: row.merchantId,
      action: 'subscription.canceled',
      entityType: 'subscription',
      entityId: row.id,
      data: {},
    });
    await announceSubscription(ctx, db, row, 'subscription.canceled');
    return row;
  });
  if (body.prorate_refund) await refundUnusedTime(ctx, actor, current, at);
  return { subscription: await detailOf(ctx, row), message: SUBSCRIPTION_MESSAGES.canceled };
}

/** The unused part of the current period's payment goes back to the card; the key makes a repeat refund nothing. */
async function refundUnusedTime(ctx: AppContext, actor: Actor, sub: SubscriptionRow, at: Date) {
  const paid = (await findSubscriptionInvoices(ctx.db, sub.id)).find(
    (i) =>
      i.status === 'paid' &&
      i.paidTransactionId &&
      i.periodStart &&
      i.periodStart <= at &&
      i.periodEnd &&
      at < i.periodEnd,
  );
  if (!paid?.paidTransactionId || !paid.periodStart || !paid.periodEnd) return;
  const share = unusedShareOfPeriod(paid.periodStart, paid.periodEnd, at);
  const amount = Math.round((paid.totalAmount * share) / 1_000_000);
  if (amount <= 0) return;
  await refundTransaction(
    ctx,
    actor,
    paid.paidTransactionId,
    { amount, reason: 'Unused time of a canceled subscription' },
    `subscription-cancel:${sub.id}`,
  );
}

export async function pauseSubscription(ctx: AppContext, actor: Actor, id: string) {
  const current = await requireSubscription(ctx, actor, id, 'edit');
  const now = ctx.clock.now();
  const at = await timeOf(ctx, ctx.db, current.testClockId);
  const row = await ctx.db.transaction(async (db) => {
    const row = await updateSubscriptionFrom(
      db,
      id,
      statusesAllowing('pause'),
      { status: 'paused', pausedAt: at },
      now,
    );
    if (!row) throw businessRule(refusedMove(current.status, 'paused'));
    await announceSubscription(ctx, db, row, 'subscription.updated');
    return row;
  });
  return detailOf(ctx, row);
}

/** Resuming starts a new period at once, counted from now, and bills it (Stripe's resume with billing_cycle_anchor now). */
export async function resumeSubscription(ctx: AppContext, actor: Actor, id: string) {
  const current = await requireSubscription(ctx, actor, id, 'edit');
  const now = ctx.clock.now();
  const at = await timeOf(ctx, ctx.db, current.testClockId);
  await ctx.db.transaction(async (db) => {
    const row = await updateSubscriptionFrom(
      db,
      id,
      statusesAllowing('resume'),
      { status: 'active', pausedAt: null, billingCycleAnchor: at, currentPeriodEnd: at, trialEnd: null },
      now,
    );
    if (!row) throw businessRule(refusedMove(current.status, 'resumed'));
    await announceSubscription(ctx, db, row, 'subscription.updated');
  });
  await runRenewals(ctx, { clockId: current.testClockId, at });
  return getMerchantSubscription(ctx, actor, id);
}

/**
 * Pays the subscription's oldest open invoice with its saved card now (Stripe's "pay invoice"): how a
 * merchant rescues an incomplete subscription within its 23 hours, or a past_due or unpaid one, once the
 * customer has a card that works. The try is claimed in the database, as the tick's are, so it never
 * runs beside one; a payment on the invoice's page has the same effect.
 */
export async function payOpenInvoice(ctx: AppContext, actor: Actor, id: string) {
  const current = await requireSubscription(ctx, actor, id, 'edit');
  const message = await chargeOpenInvoice(ctx, current);
  return { subscription: await getMerchantSubscription(ctx, actor, id), message };
}

/** The claimed try of a subscription's oldest open invoice, charged; a decline throws its reason. */
async function chargeOpenInvoice(ctx: AppContext, current: SubscriptionRow): Promise<string> {
  const id = current.id;
  if (!statusesAllowing('invoice_paid').includes(current.status)) {
    throw businessRule(refusedMove(current.status, 'paid'));
  }
  if (current.collectionMethod !== 'charge_automatically') {
    throw businessRule('This subscription sends its invoices: the customer pays them on the invoice’s page.');
  }
  const at = await timeOf(ctx, ctx.db, current.testClockId);
  if (
    current.status === 'incomplete' &&
    at.getTime() - current.currentPeriodStart.getTime() >= INCOMPLETE_EXPIRES_AFTER_MS
  ) {
    throw businessRule(SUBSCRIPTION_MESSAGES.firstInvoiceExpired);
  }
  const open = (await findSubscriptionInvoices(ctx.db, id))
    .filter((i) => i.status === 'sent' || i.status === 'viewed')
    .at(-1);
  if (!open) throw businessRule(SUBSCRIPTION_MESSAGES.nothingToPay);
  const claimed = await claimInvoiceAttempt(ctx.db, open.id, new Date(at.getTime() + ATTEMPT_LEASE_MS), at);
  if (!claimed) throw conflict(SUBSCRIPTION_MESSAGES.payUnderWay);
  const { outcome, message } = await chargeClaimedInvoice(ctx, claimed, current, at);
  if (outcome === 'failed') throw businessRule(message);
  return message;
}

export async function getBillingSettings(ctx: AppContext, actor: Actor): Promise<BillingSettings> {
  const { merchantId } = requireMerchantAccess(actor, APP.INVOICES, 'view');
  const row = await findBillingSettings(ctx.db, merchantId);
  return {
    retry_days: row.retryDays,
    after_last_retry: row.afterLastRetry,
    customers_may_cancel: row.customersMayCancel,
  };
}

export async function setBillingSettings(
  ctx: AppContext,
  actor: Actor,
  body: BillingSettings,
): Promise<BillingSettings> {
  const { merchantId } = requireMerchantAccess(actor, APP.INVOICES, 'edit');
  await ctx.db.transaction(async (db) => {
    await updateBillingSettings(db, merchantId, {
      retryDays: body.retry_days,
      afterLastRetry: body.after_last_retry,
      customersMayCancel: body.customers_may_cancel,
    });
    await recordAudit(db, {
      actor,
      merchantId,
      action: 'billing_settings.updated',
      entityType: 'merchant',
      entityId: merchantId,
      data: body,
    });
  });
  return getBillingSettings(ctx, actor);
}

/**
 * MRR, active subscribers, churn and failed-payment recovery of the actor's merchant, in the API key's
 * mode or the portal's Test mode switch (docs/product-rules.md#subscription-metrics).
 */
export async function subscriptionMetrics(
  ctx: AppContext,
  actor: Actor,
  q: SubscriptionMetricsQuery,
): Promise<SubscriptionMetrics> {
  const base = subscriptionScope(actor, 'view');
  const scope = { merchantId: base.merchantId, mode: base.mode ?? q.mode };
  const now = ctx.clock.now();
  const since = new Date(now.getTime() - METRICS_WINDOW_DAYS * DAY_MS);
  const [mrr, activeSubscribers, churn, recovery] = await Promise.all([
    mrrByCurrency(ctx.db, scope),
    countActiveSubscribers(ctx.db, scope),
    churnSince(ctx.db, scope, since, now),
    recoverySince(ctx.db, scope, since),
  ]);
  return {
    mrr,
    active_subscribers: activeSubscribers,
    churn: {
      window_days: METRICS_WINDOW_DAYS,
      active_at_start: churn.activeAtStart,
      canceled: churn.canceled,
      rate: churn.activeAtStart === 0 ? null : Math.round((churn.canceled / churn.activeAtStart) * 10_000) / 10_000,
    },
    recovery: {
      window_days: METRICS_WINDOW_DAYS,
      failed_invoices: recovery.reduce((n, r) => n + r.failed, 0),
      recovered_invoices: recovery.reduce((n, r) => n + r.recovered, 0),
      amount_recovered: recovery
        .filter((r) => r.recovered > 0)
        .map((r) => ({ currency: r.currency, amount: r.amount })),
    },
  };
}

/** The customer portal's view of a subscription: what a customer recognises, no merchant's internals. */
async function portalView(db: DbOrTx, row: SubscriptionRow) {
  const price = (await findPriceRow(db, row.priceId))!;
  return {
    id: row.id,
    description: (await productNameOf(db, price)) ?? 'Subscription',
    status: row.status,
    amount: price.amount * row.quantity,
    currency: price.currency,
    interval: price.interval ?? 'month',
    interval_count: price.intervalCount,
    quantity: row.quantity,
    current_period_end: row.currentPeriodEnd.toISOString(),
    trial_end: row.trialEnd?.toISOString() ?? null,
    cancel_at_period_end: row.cancelAtPeriodEnd,
    canceled_at: row.canceledAt?.toISOString() ?? null,
  };
}

/**
 * The customer portal's "Pay now" on its own incomplete subscription (docs/product-rules.md#incomplete-subscriptions):
 * the first invoice charged to the customer's default card, which the subscription keeps from then on.
 * The try is claimed in the database as the merchant's pay is, so any number of clicks charge once; a
 * click that finds the invoice paid already answers the active subscription.
 */
export async function payCustomerIncompleteSubscription(
  ctx: AppContext,
  merchantId: string,
  customerId: string,
  id: string,
  cardId: string | null,
) {
  const current = await findSubscription(ctx.db, { merchantId }, id);
  if (!current || current.customerId !== customerId) throw notFound(SUBSCRIPTION_MESSAGES.notFound);
  const settled = async () => {
    const now = await findSubscription(ctx.db, { merchantId }, id);
    return now?.status === 'active' ? { subscription: await portalView(ctx.db, now), message: PAID_ALREADY } : null;
  };
  if (current.status === 'active') return (await settled())!;
  if (current.status !== 'incomplete') throw businessRule(refusedMove(current.status, 'paid'));
  if (!cardId) throw businessRule(NO_CARD_TO_PAY);
  if (current.paymentMethodId !== cardId) await setSubscriptionCard(ctx.db, id, cardId, ctx.clock.now());
  try {
    const message = await chargeOpenInvoice(ctx, { ...current, paymentMethodId: cardId });
    return { subscription: await portalView(ctx.db, (await findSubscription(ctx.db, { merchantId }, id))!), message };
  } catch (error) {
    // Another click paid it between this one's read and its claim.
    const paid = await settled();
    if (paid) return paid;
    throw error;
  }
}

const PAID_ALREADY = 'This subscription is paid.';
const NO_CARD_TO_PAY = 'You have no saved card to pay with. Add a card, then pay.';

/** The customer portal: the signed-in customer's own subscriptions, newest first. */
export async function customerSubscriptions(ctx: AppContext, merchantId: string, customerId: string) {
  const { rows } = await listSubscriptions(ctx.db, { merchantId }, { customerId, page: 1, page_size: 100 });
  return Promise.all(rows.map((row) => portalView(ctx.db, row)));
}

/**
 * The customer portal's cancel: only at the end of the period, only the customer's own subscription, and
 * only when the merchant allows it (docs/product-rules.md#customer-portal). The same conditional UPDATE
 * as the merchant's, so it races safely with renewals and the merchant's own moves.
 */
export async function cancelCustomerSubscriptionAtPeriodEnd(
  ctx: AppContext,
  merchantId: string,
  customerId: string,
  id: string,
) {
  const current = await findSubscription(ctx.db, { merchantId }, id);
  if (!current || current.customerId !== customerId) throw notFound(SUBSCRIPTION_MESSAGES.notFound);
  if (current.cancelAtPeriodEnd) return portalView(ctx.db, current);
  const row = await ctx.db.transaction(async (db) => {
    const row = await updateSubscriptionFrom(
      db,
      id,
      ['active', 'trialing', 'past_due'],
      { cancelAtPeriodEnd: true },
      ctx.clock.now(),
    );
    if (!row) throw businessRule(refusedMove(current.status, 'canceled at the end of its period'));
    await recordAudit(db, {
      actor: null,
      merchantId,
      action: 'subscription.cancel_requested_by_customer',
      entityType: 'subscription',
      entityId: row.id,
      data: { customer_id: customerId },
    });
    await announceSubscription(ctx, db, row, 'subscription.updated');
    return row;
  });
  return portalView(ctx.db, row);
}

/** When the customer's subscriptions next charge their card on their own, or null (a saved card's expiry is weighed against it). */
export const nextRenewalChargeOf = (db: DbOrTx, customerId: string) => findNextAutomaticRenewal(db, customerId);
