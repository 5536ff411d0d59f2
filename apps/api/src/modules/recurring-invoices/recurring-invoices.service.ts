// Recurring invoices: templates that make a real invoice on each send date (docs/product-rules.md
// "Recurring invoices"). Governed by the Invoices app; a template bills one customer and lives in that
// customer's mode, so an API key sees only its own mode's (like customers). Every state change is a
// conditional UPDATE on the status it starts from; the occurrences themselves are made by the tick
// (recurring-invoices.worker.ts).
import { APP } from '@kassa/contract/access';
import type { Page } from '@kassa/contract/common';
import { type InvoiceItemInput, ITEM_TYPE } from '@kassa/contract/invoices';
import {
  dayOf,
  EDITABLE_RECURRING_STATUSES,
  RECURRING_INVOICE_MESSAGES,
  RECURRING_STATUS_LABELS,
  type RecurringInvoice,
  type RecurringInvoiceCreate,
  type RecurringInvoiceListQuery,
  type RecurringInvoicePatch,
  type RecurringInvoiceStatus,
  sendDateAt,
} from '@kassa/contract/recurring-invoices';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { requireMerchantAccess } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { businessRule, conflict, invalid, notFound } from '../../lib/app-error.ts';
import { pageOf } from '../../lib/db/list.ts';
import { findCustomerById } from '../customers/customers.service.ts';
import { type InvoiceAmounts, priceInvoiceLines } from '../invoices/invoices.service.ts';
import { scheduleOf, toRecurringInvoice } from './recurring-invoice-view.ts';
import {
  findNextAutoCharge,
  findRecurringInvoice,
  insertRecurringInvoice,
  listRecurringInvoices,
  madeExactly,
  type RecurringInsert,
  type RecurringRow,
  type RecurringScope,
  type RecurringWithCustomer,
  updateRecurringInvoice,
} from './recurring-invoices.queries.ts';

type Need = 'view' | 'create' | 'edit' | 'delete';

function recurringScope(actor: Actor, need: Need): RecurringScope {
  const { merchantId } = requireMerchantAccess(actor, APP.INVOICES, need);
  return { merchantId, mode: actor.apiKey?.mode };
}

const todayOf = (ctx: AppContext) => dayOf(ctx.clock.now());

async function requireTemplate(ctx: AppContext, scope: RecurringScope, id: string) {
  const row = await findRecurringInvoice(ctx.db, scope, id);
  if (!row) throw notFound(RECURRING_INVOICE_MESSAGES.notFound);
  return row;
}

/** The customer a template may bill: the merchant's own, of the caller's mode, with an e-mail to send to. */
async function billableCustomer(ctx: AppContext, scope: RecurringScope, customerId: string) {
  const customer = await findCustomerById(ctx.db, customerId);
  if (
    !customer ||
    customer.deletedAt ||
    customer.merchantId !== scope.merchantId ||
    (scope.mode && customer.mode !== scope.mode)
  ) {
    throw invalid('customer_id', 'Choose one of your customers.');
  }
  if (!customer.email) {
    throw invalid('customer_id', 'This customer has no e-mail address. Add one to the customer first.');
  }
  return customer;
}

function checkStartDate(ctx: AppContext, startDate: string) {
  if (startDate < todayOf(ctx)) throw invalid('start_date', 'The start date is in the past. Choose today or later.');
}

/** A stored line back as the input it was priced from (a price kept as given). */
const lineInput = (line: RecurringRow['items'][number]): InvoiceItemInput =>
  line.productId
    ? { item_type: ITEM_TYPE.PRODUCT, product_id: line.productId, quantity: line.quantity, price: line.price }
    : { item_type: ITEM_TYPE.NAMED, item_name: line.itemName, quantity: line.quantity, price: line.price };

const PERCENTAGES_ONLY = {
  discount_type: 'percentage',
  discount_amount: 0,
  shipping_type: 'percentage',
  shipping_amount: 0,
  tax_type: 'percentage',
  tax_amount: 0,
} as const;

async function pricedValues(
  ctx: AppContext,
  merchantId: string,
  input: Omit<Parameters<typeof priceInvoiceLines>[2], `${'discount' | 'shipping' | 'tax'}_${'type' | 'amount'}`>,
): Promise<Pick<RecurringInsert, 'items' | PricedAmount>> {
  const { items, amounts } = await priceInvoiceLines(ctx, merchantId, { ...input, ...PERCENTAGES_ONLY });
  return {
    items: items.map((line) => ({
      itemType: line.itemType,
      productId: line.productId ?? null,
      itemName: line.itemName,
      quantity: line.quantity,
      price: line.price,
      totalPrice: line.totalPrice,
    })),
    discountBps: amounts.discountBps ?? 0,
    shippingBps: amounts.shippingBps ?? 0,
    taxBps: amounts.taxBps ?? 0,
    subTotalAmount: amounts.subTotalAmount ?? 0,
    discountAmount: amounts.discountAmount ?? 0,
    shippingAmount: amounts.shippingAmount ?? 0,
    taxAmount: amounts.taxAmount ?? 0,
    totalAmount: amounts.totalAmount ?? 0,
  };
}

