// Invoices (docs/ARCHITECTURE.md: app 6 INV; docs/product-rules.md#api-calls). Reads may span a master merchant's sub-merchants;
// writes touch only the caller's own merchant. Status: draft → sent → viewed → partially_paid → paid,
// or void; overdue is computed on read (invoice-view.ts). Paying is the checkout module's job.
import { APP } from '@kassa/contract/access';
import type { Page } from '@kassa/contract/common';
import { depositFromPercentage } from '@kassa/contract/invoice-payments';
import {
  INVOICE_MESSAGES,
  type Invoice,
  type InvoiceInput,
  type InvoiceListQuery,
  type InvoiceSummary,
  PAYMENT_OPTION_NAMES,
  type PaymentOption,
} from '@kassa/contract/invoices';
import { formatMoney } from '@kassa/contract/money';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { requireMerchantAccess, requireMerchantRead } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError, businessRule, invalid, notFound } from '../../lib/app-error.ts';
import { pageOf } from '../../lib/db/list.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import { productPickerOptions } from '../products/products.service.ts';
import { customerOfTypedBuyer, requireInvoiceCustomer } from './invoice-customers.service.ts';
import { invoiceWebhook } from './invoice-events.ts';
import { type PricedInput, type PricedInvoice, priceInvoice } from './invoice-lines.ts';
import { mailInvoice } from './invoice-mail.ts';
import { noteTypedInvoiceNumber, peekInvoiceNumber, takeInvoiceNumbers } from './invoice-numbers.ts';

import { enabledPaymentOptions } from './invoice-occurrence.ts';

export { type InvoiceOccurrence, mailQueuedInvoice, makeInvoiceOccurrence } from './invoice-occurrence.ts';

import { invoiceBalanceOf, invoicePublicUrl, toInvoice, toInvoiceSummary, utcToday } from './invoice-view.ts';
import {
  findInvoice,
  findInvoiceItems,
  findInvoicePayments,
  type InvoiceRow,
  insertInvoice,
  isInvoiceNumberTaken,
  listCustomerInvoiceRows,
  listInvoices,
  replaceInvoice,
  setInvoiceStatus,
} from './invoices.queries.ts';

export const NUMBER_TAKEN = 'This invoice number is already used. Choose another.';
const numberTaken = () => new AppError('conflict', NUMBER_TAKEN, [{ path: 'invoice_number', message: NUMBER_TAKEN }]);
const CLOSED = {
  paid: 'This invoice has been paid and can no longer be changed.',
  // Its payments were made against these lines and this total: refund them to change it.
  partially_paid: 'This invoice has been partly paid and can no longer be changed. Refund its payments to change it.',
  void: 'This invoice has been voided and can no longer be changed.',
} as const;
const closedMessage = (status: string): string | undefined => CLOSED[status as keyof typeof CLOSED];

async function viewOf(ctx: AppContext, row: InvoiceRow): Promise<Invoice> {
  const [items, payments] = await Promise.all([findInvoiceItems(ctx.db, row.id), findInvoicePayments(ctx.db, row.id)]);
  return toInvoice(row, items, payments, ctx.config.publicUrl, utcToday(ctx.clock.now()));
}

export async function listMerchantInvoices(
  ctx: AppContext,
  actor: Actor,
  q: InvoiceListQuery,
): Promise<Page<InvoiceSummary>> {
  const scope = await requireMerchantRead(ctx, actor, APP.INVOICES, q.merchant_id);
  const today = utcToday(ctx.clock.now());
  const { rows, count } = await listInvoices(ctx.db, {
    merchantIds: scope.merchantIds,
    status: q.status,
    customerId: q.customer_id,
    recurringInvoiceId: q.recurring_invoice_id,
    search: q.search,
    sortBy: q.sort_by,
    page: q.page,
    pageSize: q.page_size,
    today,
  });
  return pageOf(
    q,
    count,
    rows.map((r) => toInvoiceSummary(r, ctx.config.publicUrl, today)),
  );
}

export async function getMerchantInvoice(ctx: AppContext, actor: Actor, id: string, merchantId?: string) {
  const scope = await requireMerchantRead(ctx, actor, APP.INVOICES, merchantId);
  const row = await findInvoice(ctx.db, scope.merchantIds, id);
  if (!row) throw notFound('Invoice not found.');
  return viewOf(ctx, row);
}

/** The amounts pricing gives (sub-total, discount, shipping, tax, total and their percentages). */
export type InvoiceAmounts = Required<PricedInvoice['amounts']>;

/** Lines and totals priced as an invoice's are, for a template that makes invoices (recurring invoices). */
export const priceInvoiceLines = (ctx: AppContext, merchantId: string, input: PricedInput) =>
  priceInvoice(ctx.db, merchantId, input);

export const availablePaymentOptions = (ctx: AppContext, merchantId: string): Promise<PaymentOption[]> =>
  enabledPaymentOptions(ctx.db, merchantId);

