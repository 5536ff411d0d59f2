// Renewals that happen exactly once (docs/decisions/0024-renewals-exactly-once.md). Every API process runs
// the tick (jobs/background-jobs.ts); a test clock's advance runs it for that clock's subscriptions.
//   1. A batch of due subscriptions is claimed with FOR UPDATE SKIP LOCKED; in the same short
//      transaction their periods roll over (one conditional UPDATE on each old period's end) and the
//      periods' invoices are made (one INSERT), the unique (subscription_id, period_start) index
//      refusing a second one. Each invoice's first try is leased with it.
//   2. After commit the invoice is charged with the saved card; the payment's id — the processor's
//      idempotency key — is derived from the invoice id and the try's number, and the invoice's
//      one-live-payment index refuses a second payment while one is under way. A processor that does
//      not answer leaves the payment `processing` for reconciliation and the invoice open.
//   3. A failed try schedules the next on the merchant's retry days (dunning); the last failure cancels
//      the subscription or leaves it unpaid, as the merchant chose.

import { type BillingCycle, periodContaining } from '@kassa/contract/billing-calendar';
import type { ChargeResult } from '@kassa/contract/checkout';
import { formatCalendarDate } from '@kassa/contract/date-display';
import { emailTranslator } from '@kassa/contract/i18n/email-catalogue';
import { buyerDeclineReason } from '@kassa/contract/i18n/hosted-fields-catalogue';
import { formatMoney } from '@kassa/contract/money';
import { nextSubscriptionStatus, statusesAllowing } from '@kassa/contract/subscriptions';
import type { ClockHappening } from '@kassa/contract/test-clocks';
import type { WebhookEventType } from '@kassa/contract/webhooks';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { mailBody } from '../../lib/mail-body.ts';
import { chargeRecordedTogether } from '../charges/charge.service.ts';
import {
  chargeInvoiceWithSavedCard,
  type RecordedAttempt,
  recordInvoiceChargesIn,
} from '../charges/customer-charge.service.ts';
import { type CustomerToCharge, findCustomerById, findCustomersToCharge } from '../customers/customers.service.ts';
import {
  announcePeriodInvoice,
  claimInvoiceAttempt,
  createPeriodInvoice,
  createPeriodInvoices,
  type InvoiceRow,
  mailPeriodInvoice,
  numberPeriodInvoices,
  type PeriodInvoice,
  type PeriodInvoiceLine,
  periodInvoiceEvents,
  periodInvoiceUrl,
  scheduleInvoiceAttempt,
  voidOpenSubscriptionInvoices,
} from '../invoices/period-invoices.service.ts';
import { replaceCardLink } from '../payment-methods/add-card.service.ts';
import {
  chargeableCardsOfCustomers,
  lockChargeableCardsOfCustomers,
} from '../payment-methods/payment-methods.service.ts';
import { findPriceRow, type PriceRow, productNameOf } from '../prices/prices.service.ts';
import {
  type BatchEvent,
  endpointsListeningTo,
  endpointsListeningToEach,
  recordWebhookEvent,
  recordWebhookEvents,
} from '../webhooks/webhooks.service.ts';
import { ATTEMPT_LEASE_MS, DAY_MS, invoiceAttemptId, isoDay } from './subscription-time.ts';
import { toSubscription } from './subscription-view.ts';
import {
  claimDueInvoices,
  claimDueSubscriptions,
  claimTrialsEndingSoon,
  clearPaidInvoiceAttempts,
  expireIncompleteSubscriptions,
  findBillingSettings,
  type PeriodRollOver,
  periodStillEnds,
  reactivatePaidSubscriptions,
  rollPeriodsOver,
  type SubscriptionRow,
  setSubscriptionCard,
  updateSubscriptionFrom,
} from './subscriptions.queries.ts';

const TRIAL_WARNING_MS = 3 * DAY_MS;
/** A moment as a person reads it in a message: 2026-03-03 00:00 UTC. */
const utcText = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
/** send_invoice: the customer has this long to pay a period's invoice. */
const SEND_INVOICE_DUE_DAYS = 7;

export const cycleOf = (price: PriceRow): BillingCycle => ({
  interval: price.interval ?? 'month',
  intervalCount: price.intervalCount,
});

