import { type InvoiceSummary, OPEN_INVOICE_STATUSES } from '@kassa/contract/invoices';
import { formatMoney } from '@kassa/contract/money';
import Dropdown from 'react-bootstrap/Dropdown';
import { Link } from 'react-router';
import { titledActionsColumn } from '../../../components/data-list/actions-column.tsx';
import type { Column } from '../../../components/data-list/data-table.tsx';
import { editInvoicePath } from '../../../config/paths.ts';
import type { AppRights } from '../../../lib/app-access.ts';
import { copyToClipboard } from '../../../lib/clipboard.ts';
import { downloadPdf } from '../../transactions/index.ts';
import { invoicePdfPath } from './invoice-pdf-button.tsx';
import { InvoiceStatusBadge } from './invoice-status-badge.tsx';

const dueFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

interface RowHandlers {
  rights: AppRights;
  onSend: (invoice: InvoiceSummary) => void;
  onCopy: (invoice: InvoiceSummary) => void;
  onRemove: (invoice: InvoiceSummary) => void;
}

/** A row's actions menu: what each status allows and the user's Invoices rights permit. */
function InvoiceActions({ invoice, rights, onSend, onCopy, onRemove }: RowHandlers & { invoice: InvoiceSummary }) {
  const isOpen = OPEN_INVOICE_STATUSES.includes(invoice.status);
  return (
    <Dropdown align="end">
      <Dropdown.Toggle size="sm" variant="outline-secondary" data-testid="invoice-actions">
        Actions
      </Dropdown.Toggle>
      <Dropdown.Menu popperConfig={{ strategy: 'fixed' }}>
        <Dropdown.Item as={Link} to={editInvoicePath(invoice.id)} data-testid="invoice-edit">
          {isOpen && rights.edit ? 'Edit' : 'View'}
        </Dropdown.Item>
        {isOpen && rights.create && (
          <Dropdown.Item onClick={() => onSend(invoice)} data-testid="invoice-send">
            {invoice.status === 'draft' ? 'Send' : 'Send again'}
          </Dropdown.Item>
        )}
        {rights.create && (
          <Dropdown.Item onClick={() => onCopy(invoice)} data-testid="invoice-copy">
            Copy as new draft
          </Dropdown.Item>
        )}
        <Dropdown.Item
          onClick={() => copyToClipboard(invoice.public_url, 'Public link')}
          data-testid="invoice-copy-link"
        >
          Copy public link
        </Dropdown.Item>
        <Dropdown.Item
          onClick={() => void downloadPdf(invoicePdfPath(invoice.id), `invoice-${invoice.invoice_number}.pdf`)}
          data-testid="invoice-download-pdf"
        >
          Download PDF
        </Dropdown.Item>
        {isOpen && rights.delete && (
          <>
            <Dropdown.Divider />
            <Dropdown.Item className="text-danger" onClick={() => onRemove(invoice)} data-testid="invoice-delete">
              {invoice.status === 'draft' ? 'Delete draft' : 'Void invoice'}
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

/** The invoices list's columns. */
export function invoiceColumns(handlers: RowHandlers): Column<InvoiceSummary>[] {
  return [
    {
      key: 'number',
      header: 'Number',
      sort: 'invoice_number',
      cellClassName: 'fw-semibold text-nowrap',
      cell: (invoice) => (
        <Link to={editInvoicePath(invoice.id)} data-testid="invoice-number">
          {invoice.invoice_number}
        </Link>
      ),
    },
    { key: 'customer', header: 'Customer', cell: (invoice) => <CustomerCell invoice={invoice} /> },
    {
      key: 'due',
      header: 'Due',
      sort: 'due_date',
      cellClassName: 'text-nowrap small',
      cell: (invoice) => dueFormat.format(new Date(`${invoice.due_date}T00:00:00Z`)),
    },
    { key: 'status', header: 'Status', cell: (invoice) => <InvoiceStatusBadge status={invoice.status} /> },
    {
      key: 'total',
      header: 'Total',
      sort: 'total_amount',
      align: 'end',
      cellClassName: 'text-nowrap fw-semibold',
      cellTestId: 'invoice-total',
      cell: (invoice) => formatMoney(invoice.total_amount, invoice.currency),
    },
    titledActionsColumn((invoice) => <InvoiceActions invoice={invoice} {...handlers} />),
  ];
}
