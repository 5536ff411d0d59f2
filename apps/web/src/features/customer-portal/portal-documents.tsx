// The customer's invoices (open ones paid on their public page) and receipts, each with its PDF.
import { formatMoney } from '@kassa/contract/money';
import { useCallback } from 'react';
import { portalInvoices, portalReceipts } from './portal-api.ts';
import { PortalSection } from './portal-section.tsx';
import { portalDate } from './portal-subscriptions.tsx';
import { usePortalList } from './use-portal-list.ts';

const TEXT = {
  invoices: 'Invoices',
  noInvoices: 'You have no invoices.',
  invoicesFailed: 'Your invoices could not be loaded. Reload the page to try again.',
  receipts: 'Receipts',
  noReceipts: 'You have no payments yet.',
  receiptsFailed: 'Your receipts could not be loaded. Reload the page to try again.',
  pay: 'Pay',
  pdf: 'PDF',
  due: (amount: string) => `${amount} due`,
  refunded: (amount: string) => `${amount} refunded`,
  payment: 'Payment',
  status: {
    sent: 'Open',
    viewed: 'Open',
    overdue: 'Overdue',
    partially_paid: 'Partly paid',
    paid: 'Paid',
    void: 'Void',
  } as Record<string, string>,
};

const OPEN = new Set(['sent', 'viewed', 'overdue', 'partially_paid']);

export function PortalInvoices() {
  const list = usePortalList(useCallback(() => portalInvoices(), []));
  return (
    <PortalSection
      id="portal-invoices"
      title={TEXT.invoices}
      list={list}
      empty={TEXT.noInvoices}
      failed={TEXT.invoicesFailed}
    >
      {(rows) => (
        <ul className="portal-list">
          {rows.map((invoice) => (
            <li key={invoice.id} className="portal-row">
              <div className="min-w-0">
                <div className="fw-semibold">
                  {invoice.invoice_number} · {formatMoney(invoice.total_amount, invoice.currency)}
                </div>
                <div className="small text-body-secondary">
                  {portalDate(invoice.created_at)} · {TEXT.status[invoice.status] ?? invoice.status}
                  {OPEN.has(invoice.status) && ` · ${TEXT.due(formatMoney(invoice.balance_due, invoice.currency))}`}
                </div>
              </div>
              <span className="ms-auto portal-actions">
                <a className="btn btn-outline-secondary" href={invoice.pdf_url} target="_blank" rel="noreferrer">
                  {TEXT.pdf}
                </a>
                {OPEN.has(invoice.status) && (
                  <a className="btn btn-primary" href={invoice.public_url}>
                    {TEXT.pay}
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
  const list = usePortalList(useCallback(() => portalReceipts(), []));
  return (
    <PortalSection
      id="portal-receipts"
      title={TEXT.receipts}
      list={list}
      empty={TEXT.noReceipts}
      failed={TEXT.receiptsFailed}
    >
      {(rows) => (
        <ul className="portal-list">
          {rows.map((receipt) => (
            <li key={receipt.id} className="portal-row">
              <div className="min-w-0">
                <div className="fw-semibold">
                  {receipt.description || TEXT.payment} · {formatMoney(receipt.amount, receipt.currency)}
                </div>
                <div className="small text-body-secondary">
                  {portalDate(receipt.paid_at)}
                  {receipt.refunded_amount > 0 &&
                    ` · ${TEXT.refunded(formatMoney(receipt.refunded_amount, receipt.currency))}`}
                </div>
              </div>
              <a className="btn btn-outline-secondary ms-auto" href={receipt.pdf_url} target="_blank" rel="noreferrer">
                {TEXT.pdf}
              </a>
            </li>
          ))}
        </ul>
      )}
    </PortalSection>
  );
}
