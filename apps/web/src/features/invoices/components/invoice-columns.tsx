import { formatCalendarDate } from '@kassa/contract/date-display';
import type { Locale } from '@kassa/contract/i18n/locales';
import type { Translate } from '@kassa/contract/i18n/translate';
import { type InvoiceSummary, OPEN_INVOICE_STATUSES } from '@kassa/contract/invoices';
import { formatMoney } from '@kassa/contract/money';
import Dropdown from 'react-bootstrap/Dropdown';
import { Link } from 'react-router';
import { titledActionsColumn } from '../../../components/data-list/actions-column.tsx';
import type { Column } from '../../../components/data-list/data-table.tsx';
import { editInvoicePath } from '../../../config/paths.ts';
import type { AppRights } from '../../../lib/app-access.ts';
import { copyToClipboard } from '../../../lib/clipboard.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { downloadPdf } from '../../transactions/index.ts';
import { invoicePdfPath } from './invoice-pdf-button.tsx';
import { InvoiceStatusBadge } from './invoice-status-badge.tsx';

interface RowHandlers {
  rights: AppRights;
  onSend: (invoice: InvoiceSummary) => void;
  onCopy: (invoice: InvoiceSummary) => void;
  onRemove: (invoice: InvoiceSummary) => void;
}

/** A row's actions menu: what each status allows and the user's Invoices rights permit. */
function InvoiceActions({ invoice, rights, onSend, onCopy, onRemove }: RowHandlers & { invoice: InvoiceSummary }) {
  const { t } = usePortalI18n();
  const isOpen = OPEN_INVOICE_STATUSES.includes(invoice.status);
  return (
    <Dropdown align="end">
      <Dropdown.Toggle size="sm" variant="outline-secondary" data-testid="invoice-actions">
        {t('invoices.actions.menu')}
      </Dropdown.Toggle>
      <Dropdown.Menu popperConfig={{ strategy: 'fixed' }}>
        <Dropdown.Item as={Link} to={editInvoicePath(invoice.id)} data-testid="invoice-edit">
          {isOpen && rights.edit ? t('invoices.actions.edit') : t('invoices.actions.view')}
        </Dropdown.Item>
        {isOpen && rights.create && (
          <Dropdown.Item onClick={() => onSend(invoice)} data-testid="invoice-send">
            {invoice.status === 'draft' ? t('invoices.actions.send') : t('invoices.actions.sendAgain')}
          </Dropdown.Item>
        )}
        {rights.create && (
          <Dropdown.Item onClick={() => onCopy(invoice)} data-testid="invoice-copy">
            {t('invoices.actions.copy')}
          </Dropdown.Item>
        )}
        <Dropdown.Item
          onClick={() => copyToClipboard(invoice.public_url, t('invoices.actions.publicLink'))}
          data-testid="invoice-copy-link"
        >
          {t('invoices.actions.copyLink')}
        </Dropdown.Item>
        <Dropdown.Item
          onClick={() => void downloadPdf(invoicePdfPath(invoice.id), `invoice-${invoice.invoice_number}.pdf`)}
          data-testid="invoice-download-pdf"
        >
          {t('invoices.pdf.download')}
        </Dropdown.Item>
        {isOpen && rights.delete && (
          <>
            <Dropdown.Divider />
            <Dropdown.Item className="text-danger" onClick={() => onRemove(invoice)} data-testid="invoice-delete">
              {invoice.status === 'draft' ? t('invoices.actions.deleteDraft') : t('invoices.actions.void')}
            </Dropdown.Item>
          </>
        )}
      </Dropdown.Menu>
    </Dropdown>
  );
}

function CustomerCell({ invoice }: { invoice: InvoiceSummary }) {
  return (
    <>
      <div>
        {invoice.customer_first_name} {invoice.customer_last_name}
        {invoice.business_name && <span className="text-body-secondary"> · {invoice.business_name}</span>}
      </div>
      <div className="small text-body-secondary">{invoice.customer_email}</div>
    </>
  );
}

/** The invoices list's columns, headed and dated in the reader's language. */
export function invoiceColumns({
  t,
  locale,
  ...handlers
}: RowHandlers & { t: Translate; locale: Locale }): Column<InvoiceSummary>[] {
  return [
    {
      key: 'number',
      header: t('invoices.list.number'),
      sort: 'invoice_number',
      cellClassName: 'fw-semibold text-nowrap',
      cell: (invoice) => (
        <Link to={editInvoicePath(invoice.id)} data-testid="invoice-number">
          {invoice.invoice_number}
        </Link>
      ),
    },
    { key: 'customer', header: t('invoices.list.customer'), cell: (invoice) => <CustomerCell invoice={invoice} /> },
    {
      key: 'due',
      header: t('invoices.list.due'),
      sort: 'due_date',
      cellClassName: 'text-nowrap small',
      cell: (invoice) => formatCalendarDate(invoice.due_date, locale),
    },
    {
      key: 'status',
      header: t('invoices.list.status'),
      cell: (invoice) => <InvoiceStatusBadge status={invoice.status} />,
    },
    {
      key: 'total',
      header: t('invoices.list.total'),
      sort: 'total_amount',
      align: 'end',
      cellClassName: 'text-nowrap fw-semibold',
      cellTestId: 'invoice-total',
      cell: (invoice) => formatMoney(invoice.total_amount, invoice.currency, locale),
    },
    {
      ...titledActionsColumn((invoice: InvoiceSummary) => <InvoiceActions invoice={invoice} {...handlers} />),
      header: t('invoices.list.actions'),
    },
  ];
}