// A template's discount, shipping and tax are percentages (docs/product-rules.md#recurring-invoices).
type PricedAmount = Exclude<keyof InvoiceAmounts, 'discountType' | 'shippingType' | 'taxType'>;

export async function listMerchantRecurringInvoices(
  ctx: AppContext,
  actor: Actor,
  q: RecurringInvoiceListQuery,
): Promise<Page<RecurringInvoice>> {
  const scope = recurringScope(actor, 'view');
  const { rows, count } = await listRecurringInvoices(ctx.db, scope, {
    ...q,
    customerId: q.customer_id,
  });
  return pageOf(q, count, rows.map(toRecurringInvoice));
}

export async function getMerchantRecurringInvoice(ctx: AppContext, actor: Actor, id: string) {
  return toRecurringInvoice(await requireTemplate(ctx, recurringScope(actor, 'view'), id));
}

export async function createRecurringInvoice(ctx: AppContext, actor: Actor, body: RecurringInvoiceCreate) {
  const scope = recurringScope(actor, 'create');
  const customer = await billableCustomer(ctx, scope, body.customer_id);
  checkStartDate(ctx, body.start_date);
  const schedule = {
    interval: body.interval,
    intervalCount: body.interval_count,
    anchorDate: body.start_date,
    periodIndex: 0,
    invoicesMade: 0,
    endAfterCount: body.end_after_count ?? null,
    endDate: body.end_date ?? null,
  };
  const row = await insertRecurringInvoice(ctx.db, {
    merchantId: scope.merchantId,
    customerId: customer.id,
    mode: customer.mode,
    status: body.status,
    currency: body.currency,
    ...(await pricedValues(ctx, scope.merchantId, body)),
    description: body.description,
    dueInDays: body.due_in_days,
    interval: body.interval,
    intervalCount: body.interval_count,
    startDate: body.start_date,
    endAfterCount: schedule.endAfterCount,
    endDate: schedule.endDate,
    autoCharge: body.auto_charge,
    anchorDate: body.start_date,
    nextSendDate: sendDateAt(schedule, 0),
    createdBy: actor.userId,
  });
  return toRecurringInvoice({ ...row, customerName: customer.name, customerEmail: customer.email });
}

const closedMessage = (status: RecurringInvoiceStatus) =>
  `This recurring invoice is ${RECURRING_STATUS_LABELS[status].toLowerCase()} and can no longer be changed.`;
const CHANGED_MEANWHILE = 'This recurring invoice changed meanwhile (an invoice may just have been made). Reload it.';

export async function patchRecurringInvoice(ctx: AppContext, actor: Actor, id: string, body: RecurringInvoicePatch) {
  const scope = recurringScope(actor, 'edit');
  const current = await requireTemplate(ctx, scope, id);
  if (!EDITABLE_RECURRING_STATUSES.includes(current.status)) throw businessRule(closedMessage(current.status));
  const customer = body.customer_id ? await billableCustomer(ctx, scope, body.customer_id) : undefined;
  if (body.start_date !== undefined) checkStartDate(ctx, body.start_date);
  const endDate = body.end_date === undefined ? current.endDate : body.end_date;
  const endAfterCount = body.end_after_count === undefined ? current.endAfterCount : body.end_after_count;
  // Only one end: setting one clears the other unless both were sent (which the contract refuses).
  const ends =
    body.end_after_count != null
      ? { endAfterCount: body.end_after_count, endDate: null }
      : body.end_date != null
        ? { endAfterCount: null, endDate: body.end_date }
        : { endAfterCount, endDate };
  const startDate = body.start_date ?? current.startDate;
  if (ends.endDate !== null && ends.endDate < startDate) {
    throw invalid('end_date', 'The end date is before the start date');
  }
  const reanchors = body.start_date !== undefined || body.interval !== undefined || body.interval_count !== undefined;
  const schedule = {
    ...scheduleOf(current),
    ...ends,
    interval: body.interval ?? current.interval,
    intervalCount: body.interval_count ?? current.intervalCount,
    ...(reanchors ? { anchorDate: startDate, periodIndex: 0 } : {}),
  };
  if (reanchors && body.start_date === undefined) checkStartDate(ctx, startDate);
  const nextSendDate = sendDateAt(schedule, 0);
  const repriced = [
    body.items,
    body.currency,
    body.discount_percentage,
    body.shipping_percentage,
    body.tax_percentage,
  ].some((v) => v !== undefined);
  const values: Partial<RecurringInsert> = {
    ...(customer ? { customerId: customer.id, mode: customer.mode } : {}),
    ...(repriced
      ? await pricedValues(ctx, scope.merchantId, {
          items: body.items ?? current.items.map(lineInput),
          currency: body.currency ?? current.currency,
          discount_percentage: body.discount_percentage ?? current.discountBps,
          shipping_percentage: body.shipping_percentage ?? current.shippingBps,
          tax_percentage: body.tax_percentage ?? current.taxBps,
        })
      : {}),
    currency: body.currency,
    description: body.description,
    dueInDays: body.due_in_days,
    autoCharge: body.auto_charge,
    interval: schedule.interval,
    intervalCount: schedule.intervalCount,
    startDate,
    anchorDate: schedule.anchorDate,
    periodIndex: schedule.periodIndex,
    ...ends,
    nextSendDate,
    // A new end that leaves nothing to send ends the schedule.
    ...(nextSendDate === null && current.status !== 'draft' ? { status: 'completed' as const } : {}),
  };
  const row = await updateRecurringInvoice(
    ctx.db,
    scope,
    id,
    [current.status],
    values,
    ctx.clock.now(),
    madeExactly(current.invoicesMade),
  );
  if (!row) throw conflict(CHANGED_MEANWHILE);
  return toRecurringInvoice(withCustomerOf(row, current, customer));
}

