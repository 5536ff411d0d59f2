// The customer an invoice bills (docs/product-rules.md#partial-payments, customer picker): one of the
// merchant's own saved customers, of the mode its payments are taken in, so a test customer never
// gets a live invoice. Another merchant's customer does not exist here (404). Typed buyer fields find
// or make the customer instead.
import { APP } from '@kassa/contract/access';
import {
  INVOICE_CUSTOMER_OPTIONS_MAX,
  type InvoiceCustomerOption,
  type InvoiceCustomerQuery,
} from '@kassa/contract/invoices';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { requireMerchantAccess } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { notFound } from '../../lib/app-error.ts';
import { cardPaymentMode } from '../connections/connections.service.ts';
import {
  type CustomerBook,
  customerForTypedBuyer,
  customerInBook,
  searchCustomerBook,
} from '../customers/customers.service.ts';

/** An API key works in its own mode; a portal user in the mode the merchant takes card payments in now. */
async function invoiceCustomerScope(
  ctx: AppContext,
  actor: Actor,
  merchantId: string,
  db: DbOrTx = ctx.db,
): Promise<Required<CustomerBook>> {
  return { merchantId, mode: actor.apiKey?.mode ?? (await cardPaymentMode(db, ctx.keys, merchantId)) };
}

export async function requireInvoiceCustomer(ctx: AppContext, actor: Actor, merchantId: string, id: string) {
  const row = await customerInBook(ctx.db, await invoiceCustomerScope(ctx, actor, merchantId), id);
  if (!row) throw notFound('Customer not found. Choose one of your customers.');
  return row;
}

/**
 * The customer of an invoice whose buyer the merchant typed instead of picking one: found by the e-mail
 * or made from the fields (customers.service.ts customerForTypedBuyer), in `db`, the invoice's own
 * transaction; undefined without an e-mail or when several customers share it.
 */
export async function customerOfTypedBuyer(
  ctx: AppContext,
  db: DbOrTx,
  actor: Actor,
  merchantId: string,
  typed: { firstName: string; lastName: string | null; email: string | null },
) {
  const email = typed.email?.trim();
  if (!email) return undefined;
  // Read in the invoice's transaction: on PGlite's one connection a read beside it would wait for it.
  const { mode } = await invoiceCustomerScope(ctx, actor, merchantId, db);
  const name = `${typed.firstName} ${typed.lastName ?? ''}`.trim() || email;
  return customerForTypedBuyer(ctx, db, { merchantId, mode, name, email });
}

export async function invoiceCustomerOptions(
  ctx: AppContext,
  actor: Actor,
  q: InvoiceCustomerQuery,
): Promise<InvoiceCustomerOption[]> {
  const { merchantId } = requireMerchantAccess(actor, APP.INVOICES, 'view');
  const scope = await invoiceCustomerScope(ctx, actor, merchantId);
  const rows = await searchCustomerBook(ctx.db, scope, q.search, INVOICE_CUSTOMER_OPTIONS_MAX);
  return rows.map((r) => ({ id: r.id, name: r.name, email: r.email }));
}