/** A subscription event, written in the caller's transaction. */
export async function announceSubscription(
  ctx: AppContext,
  db: DbOrTx,
  row: SubscriptionRow,
  type: Extract<WebhookEventType, `subscription.${string}` | 'customer.subscription.trial_will_end'>,
  price?: PriceRow,
  /** The endpoints listening, when the caller looked them up once for a batch. */
  endpointIds?: string[],
) {
  if (endpointIds?.length === 0) return;
  const p = price ?? (await findPriceRow(db, row.priceId))!;
  await recordWebhookEvent(
    db,
    { merchantId: row.merchantId, mode: row.mode },
    type,
    toSubscription(row, p),
    ctx.clock.now(),
    endpointIds,
  );
}

/** The event types a batch of renewals writes: their endpoints are looked up together. */
const BATCH_EVENT_TYPES: WebhookEventType[] = [
  'subscription.updated',
  'invoice.created',
  'invoice.paid',
  'invoice.partially_paid',
];

/**
 * The endpoints listening to an event type, looked up once per merchant and mode — every type a batch
 * writes in one read — for the length of one batch's transaction (an endpoint added meanwhile hears the
 * next batch's events).
 */
function batchListeners(db: DbOrTx) {
  const known = new Map<string, Promise<Map<WebhookEventType, string[]>>>();
  return async (owner: { merchantId: string; mode: SubscriptionRow['mode'] }, type: WebhookEventType) => {
    if (!BATCH_EVENT_TYPES.includes(type)) return endpointsListeningTo(db, owner, type);
    const key = `${owner.merchantId}:${owner.mode}`;
    let byType = known.get(key);
    if (!byType) {
      byType = endpointsListeningToEach(db, owner, BATCH_EVENT_TYPES);
      known.set(key, byType);
    }
    return (await byType).get(type) ?? [];
  };
}
type Listeners = ReturnType<typeof batchListeners>;

/** The lines of a period's invoice: the price times the quantity, and a carried proration if any. */
export async function periodLines(
  db: DbOrTx,
  sub: SubscriptionRow,
  price: PriceRow,
  share = 1_000_000,
  productName?: string | null,
) {
  const name = (productName === undefined ? await productNameOf(db, price) : productName) ?? 'Subscription';
  const lines: PeriodInvoiceLine[] = [
    { name, quantity: sub.quantity, price: Math.round((price.amount * share) / 1_000_000), productId: price.productId },
  ];
  if (sub.pendingProration !== 0) {
    lines.push({
      name: sub.pendingProration < 0 ? 'Credit for unused time' : 'Charge for the change of plan',
      quantity: 1,
      price: sub.pendingProration,
      productId: null,
    });
  }
  return lines;
}

/**
 * Makes one period's invoice for a subscription, inside the caller's transaction. `numberLater`: a
 * batch of renewals numbers (and announces) its invoices together at its end (`numberRenewals`).
 */
export async function makePeriodInvoice(
  ctx: AppContext,
  db: DbOrTx,
  sub: SubscriptionRow,
  price: PriceRow,
  period: { start: Date; end: Date },
  at: Date,
  share?: number,
  numberLater = false,
  /** The product's name when the caller has read it already (a tick renewing many of one price). */
  productName?: string | null,
) {
  const customer = (await findCustomerById(db, sub.customerId))!;
  const invoice = await createPeriodInvoice(
    ctx,
    db,
    periodInvoiceOf(sub, customer, period, at, {
      currency: price.currency,
      lines: await periodLines(db, sub, price, share, productName),
    }),
    { numberLater },
  );
  if (invoice && !numberLater) await announcePeriodInvoice(ctx, db, invoice, 'invoice.created', sub.mode);
  return invoice;
}

/**
 * The prices a tick renews, each with its product's name, read once per tick: a price never changes its
 * amount or cycle (docs/decisions/0024-renewals-exactly-once.md), so a tick of thousands of
 * subscriptions to a few prices reads them a few times, not thousands.
 */
interface TickPrices {
  of(db: DbOrTx, id: string): Promise<{ price: PriceRow; productName: string | null }>;
}

function tickPrices(): TickPrices {
  const known = new Map<string, { price: PriceRow; productName: string | null }>();
  return {
    async of(db, id) {
      const hit = known.get(id);
      if (hit) return hit;
      const price = (await findPriceRow(db, id))!;
      const read = { price, productName: (await productNameOf(db, price)) ?? null };
      known.set(id, read);
      return read;
    },
  };
}

/**
 * Rolls a claimed batch over to its next periods with set-based writes: one UPDATE for every period,
 * one read of the customers, one INSERT for every invoice and one for their lines, the endpoints
 * looked up once; so a batch's transaction is about as short as one renewal's was. A subscription that
 * ends at its period's end takes the one-by-one path (`endClaimed`).
 */
