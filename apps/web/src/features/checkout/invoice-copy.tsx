// docs/product-rules.md#public-invoice: the public invoice view — merchant logo (and the master merchant's), greeting with the
// capitalised first name, the merchant's name and address, invoice number, bill-to, due date, a scrolling description box (200 px), the
// item table, totals with their percentages and a link to pay. docs/product-rules.md#error-messages: a fetch error is logged, the
// loading stops and the buyer reads that the invoice is not available.

import { suggestedPayment, takesParts } from '@kassa/contract/invoice-payments';
import { formatMoney } from '@kassa/contract/money';
import { useEffect } from 'react';
import { useI18n } from '../../lib/i18n.tsx';
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
  const { t, locale } = useI18n();

  useEffect(() => {
    if (error) console.error('Could not load the invoice.', error);
  }, [error]);

  if (isLoading) return <CheckoutSkeleton />;
  if (error || !invoice) {
    return <CheckoutUnavailable title={t('invoice.unavailableTitle')} message={t('invoice.unavailable')} />;
  }
  const money = (amount: number) => formatMoney(amount, invoice.currency, locale);
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
                alt={t('frame.parentLogo')}
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
            {t('invoice.greeting', { name: capitalise(invoice.customer_first_name) })}
          </h1>
          <p className="text-body-secondary">
            {t('invoice.sentYou', { merchant: invoice.merchant_name, amount: money(invoice.total_amount) })}
          </p>

          <dl className="invoice-meta">
            <div>
              <dt>{t('invoice.number')}</dt>
              <dd data-testid="invoice-number">{invoice.invoice_number}</dd>
            </div>
            <div>
              <dt>{t('invoice.billTo')}</dt>
              <dd data-testid="invoice-bill-to">
                {/* The greeting's rule everywhere a name shows: the first letter of each name capitalised. */}
                {capitalise(invoice.customer_first_name)} {capitalise(invoice.customer_last_name)}
                {invoice.business_name && <span className="d-block">{invoice.business_name}</span>}
              </dd>
            </div>
            <div>
              <dt>{t('invoice.dueDate')}</dt>
              <dd data-testid="invoice-due-date">{formatDueDate(invoice.due_date, locale)}</dd>
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
              {t('invoice.paid')}
            </p>
          ) : (
            <CheckoutLink
              to={invoiceCheckoutPath(invoice.id)}
              className="btn btn-primary w-100"
              data-testid="pay-invoice-link"
            >
              {takesParts(invoice)
                ? t('invoice.payPart', { amount: money(suggestedPayment(invoice)) })
                : t('invoice.pay', { amount: money(invoice.balance_due) })}
            </CheckoutLink>
          )}
          <a
            href={publicInvoicePdfUrl(invoice.id)}
            download={`invoice-${invoice.invoice_number}.pdf`}
            className="btn btn-link w-100 mt-2"
            data-testid="invoice-pdf-link"
          >
            {t('invoice.downloadPdf')}
          </a>
        </div>
      </article>
    </CheckoutFrame>
  );
}