export async function invoicePaymentOptions(ctx: AppContext, actor: Actor) {
  const { merchantId } = requireMerchantAccess(actor, APP.INVOICES, 'view');
  return (await availablePaymentOptions(ctx, merchantId)).map((key) => ({ key, name: PAYMENT_OPTION_NAMES[key] }));
}

export async function invoiceProductOptions(ctx: AppContext, actor: Actor) {
  const { merchantId } = requireMerchantAccess(actor, APP.INVOICES, 'view');
  return productPickerOptions(ctx.db, merchantId);
}

/** The number the merchant's next invoice would get; taken only when an invoice is saved with it. */
export const nextInvoiceNumber = (ctx: AppContext, merchantId: string, db: DbOrTx = ctx.db) =>
  peekInvoiceNumber(db, merchantId);

export async function suggestInvoiceNumber(ctx: AppContext, actor: Actor) {
  const { merchantId } = requireMerchantAccess(actor, APP.INVOICES, 'view');
  return { invoice_number: await nextInvoiceNumber(ctx, merchantId) };
}

/**
 * The deposit as an amount: given as one, or as a percentage of the total rounded up. Never more than
 * the total; 0 is no deposit.
 */
function depositOf(body: InvoiceInput, totalAmount: number, currency: string): number {
  if (body.deposit_amount !== undefined && body.deposit_percentage !== undefined)
    throw invalid('deposit_amount', 'Give the deposit as an amount or as a percentage, not both.');
  const deposit =
    body.deposit_percentage !== undefined
      ? depositFromPercentage(totalAmount, body.deposit_percentage)
      : (body.deposit_amount ?? 0);
  if (deposit > totalAmount)
    throw invalid(
      'deposit_amount',
      `The deposit is more than the invoice total of ${formatMoney(totalAmount, currency)}.`,
    );
  return deposit;
}

/** The stored fields of a create or update, everything priced and sanitised on the server. */
async function invoiceValues(ctx: AppContext, actor: Actor, merchantId: string, body: InvoiceInput) {
  const available = await availablePaymentOptions(ctx, merchantId);
  const wanted = body.payment_options ?? available;
  const unavailable = wanted.find((o) => !available.includes(o));
  if (unavailable)
    throw invalid('payment_options', `${PAYMENT_OPTION_NAMES[unavailable]} is not set up for this merchant`);
  const { items, amounts } = await priceInvoice(ctx.db, merchantId, body);
  const customerId = body.customer_id
    ? (await requireInvoiceCustomer(ctx, actor, merchantId, body.customer_id)).id
    : null;
  return {
    items,
    values: {
      merchantId,
      customerId,
      depositAmount: depositOf(body, amounts.totalAmount ?? 0, body.currency),
      allowPartial: body.allow_partial,
      invoiceNumber: body.invoice_number,
      customerFirstName: body.customer_first_name,
      customerLastName: body.customer_last_name,
      customerEmail: body.customer_email,
      businessName: body.business_name || null,
      dueDate: body.due_date,
      description: body.description,
      comment: await sanitizeRichText(body.comment),
      currency: body.currency,
      paymentOptions: [...new Set(wanted)],
      ...amounts,
    },
  };
}

export async function createInvoice(ctx: AppContext, actor: Actor, body: InvoiceInput) {
  const { merchantId } = requireMerchantAccess(actor, APP.INVOICES, 'create');
  const { values, items } = await invoiceValues(ctx, actor, merchantId, body);
  const row = await ctx.db.transaction(async (tx) => {
    await noteTypedInvoiceNumber(tx, merchantId, values.invoiceNumber);
    // No customer picked: the typed buyer is found or made one, with the invoice or not at all.
    const typed = values.customerId
      ? undefined
      : await customerOfTypedBuyer(ctx, tx, actor, merchantId, {
          firstName: values.customerFirstName,
          lastName: values.customerLastName,
          email: values.customerEmail,
        });
    const inserted = await insertInvoice(
      tx,
      { ...values, customerId: values.customerId ?? typed?.id ?? null, status: 'draft', createdBy: actor.userId },
      items,
    );
    if (!inserted) throw numberTaken();
    return inserted;
  });
  if (!body.send) return { invoice: await viewOf(ctx, row), message: INVOICE_MESSAGES.created };
  return { invoice: await sendOpenInvoice(ctx, row), message: INVOICE_MESSAGES.sent };
}

export async function updateInvoice(ctx: AppContext, actor: Actor, id: string, body: InvoiceInput) {
  const { merchantId } = requireMerchantAccess(actor, APP.INVOICES, 'edit');
  const current = await findOpenInvoice(ctx, merchantId, id);
  if (await isInvoiceNumberTaken(ctx.db, merchantId, body.invoice_number, id)) throw numberTaken();
  const { values, items } = await invoiceValues(ctx, actor, merchantId, body);
  const row = await ctx.db
    .transaction(async (tx) => {
      if (values.invoiceNumber !== current.invoiceNumber)
        await noteTypedInvoiceNumber(tx, merchantId, values.invoiceNumber);
      return replaceInvoice(tx, merchantId, current.id, values, items, ctx.clock.now());
    })
    .catch((error) => {
      throw isUniqueViolation(error) ? numberTaken() : error;
    });
  // Paid or voided between the read and the write: the same answer as if it had been first.
  if (!row) throw businessRule(CLOSED.paid);
  if (!body.send) return { invoice: await viewOf(ctx, row), message: INVOICE_MESSAGES.updated };
  return { invoice: await sendOpenInvoice(ctx, row), message: INVOICE_MESSAGES.sent };
}