async function renewBatch(
  ctx: AppContext,
  db: DbOrTx,
  subs: SubscriptionRow[],
  at: Date,
  prices: TickPrices,
  listeners: Listeners,
): Promise<Renewed[]> {
  const renewed: Renewed[] = [];
  const rolling: { sub: SubscriptionRow; price: PriceRow; productName: string | null; move: PeriodRollOver }[] = [];
  for (const sub of subs) {
    if (sub.cancelAtPeriodEnd) {
      const r = await endClaimed(ctx, db, sub, prices);
      if (r) renewed.push(r);
      continue;
    }
    const { price, productName } = await prices.of(db, sub.priceId);
    const start = sub.currentPeriodEnd;
    const end = periodContaining(sub.billingCycleAnchor, cycleOf(price), start).end;
    const status = sub.status === 'trialing' ? nextSubscriptionStatus('trialing', 'trial_ended')! : sub.status;
    rolling.push({ sub, price, productName, move: { id: sub.id, from: sub.currentPeriodEnd, start, end, status } });
  }
  const rolled = new Map(
    (
      await rollPeriodsOver(
        db,
        rolling.map((r) => r.move),
        ctx.clock.now(),
      )
    ).map((row) => [row.id, row]),
  );
  const moved = rolling.filter((r) => rolled.has(r.sub.id));
  if (moved.length === 0) return renewed;
  // Each customer with the country its charge is taken in, read once here for the invoices and the
  // charges after commit (which would otherwise read each again).
  const payers = new Map(
    (await findCustomersToCharge(db, [...new Set(moved.map((r) => r.sub.customerId))])).map((p) => [p.customer.id, p]),
  );
  const made = await createPeriodInvoices(
    ctx,
    db,
    await Promise.all(
      moved.map(async (r) =>
        periodInvoiceOf(r.sub, payers.get(r.sub.customerId)!.customer, r.move, at, {
          currency: r.price.currency,
          lines: await periodLines(db, r.sub, r.price, undefined, r.productName),
        }),
      ),
    ),
  );
  // The roll-overs' subscription.updated events, written together (two statements, none when nobody listens).
  const events: BatchEvent[] = [];
  for (const [i, r] of moved.entries()) {
    const row = rolled.get(r.sub.id)!;
    const owner = { merchantId: row.merchantId, mode: row.mode };
    events.push({
      owner,
      type: 'subscription.updated',
      data: toSubscription(row, r.price),
      at: ctx.clock.now(),
      endpointIds: await listeners(owner, 'subscription.updated'),
    });
    renewed.push({
      kind: 'renewed',
      sub: row,
      invoice: made[i],
      wasTrial: r.sub.status === 'trialing',
      payer: payers.get(r.sub.customerId),
    });
  }
  await recordWebhookEvents(db, events);
  return renewed;
}

/** What a period's invoice says: its subscription, customer, period, lines, and its first try's lease. */
function periodInvoiceOf(
  sub: SubscriptionRow,
  customer: { id: string; name: string; email: string | null },
  period: { start: Date; end: Date },
  at: Date,
  { currency, lines }: { currency: string; lines: PeriodInvoiceLine[] },
): PeriodInvoice {
  const charges = sub.collectionMethod === 'charge_automatically';
  return {
    merchantId: sub.merchantId,
    subscriptionId: sub.id,
    periodStart: period.start,
    periodEnd: period.end,
    currency,
    dueDate: isoDay(new Date(period.start.getTime() + (charges ? 0 : SEND_INVOICE_DUE_DAYS * DAY_MS))),
    customerId: customer.id,
    customerName: customer.name,
    customerEmail: customer.email ?? '',
    lines,
    firstAttemptLeaseUntil: charges ? new Date(at.getTime() + ATTEMPT_LEASE_MS) : null,
  };
}

type Renewed =
  | {
      kind: 'renewed';
      sub: SubscriptionRow;
      invoice: InvoiceRow | undefined;
      wasTrial: boolean;
      /** The customer and its charge's country, as the batch read them. */
      payer?: CustomerToCharge;
      /** The charge's attempt, recorded with the batch (recordRenewalCharges). */
      recorded?: RecordedAttempt;
      /** What came of that attempt's charge, settled with the batch's others (chargeRecordedTogether). */
      charged?: PromiseSettledResult<ChargeResult>;
    }
  | { kind: 'canceled'; sub: SubscriptionRow };

