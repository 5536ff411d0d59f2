// The customer's invoices (open ones paid on their public page) and receipts, each with its PDF.
import { formatMoney } from '@kassa/contract/money';
import { useCallback } from 'react';
import { useI18n } from '../../lib/i18n.tsx';
import { portalInvoices, portalReceipts } from './portal-api.ts';
import { PortalSection } from './portal-section.tsx';
import { portalDate } from './portal-subscriptions.tsx';
import { usePortalList } from './use-portal-list.ts';

const OPEN = new Set(['sent', 'viewed', 'overdue', 'partially_paid']);

/** The invoice statuses the portal names; another shows as the API sends it. */
const INVOICE_STATUSES = new Set(['sent', 'viewed', 'overdue', 'partially_paid', 'paid', 'void']);

export function PortalInvoices() {
  const { t, locale } = useI18n();
  const status = (s: string) => (INVOICE_STATUSES.has(s) ? t(`customerPortal.invoiceStatus.${s}`) : s);
  const list = usePortalList(useCallback(() => portalInvoices(), []));
  return (
    <PortalSection
      id="portal-invoices"
      title={t('customerPortal.docs.invoices')}
      list={list}
      empty={t('customerPortal.docs.noInvoices')}
      failed={t('customerPortal.docs.invoicesFailed')}
    >
      {(rows) => (
        <ul className="portal-list">
          {rows.map((invoice) => (
            <li key={invoice.id} className="portal-row">
              <div className="min-w-0">
                <div className="fw-semibold">
                  {invoice.invoice_number} · {formatMoney(invoice.total_amount, invoice.currency, locale)}
                </div>
                <div className="small text-body-secondary">
                  {portalDate(invoice.created_at, locale)} · {status(invoice.status)}
                  {OPEN.has(invoice.status) &&
                    ` · ${t('customerPortal.docs.due', { amount: formatMoney(invoice.balance_due, invoice.currency, locale) })}`}
                </div>
              </div>
              <span className="ms-auto portal-actions">
                <a className="btn btn-outline-secondary" href={invoice.pdf_url} target="_blank" rel="noreferrer">
                  {t('customerPortal.docs.pdf')}
                </a>
                {OPEN.has(invoice.status) && (
                  <a className="btn btn-primary" href={invoice.public_url}>
                    {t('customerPortal.docs.pay')}
                  </a>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </PortalSection>
  );
}

export function PortalReceipts() {
  const { t, locale } = useI18n();
  const list = usePortalList(useCallback(() => portalReceipts(), []));
  return (
    <PortalSection
      id="portal-receipts"
      title={t('customerPortal.docs.receipts')}
      list={list}
      empty={t('customerPortal.docs.noReceipts')}
      failed={t('customerPortal.docs.receiptsFailed')}
    >
      {(rows) => (
        <ul className="portal-list">
          {rows.map((receipt) => (
            <li key={receipt.id} className="portal-row">
              <div className="min-w-0">
                <div className="fw-semibold">
                  {receipt.description || t('customerPortal.docs.payment')} ·{' '}
                  {formatMoney(receipt.amount, receipt.currency, locale)}
                </div>
                <div className="small text-body-secondary">
                  {portalDate(receipt.paid_at, locale)}
                  {receipt.refunded_amount > 0 &&
                    ` · ${t('customerPortal.docs.refunded', { amount: formatMoney(receipt.refunded_amount, receipt.currency, locale) })}`}
                </div>
              </div>
              <a className="btn btn-outline-secondary ms-auto" href={receipt.pdf_url} target="_blank" rel="noreferrer">
                {t('customerPortal.docs.pdf')}
              </a>
            </li>
          ))}
        </ul>
      )}
    </PortalSection>
  );
}