const withCustomerOf = (
  row: RecurringRow,
  current: RecurringWithCustomer,
  customer?: { name: string; email: string | null },
): RecurringWithCustomer => ({
  ...row,
  customerName: customer?.name ?? current.customerName,
  customerEmail: customer ? customer.email : current.customerEmail,
});

/** Moves a template from one of `from` to `values`, or says why it cannot. */
async function transition(
  ctx: AppContext,
  actor: Actor,
  id: string,
  need: Need,
  from: RecurringInvoiceStatus[],
  values: (current: RecurringWithCustomer) => Partial<RecurringInsert>,
  refusal: (status: RecurringInvoiceStatus) => string,
) {
  const scope = recurringScope(actor, need);
  const current = await requireTemplate(ctx, scope, id);
  if (!from.includes(current.status)) throw businessRule(refusal(current.status));
  const row = await updateRecurringInvoice(
    ctx.db,
    scope,
    id,
    [current.status],
    values(current),
    ctx.clock.now(),
    madeExactly(current.invoicesMade),
  );
  if (!row) throw conflict(CHANGED_MEANWHILE);
  return toRecurringInvoice(withCustomerOf(row, current));
}

const isNow = (status: RecurringInvoiceStatus) =>
  `This recurring invoice is ${RECURRING_STATUS_LABELS[status].toLowerCase()}.`;

export const startRecurringInvoice = (ctx: AppContext, actor: Actor, id: string) =>
  transition(
    ctx,
    actor,
    id,
    'edit',
    ['draft'],
    (current) => {
      if (current.nextSendDate === null || current.nextSendDate < todayOf(ctx)) {
        throw invalid('start_date', 'The start date has passed. Choose a new start date, then start it.');
      }
      return { status: 'active' };
    },
    (status) => `${isNow(status)} Only a draft is started.`,
  );

export const pauseRecurringInvoice = (ctx: AppContext, actor: Actor, id: string) =>
  transition(
    ctx,
    actor,
    id,
    'edit',
    ['active'],
    () => ({ status: 'paused' }),
    (status) => `${isNow(status)} Only an active one can be paused.`,
  );

/**
 * Resumes a paused template. The send dates that passed while it was paused are skipped, not caught
 * up: pausing meant "send nothing for now" (docs/product-rules.md "Recurring invoices").
 */
export const resumeRecurringInvoice = (ctx: AppContext, actor: Actor, id: string) =>
  transition(
    ctx,
    actor,
    id,
    'edit',
    ['paused'],
    (current) => {
      const today = todayOf(ctx);
      const schedule = scheduleOf(current);
      let next = sendDateAt(schedule, 0);
      while (next !== null && next < today) {
        schedule.periodIndex += 1;
        next = sendDateAt(schedule, 0);
      }
      return next === null
        ? { status: 'completed', nextSendDate: null }
        : { status: 'active', periodIndex: schedule.periodIndex, nextSendDate: next };
    },
    (status) => `${isNow(status)} Only a paused one can be resumed.`,
  );

export const stopRecurringInvoice = (ctx: AppContext, actor: Actor, id: string) =>
  transition(
    ctx,
    actor,
    id,
    'edit',
    ['active', 'paused'],
    () => ({ status: 'stopped', nextSendDate: null }),
    (status) =>
      status === 'draft'
        ? 'This recurring invoice is a draft: delete it instead.'
        : `${isNow(status)} It sends nothing more already.`,
  );

export async function deleteRecurringInvoice(ctx: AppContext, actor: Actor, id: string) {
  await transition(
    ctx,
    actor,
    id,
    'delete',
    ['draft'],
    () => ({ deletedAt: ctx.clock.now() }),
    (status) => `${isNow(status)} Only a draft can be deleted; stop it instead.`,
  );
  return RECURRING_INVOICE_MESSAGES.deleted;
}

/** The day the customer's recurring invoices next charge their card on their own, or null. */
export const nextRecurringChargeOf = (db: DbOrTx, customerId: string) => findNextAutoCharge(db, customerId);