/** Ends a claimed subscription that was to end with its period (cancel at period end). */
async function endClaimed(
  ctx: AppContext,
  db: DbOrTx,
  sub: SubscriptionRow,
  prices: TickPrices,
): Promise<Renewed | null> {
  const { price } = await prices.of(db, sub.priceId);
  const ended = await updateSubscriptionFrom(
    db,
    sub.id,
    statusesAllowing('cancel'),
    { status: 'canceled', canceledAt: sub.currentPeriodEnd },
    ctx.clock.now(),
    periodStillEnds(sub.currentPeriodEnd),
  );
  if (!ended) return null;
  await announceSubscription(ctx, db, ended, 'subscription.canceled', price);
  return { kind: 'canceled', sub: ended };
}

export type ChargeOutcome = 'paid' | 'failed' | 'pending' | 'skipped';

/** A settled result's value, or its reason thrown (as the call that made it would have thrown it). */
function outcomeValue<T>(settled: PromiseSettledResult<T>): T {
  if (settled.status === 'rejected') throw settled.reason;
  return settled.value;
}

const isSettledElsewhere = (error: unknown) => error instanceof AppError && error.code === 'conflict';

/**
 * Charges a claimed try of an invoice and applies what came of it to the subscription. `at` is the time
 * the subscription follows (its clock's, or now).
 */
export async function chargeClaimedInvoice(
  ctx: AppContext,
  invoice: InvoiceRow,
  sub: SubscriptionRow,
  at: Date,
  /** The customers' live cards, when the caller read them for a batch. */
  cards?: BatchCards,
  /** The customer with its charge's country, when the caller read it (a batch); read by the charge otherwise. */
  payer?: CustomerToCharge,
  /** What came of the charge the batch's claim recorded (recordRenewalCharges, chargeRecordedTogether). */
  charged?: PromiseSettledResult<ChargeResult>,
): Promise<{ outcome: ChargeOutcome; message: string }> {
  let failure: string | null = null;
  const card = charged ? null : await cardToCharge(ctx, ctx.db, sub, cards ?? (await cardsOf(ctx.db, [sub])));
  if (!card && !charged) failure = 'The customer has no saved card for this subscription.';
  else {
    try {
      const result = charged
        ? outcomeValue(charged)
        : await chargeInvoiceWithSavedCard(ctx, {
            customerId: sub.customerId,
            ...(payer ? { customer: payer } : {}),
            invoiceId: invoice.id,
            amount: invoice.totalAmount,
            currency: invoice.currency,
            paymentMethodId: card!.card.id,
            description: `Invoice ${invoice.invoiceNumber}`,
            transactionId: invoiceAttemptId(invoice.id, invoice.attemptCount),
            // With the customer read for the batch, the attempt is one statement that holds while both are as read.
            ...(payer ? { asRead: { invoice, card: { ...card!, owner: payer.customer } } } : {}),
          });
      if (result.status === 'capture_succeeded' || result.status === 'authorization_succeeded') {
        // A captured payment's own commit marked the invoice paid and ended its tries (addInvoicePayment):
        // only a subscription that was behind has more to settle.
        if (result.status !== 'capture_succeeded' || statusesAllowing('invoice_paid').includes(sub.status)) {
          await settlePaid(ctx, invoice, sub);
        }
        return { outcome: 'paid', message: `Invoice ${invoice.invoiceNumber} was paid.` };
      }
      if (result.status === 'processing' || result.status === 'buyer_approval_pending') {
        return { outcome: 'pending', message: `Invoice ${invoice.invoiceNumber}: the payment is under way.` };
      }
      failure = result.failure_reason ?? 'The card was declined.';
    } catch (error) {
      // No answer from the processor, or another payment of the invoice under way: the lease stays,
      // reconciliation settles that payment, and a try after the lease finds the invoice paid or open.
      if (isSettledElsewhere(error)) {
        await ctx.db.transaction((db) =>
          scheduleInvoiceAttempt(db, invoice.id, new Date(at.getTime() + ATTEMPT_LEASE_MS * 6)),
        );
        return { outcome: 'pending', message: `Invoice ${invoice.invoiceNumber}: the payment is not confirmed yet.` };
      }
      if (error instanceof AppError && error.code === 'business_rule' && /already been paid/.test(error.message)) {
        await settlePaid(ctx, invoice, sub);
        return { outcome: 'paid', message: `Invoice ${invoice.invoiceNumber} was paid.` };
      }
      if (!(error instanceof AppError)) throw error;
      failure = error.message;
    }
  }
  return settleFailed(ctx, invoice, sub, at, failure, payer);
}

/**
 * The subscription's card, or — once the customer replaced it through the dunning e-mail's link, which
 * retires the old card — the customer's newest card, which the subscription then keeps.
 */
