// docs/product-rules.md#public-invoice: the public invoice view — merchant logo (and the master merchant's), greeting with the
// capitalised first name, the merchant's name and address, invoice number, bill-to, due date, a scrolling description box (200 px), the
// item table, totals with their percentages and a link to pay. docs/product-rules.md#error-messages: a fetch error is logged, the
// loading stops and the buyer reads that the invoice is not available.
import { suggestedPayment, takesParts } from '@kassa/contract/invoice-payments';
import { formatMoney } from '@kassa/contract/money';
import { useEffect } from 'react';
import { publicInvoicePdfUrl, usePublicInvoice } from './api/checkout-api.ts';
import { CheckoutLink } from './checkout-navigation.tsx';
import { CheckoutFrame, CheckoutUnavailable } from './components/checkout-frame.tsx';
import { CheckoutSkeleton } from './components/checkout-skeleton.tsx';
import { InvoiceBalanceLines } from './components/invoice-balance.tsx';
import { MerchantLogo } from './components/merchant-header.tsx';
import { PublicInvoiceItems, PublicInvoiceTotals } from './components/public-invoice-lines.tsx';
import { capitalise, formatDueDate, invoiceCheckoutPath } from './invoice-format.ts';

export function InvoiceCopy({ id }: { id: string }) {
  const { data: invoice, error, isLoading } = usePublicInvoice(id);

  useEffect(() => {
    if (error) console.error('Could not load the invoice.', error);
  }, [error]);

  if (isLoading) return <CheckoutSkeleton />;
  if (error || !invoice) {
    return (
      <CheckoutUnavailable
        title="This invoice is not available"
        message="The link may be wrong, or the merchant has withdrawn the invoice."
      />
    );
  }
  const money = (amount: number) => formatMoney(amount, invoice.currency);
  const isPaid = invoice.status === 'paid';

  return (
    <CheckoutFrame wide={false}>
      <article className="card invoice-card" data-testid="public-invoice">
        <div className="card-body">
          <header className="invoice-logos">
            <MerchantLogo name={invoice.merchant_name} logo={invoice.merchant_logo} />
            {invoice.master_merchant_logo && (
              <img
                src={invoice.master_merchant_logo}
                alt="Parent company logo"
                className="master-merchant-logo"
                width={120}
                height={32}
                data-testid="master-merchant-logo"
              />
            )}
          </header>
          <address className="invoice-from" data-testid="invoice-from">
            <strong className="d-block">{invoice.merchant_name}</strong>
            {invoice.merchant_address}
          </address>

          <h1 className="h4 mt-4" data-testid="invoice-greeting">
            Hi {capitalise(invoice.customer_first_name)},
          </h1>
          <p className="text-body-secondary">
            {invoice.merchant_name} sent you an invoice for{' '}
            <strong className="text-body">{money(invoice.total_amount)}</strong>.
          </p>

          <dl className="invoice-meta">
            <div>
              <dt>Invoice number</dt>
              <dd data-testid="invoice-number">{invoice.invoice_number}</dd>
            </div>
            <div>
              <dt>Bill to</dt>
              <dd data-testid="invoice-bill-to">
                {/* The greeting's rule everywhere a name shows: the first letter of each name capitalised. */}
                {capitalise(invoice.customer_first_name)} {capitalise(invoice.customer_last_name)}
                {invoice.business_name && <span className="d-block">{invoice.business_name}</span>}
              </dd>
            </div>
            <div>
              <dt>Due date</dt>
              <dd data-testid="invoice-due-date">{formatDueDate(invoice.due_date)}</dd>
            </div>
          </dl>

          {invoice.description && (
            <div className="invoice-description" data-testid="invoice-description">
              {invoice.description}
            </div>
          )}

          <PublicInvoiceItems invoice={invoice} />
          <PublicInvoiceTotals invoice={invoice} />
          <InvoiceBalanceLines invoice={invoice} payments={invoice.payments} />

          {isPaid ? (
            <p className="invoice-paid" data-testid="invoice-paid">
              Paid
            </p>
          ) : (
            <CheckoutLink
              to={invoiceCheckoutPath(invoice.id)}
              className="btn btn-primary w-100"
              data-testid="pay-invoice-link"
            >
              {takesParts(invoice)
                ? `Pay ${money(suggestedPayment(invoice))} or another part`
                : `Pay ${money(invoice.balance_due)}`}
            </CheckoutLink>
          )}
          <a
            href={publicInvoicePdfUrl(invoice.id)}
            download={`invoice-${invoice.invoice_number}.pdf`}
            className="btn btn-link w-100 mt-2"
            data-testid="invoice-pdf-link"
          >
            Download PDF
          </a>
        </div>
      </article>
    </CheckoutFrame>
  );
}
