// GET /invoice/public-invoice/{id}/ — public, no sign-in (docs/product-rules.md#route-access, docs/product-rules.md#public-invoice, docs/product-rules.md#entities public invoice). Drafts
// and voided invoices do not exist for a buyer. The first view of a sent invoice marks it viewed.
import type { PublicInvoice } from '@kassa/contract/invoices';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/app-error.ts';
import { displayStatus, invoiceTotalsView, toInvoiceItem, toInvoicePayment, utcToday } from './invoice-view.ts';
import { findInvoiceItems, findInvoicePayments, findPublicInvoice, markInvoiceViewed } from './invoices.queries.ts';

export async function getPublicInvoice(ctx: AppContext, id: string): Promise<PublicInvoice> {
  const found = await findPublicInvoice(ctx.db, id);
  if (!found) throw notFound('This invoice does not exist.');
  const now = ctx.clock.now();
  const invoice =
    found.invoice.status === 'sent' ? ((await markInvoiceViewed(ctx.db, id, now)) ?? found.invoice) : found.invoice;
  const [items, payments] = await Promise.all([findInvoiceItems(ctx.db, id), findInvoicePayments(ctx.db, id)]);
  return {
    id: invoice.id,
    invoice_number: invoice.invoiceNumber,
    customer_first_name: invoice.customerFirstName,
    customer_last_name: invoice.customerLastName,
    business_name: invoice.businessName,
    due_date: invoice.dueDate,
    description: invoice.description,
    status: displayStatus(invoice, utcToday(now)),
    merchant_name: found.merchantName,
    merchant_address: [found.merchantAddress, found.merchantCity, found.merchantState, found.merchantCountry]
      .filter(Boolean)
      .join(', '),
    merchant_logo: found.merchantLogo,
    master_merchant_logo: found.masterLogo,
    ...invoiceTotalsView(invoice),
    amount_paid: invoice.amountPaid,
    balance_due: invoice.balanceDue,
    deposit_amount: invoice.depositAmount,
    allow_partial: invoice.allowPartial,
    payments: payments.map(toInvoicePayment),
    invoice_items: items.map((item) => {
      const { product_id: _internal, ...view } = toInvoiceItem(item);
      return view;
    }),
  };
}