async function cardToCharge(
  ctx: AppContext,
  db: DbOrTx,
  sub: SubscriptionRow,
  known: BatchCards,
): Promise<CardRead | null> {
  const cards = known.get(sub.customerId) ?? [];
  const chosen = sub.paymentMethodId ? cards.find((read) => read.card.id === sub.paymentMethodId) : undefined;
  if (chosen) return chosen;
  const newest = cards[0] ?? null;
  if (newest) await setSubscriptionCard(db, sub.id, newest.card.id, ctx.clock.now());
  return newest;
}

/** A live card as the batch read it, with its fingerprint (the charge goes ahead only while it is so). */
type CardRead = Awaited<ReturnType<typeof chargeableCardsOfCustomers>>[number];

/** Each customer's live cards, newest (or preferred) first, as `chargeableCustomerCards` lists them. */
type BatchCards = Map<string, CardRead[]>;

async function cardsOf(db: DbOrTx, subs: SubscriptionRow[], { lock = false } = {}): Promise<BatchCards> {
  const cards: BatchCards = new Map();
  if (subs.length === 0) return cards;
  const customerIds = [...new Set(subs.map((s) => s.customerId))];
  const read = lock ? lockChargeableCardsOfCustomers : chargeableCardsOfCustomers;
  for (const card of await read(db, customerIds)) {
    cards.set(card.card.customerId, [...(cards.get(card.card.customerId) ?? []), card]);
  }
  return cards;
}

async function settlePaid(ctx: AppContext, invoice: InvoiceRow, sub: SubscriptionRow) {
  await ctx.db.transaction(async (db) => {
    await scheduleInvoiceAttempt(db, invoice.id, null);
    const moved = await updateSubscriptionFrom(
      db,
      sub.id,
      statusesAllowing('invoice_paid'),
      { status: 'active' },
      ctx.clock.now(),
    );
    if (moved) await announceSubscription(ctx, db, moved, 'subscription.updated');
  });
}

async function settleFailed(
  ctx: AppContext,
  invoice: InvoiceRow,
  sub: SubscriptionRow,
  at: Date,
  reason: string,
  payer?: CustomerToCharge,
) {
  const settings = await findBillingSettings(ctx.db, sub.merchantId);
  const tried = invoice.attemptCount;
  // An incomplete subscription's first invoice is not retried: the customer pays it on its page (Stripe).
  const retriesLeft = sub.status !== 'incomplete' && tried <= settings.retryDays.length;
  const base = invoice.periodStart ?? at;
  const nextTry = retriesLeft
    ? new Date(Math.max(base.getTime() + settings.retryDays[tried - 1]! * DAY_MS, at.getTime() + 60_000))
    : null;
  const now = ctx.clock.now();
  const moved = await ctx.db.transaction(async (db) => {
    await scheduleInvoiceAttempt(db, invoice.id, nextTry);
    await announcePeriodInvoice(ctx, db, invoice, 'invoice.payment_failed', sub.mode);
    if (sub.status === 'incomplete') return null;
    if (nextTry) {
      const row = await updateSubscriptionFrom(
        db,
        sub.id,
        statusesAllowing('renewal_failed'),
        { status: 'past_due' },
        now,
      );
      if (row && sub.status !== 'past_due') await announceSubscription(ctx, db, row, 'subscription.past_due');
      return row;
    }
    const last = settings.afterLastRetry === 'unpaid' ? 'retries_exhausted_unpaid' : 'retries_exhausted_cancel';
    const row = await updateSubscriptionFrom(
      db,
      sub.id,
      statusesAllowing(last),
      settings.afterLastRetry === 'unpaid' ? { status: 'unpaid' } : { status: 'canceled', canceledAt: at },
      now,
    );
    if (row) {
      await announceSubscription(
        ctx,
        db,
        row,
        row.status === 'canceled' ? 'subscription.canceled' : 'subscription.updated',
      );
    }
    return row;
  });
  await mailFailedTry(ctx, invoice, sub, reason, nextTry, payer);
  const then = nextTry
    ? ` Next try ${nextTry.toISOString()}.`
    : moved
      ? ` The subscription is now ${moved.status}.`
      : '';
  return { outcome: 'failed' as const, message: `Invoice ${invoice.invoiceNumber}: ${reason}${then}` };
}