/** A draft is deleted (soft); a sent or viewed invoice is voided so its public link stops working. */
export async function deleteInvoice(ctx: AppContext, actor: Actor, id: string) {
  const { merchantId } = requireMerchantAccess(actor, APP.INVOICES, 'delete');
  const current = await findOpenInvoice(ctx, merchantId, id);
  const now = ctx.clock.now();
  const row =
    current.status === 'draft'
      ? await setInvoiceStatus(ctx.db, merchantId, id, ['draft'], { deletedAt: now }, now)
      : await setInvoiceStatus(
          ctx.db,
          merchantId,
          id,
          ['sent', 'viewed'],
          { status: 'void', voidedAt: now },
          now,
          invoiceWebhook(ctx, 'invoice.voided'),
        );
  if (!row) throw businessRule(CLOSED.paid);
  return current.status === 'draft' ? INVOICE_MESSAGES.deleted : INVOICE_MESSAGES.voided;
}

export async function sendInvoice(ctx: AppContext, actor: Actor, id: string) {
  const { merchantId } = requireMerchantAccess(actor, APP.INVOICES, 'create');
  return sendOpenInvoice(ctx, await findOpenInvoice(ctx, merchantId, id));
}

/** Duplicates an invoice of any status as a new draft with the next free number. */
export async function copyInvoice(ctx: AppContext, actor: Actor, id: string) {
  const { merchantId } = requireMerchantAccess(actor, APP.INVOICES, 'create');
  const source = await findInvoice(ctx.db, [merchantId], id);
  if (!source) throw notFound('Invoice not found.');
  const items = (await findInvoiceItems(ctx.db, id)).map(({ id: _id, invoiceId: _inv, ...item }) => item);
  const { id: _id, createdAt: _c, updatedAt: _u, balanceDue: _b, ...fields } = source;
  // A number typed by hand may already hold the next one of the series: try the one after it.
  for (let attempt = 0; attempt < 3; attempt++) {
    const row = await ctx.db.transaction(async (tx) => {
      const [invoiceNumber] = await takeInvoiceNumbers(tx, merchantId, 1);
      return insertInvoice(
        tx,
        {
          ...fields,
          invoiceNumber: invoiceNumber!,
          status: 'draft',
          sentAt: null,
          viewedAt: null,
          paidAt: null,
          voidedAt: null,
          paidTransactionId: null,
          amountPaid: 0,
          deletedAt: null,
          createdBy: actor.userId,
        },
        items,
      );
    });
    if (row) return viewOf(ctx, row);
  }
  throw numberTaken();
}

async function findOpenInvoice(ctx: AppContext, merchantId: string, id: string): Promise<InvoiceRow> {
  const row = await findInvoice(ctx.db, [merchantId], id);
  if (!row) throw notFound('Invoice not found.');
  const closed = closedMessage(row.status);
  if (closed) throw businessRule(closed);
  return row;
}

/** E-mails the public link; a draft becomes sent, a viewed invoice stays viewed (a reminder). */
async function sendOpenInvoice(ctx: AppContext, row: InvoiceRow): Promise<Invoice> {
  const now = ctx.clock.now();
  const sent =
    row.status === 'draft'
      ? await setInvoiceStatus(
          ctx.db,
          row.merchantId,
          row.id,
          ['draft'],
          { status: 'sent', sentAt: now },
          now,
          invoiceWebhook(ctx, 'invoice.sent'),
        )
      : row;
  if (!sent) throw businessRule('This invoice changed meanwhile. Reload it and try again.');
  await mailInvoice(ctx, sent);
  return viewOf(ctx, sent);
}

const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
};

/** What an invoice asks and has been paid, as a checkout and a payment attempt check an amount against it. */
export const invoiceBalance = (row: Parameters<typeof invoiceBalanceOf>[0]) => invoiceBalanceOf(row);

/**
 * The customer portal's invoices of one customer (docs/product-rules.md#customer-portal): each with its
 * public page, where an open one is paid, and its public PDF.
 */
export async function customerInvoices(ctx: AppContext, merchantId: string, customerId: string) {
  return (await listCustomerInvoiceRows(ctx.db, merchantId, customerId)).map((row) => ({
    id: row.id,
    invoice_number: row.invoiceNumber,
    status: row.status,
    total_amount: row.totalAmount,
    balance_due: row.balanceDue,
    currency: row.currency,
    created_at: row.createdAt.toISOString(),
    due_date: row.dueDate,
    public_url: invoicePublicUrl(ctx.config.publicUrl, row.id),
    pdf_url: `/apiv1/invoice/public-invoice/${row.id}/pdf/`,
  }));
}