/** Each failed try tells the customer: pay the invoice on its page (or authenticate there), or replace the card. */
async function mailFailedTry(
  ctx: AppContext,
  invoice: InvoiceRow,
  sub: SubscriptionRow,
  reason: string,
  nextTry: Date | null,
  /** The customer as the batch read it, else read here. */
  payer?: CustomerToCharge,
) {
  const customer = payer?.customer ?? (await findCustomerById(ctx.db, sub.customerId));
  if (!customer?.email) return;
  // In the customer's language (docs/i18n.md), English when the merchant set none.
  const { locale, t } = emailTranslator(customer.locale);
  const amount = formatMoney(invoice.totalAmount, invoice.currency, locale);
  const number = invoice.invoiceNumber;
  const replace = await replaceCardLink(ctx, customer.id, sub.paymentMethodId ?? undefined);
  await ctx.mailer.send({
    to: customer.email,
    subject: t('dunning.subject', { number }),
    ...mailBody({
      paragraphs: [
        t('mail.hello', { name: customer.name }),
        t('dunning.failed', { amount, number, reason: buyerDeclineReason(locale, reason) }),
        nextTry ? t('dunning.nextTry', { date: formatCalendarDate(isoDay(nextTry), locale) }) : t('dunning.payNow'),
        t('dunning.otherCard', { link: replace }),
      ],
      link: { href: periodInvoiceUrl(ctx, invoice.id), label: t('dunning.link') },
    }),
  });
}

export interface TickOptions {
  /** The clock whose subscriptions to run; null: those that follow the wall clock. */
  clockId?: string | null;
  /** The time they follow now (the clock's); the wall clock by default. */
  at?: Date;
  /** Stop after this many renewals (and as many tries): a bound, never reached in practice. */
  maxSteps?: number;
}

/**
 * One run of the renewal job: trial warnings, then every due renewal and every due try of an invoice,
 * batch after batch until none is left. Safe in any number of processes at once.
 */
export async function runRenewals(ctx: AppContext, options: TickOptions = {}): Promise<ClockHappening[]> {
  const clockId = options.clockId ?? null;
  const at = options.at ?? ctx.clock.now();
  const happened: ClockHappening[] = [];
  const note: Note = (sub, kind, message) =>
    happened.push({ at: at.toISOString(), subscription_id: sub.id, kind, message });

  await syncPaidSubscriptions(ctx);
  const warned = await ctx.db.transaction(async (db) => {
    const rows = await claimTrialsEndingSoon(db, at, clockId, TRIAL_WARNING_MS);
    for (const row of rows) await announceSubscription(ctx, db, row, 'customer.subscription.trial_will_end');
    return rows;
  });
  for (const sub of warned)
    note(sub, 'trial_will_end', `The trial ends on ${sub.trialEnd ? utcText(sub.trialEnd) : 'its last day'}.`);
  for (const sub of await expireUnpaidFirstInvoices(ctx, at, clockId))
    note(sub, 'expired', 'The first invoice was not paid within 23 hours: the subscription expired.');

  // A batch of due subscriptions per transaction, claimed in one statement (SKIP LOCKED: other ticks
  // take other rows) and numbered together as its last writes, so the merchant's invoice-number row is
  // locked only from there to the commit; each invoice is charged after that commit.
  const maxSteps = options.maxSteps ?? 100_000;
  const prices = tickPrices();
  for (let step = 0; step < maxSteps; ) {
    const batch = await claimsOf(ctx).run(() =>
      ctx.db.transaction(async (db) => {
        const subs = await claimDueSubscriptions(db, at, clockId, Math.min(RENEWAL_BATCH, maxSteps - step));
        if (subs.length === 0) return undefined;
        const listeners = batchListeners(db);
        const renewed = await numberRenewals(
          ctx,
          db,
          await renewBatch(ctx, db, subs, at, prices, listeners),
          listeners,
        );
        await recordRenewalCharges(ctx, db, renewed, listeners);
        return { claimed: subs.length, renewed };
      }),
    );
    if (batch === undefined) break;
    step += batch.claimed;
    await afterBatch(ctx, batch.renewed, at, note);
  }
  for (let step = 0; step < (options.maxSteps ?? 100_000); step++) {
    const claimed = await claimsOf(ctx).run(() =>
      ctx.db.transaction(async (db) => {
        const [due] = await claimDueInvoices(db, at, clockId, 1);
        if (!due) return undefined;
        const invoice = await claimInvoiceAttempt(db, due.invoice.id, new Date(at.getTime() + ATTEMPT_LEASE_MS));
        return invoice ? { invoice, sub: due.subscription } : null;
      }),
    );
    if (claimed === undefined) break;
    if (!claimed) continue;
    const charged = await chargeClaimedInvoice(ctx, claimed.invoice, claimed.sub, at);
    note(claimed.sub, 'retry', charged.message);
  }
  return happened;
}

/**
 * Incomplete subscriptions whose first invoice went unpaid for 23 hours expire, their invoice voided so
 * it can no longer be paid (Stripe Billing's incomplete_expired), with the event, in one transaction.
 */
async function expireUnpaidFirstInvoices(ctx: AppContext, at: Date, clockId: string | null) {
  return ctx.db.transaction(async (db) => {
    const now = ctx.clock.now();
    const expired = await expireIncompleteSubscriptions(db, at, clockId, now);
    for (const row of expired) {
      await voidOpenSubscriptionInvoices(db, row.id, now);
      await announceSubscription(ctx, db, row, 'subscription.updated');
    }
    return expired;
  });
}

/**
 * Claim transactions one process runs at once, whatever number of ticks it runs. A batch's claim ends
 * by numbering its invoices, so a merchant's claims queue for its counter row anyway; past two, more of
 * them would only hold pooled connections while they wait, and ticks in a pool of five would wait past
 * its connect timeout for the rest (the charges, the API's requests).
 */
const claimsOf = perProcess(2);

/**
 * Charges one process runs at once, whatever number of ticks it runs. A charge holds a pooled
 * connection only for its two short transactions (the attempt, then its settlement) and none while the
 * processor answers, so a few more charges than the pool's five connections keep it busy without
 * queueing long for it; twenty ticks each charging a batch would otherwise wait past its connect timeout.
 */
const chargesOf = perProcess(6);

/** A gate of `size` shared by every tick of one process (one database pool). */
function perProcess(size: number) {
  const gates = new WeakMap<object, ReturnType<typeof gate>>();
  return (ctx: AppContext) => {
    let g = gates.get(ctx.db);
    if (!g) {
      g = gate(size);
      gates.set(ctx.db, g);
    }
    return g;
  };
}

/** At most `size` of the works given to `run` at once; the others wait their turn, first come first. */
function gate(size: number) {
  let free = size;
  const waiting: (() => void)[] = [];
  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (free > 0) free--;
      else await new Promise<void>((turn) => waiting.push(turn));
      try {
        return await work();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else free++;
      }
    },
  };
}

type Note = (sub: SubscriptionRow, kind: ClockHappening['kind'], message: string) => void;

/**
 * Subscriptions renewed in one transaction. Its writes are set-based (`renewBatch`), so a batch costs
 * about the statements one renewal did and holds its pooled connection as briefly; the charges run
 * after its commit, on no connection while the processor answers. Larger batches gain little more and
 * lengthen the leases a crashed process leaves (docs/benchmarks.md, renewals).
 */
export const RENEWAL_BATCH = 25;

/**
 * Numbers a batch's new invoices, merchant by merchant in a fixed order (two batches never wait for
 * each other's counter rows in a cycle), and writes their `invoice.created` events, which carry the number.
 */
async function numberRenewals(
  ctx: AppContext,
  db: DbOrTx,
  renewed: Renewed[],
  listeners: Listeners,
): Promise<Renewed[]> {
  const byMerchant = new Map<string, Extract<Renewed, { kind: 'renewed' }>[]>();
  for (const r of renewed) {
    if (r.kind !== 'renewed' || !r.invoice) continue;
    byMerchant.set(r.sub.merchantId, [...(byMerchant.get(r.sub.merchantId) ?? []), r]);
  }
  const created: Parameters<typeof periodInvoiceEvents>[3] = [];
  for (const merchantId of [...byMerchant.keys()].sort()) {
    const group = byMerchant.get(merchantId)!;
    const numbered = await numberPeriodInvoices(
      db,
      merchantId,
      group.map((r) => r.invoice!.id),
    );
    group.forEach((r, i) => {
      r.invoice = numbered[i];
    });
    for (const r of group) {
      const endpointIds = await listeners({ merchantId, mode: r.sub.mode }, 'invoice.created');
      created.push({ row: r.invoice!, mode: r.sub.mode, endpointIds });
    }
  }
  // Every invoice.created of the batch in two statements (and two reads for their lines and payments).
  await recordWebhookEvents(db, await periodInvoiceEvents(ctx, db, 'invoice.created', created));
  return renewed;
}

/**
 * After a batch commits: its invoices are charged (or e-mailed) side by side, each on its own — one's
 * decline or lost answer never touches another's — the customers' cards read once for the batch.
 */
async function afterBatch(ctx: AppContext, renewed: Renewed[], at: Date, note: Note) {
  const charging = renewed.flatMap((r) => (chargesAfterCommit(r) && !r.recorded ? [r.sub] : []));
  const cards = await cardsOf(ctx.db, charging);
  // The charges the claim recorded: processors asked side by side, their answers settled together.
  const recorded = renewed.filter(
    (r): r is Extract<Renewed, { kind: 'renewed' }> => chargesAfterCommit(r) && r.recorded !== undefined,
  );
  const charged = await chargeRecordedTogether(
    ctx,
    recorded.map((r) => r.recorded!),
    (work) => chargesOf(ctx).run(work),
  );
  recorded.forEach((r, i) => {
    r.charged = charged[i];
  });
  // Every charge ends before the tick goes on (or fails with the first error): none runs unwatched.
  const ended = await Promise.allSettled(
    renewed.map((r) => chargesOf(ctx).run(() => afterRenewal(ctx, r, at, note, cards))),
  );
  const failed = ended.find((e) => e.status === 'rejected');
  if (failed) throw failed.reason;
}

/** A renewal whose new invoice is charged to the customer's card once its batch commits. */
const chargesAfterCommit = (r: Renewed): r is Extract<Renewed, { kind: 'renewed' }> & { invoice: InvoiceRow } =>
  r.kind === 'renewed' &&
  !!r.invoice &&
  r.invoice.status !== 'paid' &&
  r.sub.collectionMethod === 'charge_automatically';

/**
 * The batch's charges' attempts, recorded in its claim's transaction so that they commit with it (one
 * commit for the batch instead of one per charge): the customers' cards read and locked FOR SHARE here,
 * each charge decided as a payment's one-statement attempt is, all written in one statement. A charge
 * that path would not take is charged on its own after the commit, as before. Exactly once is
 * unchanged: the payment's id is the invoice's try's, and a crash after the commit leaves `processing`
 * payments for reconciliation, as a crash after a charge's own attempt did (docs/decisions/0024-renewals-exactly-once.md).
 */
async function recordRenewalCharges(ctx: AppContext, db: DbOrTx, renewed: Renewed[], listeners: Listeners) {
  const charging = renewed.filter(chargesAfterCommit).filter((r) => r.payer);
  if (charging.length === 0) return;
  const cards = await cardsOf(
    db,
    charging.map((r) => r.sub),
    { lock: true },
  );
  const charges: Parameters<typeof recordInvoiceChargesIn>[2] = [];
  for (const r of charging) {
    const card = await cardToCharge(ctx, db, r.sub, cards);
    if (!card) continue;
    charges.push({
      payer: r.payer!,
      invoice: r.invoice,
      card: { ...card, owner: r.payer!.customer },
      transactionId: invoiceAttemptId(r.invoice.id, r.invoice.attemptCount),
    });
  }
  const recorded = await recordInvoiceChargesIn(ctx, db, charges);
  for (const r of charging) {
    const attempt = recorded.get(r.invoice.id);
    // An invoice's payment is announced by the locked settle (invoice.paid): its one statement would
    // only fail its guard, and take the batch's settles down with it (settleAttemptsTogether).
    const owner = { merchantId: r.sub.merchantId, mode: r.sub.mode };
    const heard =
      (await listeners(owner, 'invoice.paid')).length + (await listeners(owner, 'invoice.partially_paid')).length;
    r.recorded = attempt && heard > 0 ? { ...attempt, announced: true } : attempt;
  }
}

/** After a renewal commits: its invoice is charged (charge_automatically) or e-mailed (send_invoice). */
async function afterRenewal(ctx: AppContext, r: Renewed, at: Date, note: Note, cards: BatchCards) {
  if (r.kind === 'canceled') {
    note(r.sub, 'canceled', 'The subscription ended at the end of its period.');
    return;
  }
  const made = r.invoice
    ? `Invoice ${r.invoice.invoiceNumber} made for ${formatMoney(r.invoice.totalAmount, r.invoice.currency)}.`
    : 'Period renewed.';
  note(r.sub, r.wasTrial ? 'trial_end' : 'renewal', made);
  if (!r.invoice || r.invoice.status === 'paid') return;
  if (r.sub.collectionMethod === 'send_invoice') {
    await mailPeriodInvoice(ctx, r.invoice);
    return;
  }
  const charged = await chargeClaimedInvoice(ctx, r.invoice, r.sub, at, cards, r.payer, r.charged);
  note(r.sub, 'renewal', charged.message);
}

/** Subscriptions whose invoice got paid another way come back to active, with their event. */
export async function syncPaidSubscriptions(ctx: AppContext) {
  await ctx.db.transaction(async (db) => {
    await clearPaidInvoiceAttempts(db);
    const rows = await reactivatePaidSubscriptions(db, ctx.clock.now());
    for (const row of rows) await announceSubscription(ctx, db, row, 'subscription.updated');
  });
}
