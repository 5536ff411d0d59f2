// Invoices (docs/product-rules.md#routes /invoice): filter by status, search, sort and pages; per row
// edit, send, copy as a new draft, copy the public link (/invoice/copy/{id}), delete a draft or void
// a sent one. Controls follow the user's Invoices access (docs/ARCHITECTURE.md).
import { APP } from '@kassa/contract/access';
import {
  INVOICE_STATUSES,
  type InvoiceStatus,
  type InvoiceSummary,
  OPEN_INVOICE_STATUSES,
} from '@kassa/contract/invoices';
import { formatMoney } from '@kassa/contract/money';
import { type ReactNode, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Dropdown from 'react-bootstrap/Dropdown';
import Nav from 'react-bootstrap/Nav';
import Table from 'react-bootstrap/Table';
import { Link, useNavigate } from 'react-router';
import { SortHeader } from '../../components/data-list/sort-header.tsx';
import { ListPagination } from '../../components/list-pagination.tsx';
import { ListSearch } from '../../components/list-search.tsx';
import { ListEmpty, ListError, ListSkeleton } from '../../components/list-states.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PATHS } from '../../config/paths.ts';
import { copyToClipboard } from '../../lib/clipboard.ts';
import { confirmDialog, showToast, toastApiError } from '../../lib/toast.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { useAppRights } from '../auth/use-access.ts';
import { copyInvoice, deleteInvoice, sendInvoice, useInvoices } from './api/invoices-api.ts';
import { InvoiceStatusBadge } from './components/invoice-status-badge.tsx';
import './invoices.css';

const PAGE_SIZE = 20;
const dueFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
const STATUS_LABEL: Record<InvoiceStatus, string> = {
  draft: 'Drafts',
  sent: 'Sent',
  viewed: 'Viewed',
  paid: 'Paid',
  overdue: 'Overdue',
  void: 'Void',
};

export const editInvoicePath = (id: string) => `${PATHS.addEditInvoice}?id=${encodeURIComponent(id)}`;

export function InvoicesPage() {
  const navigate = useNavigate();
  const rights = useAppRights(APP.INVOICES);
  const [status, setStatus] = useState<InvoiceStatus | null>(null);
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim());
  const [page, setPage] = useState(1);
  const [sortBy, setSortBy] = useState('-created_at');
  const { data, error, isLoading, mutate } = useInvoices({
    page,
    pageSize: PAGE_SIZE,
    search: debounced,
    sortBy,
    status,
  });

  // docs/product-rules.md#error-messages: "Something went wrong." when the server gives no message.
  const act = async (run: () => Promise<{ message?: string }>, fallbackSuccess: string) => {
    try {
      const result = await run();
      showToast('success', result.message ?? fallbackSuccess);
      await mutate();
    } catch (actionError) {
      toastApiError(actionError, 'Something went wrong.');
    }
  };

  const send = async (invoice: InvoiceSummary) => {
    const isReminder = invoice.status !== 'draft';
    const confirmed = await confirmDialog({
      title: isReminder ? `Send ${invoice.invoice_number} again?` : `Send ${invoice.invoice_number}?`,
      text: `${invoice.customer_email} gets an e-mail with the link to view and pay it.`,
      icon: 'question',
      confirmButtonText: 'Yes, send it',
      cancelButtonText: 'No, return',
    });
    if (confirmed) await act(() => sendInvoice(invoice.id), 'Invoice sent to the customer.');
  };

  const remove = async (invoice: InvoiceSummary) => {
    const isDraft = invoice.status === 'draft';
    const confirmed = await confirmDialog({
      title: isDraft ? `Delete draft ${invoice.invoice_number}?` : `Void ${invoice.invoice_number}?`,
      text: isDraft
        ? 'The draft is removed for good.'
        : 'The customer can no longer pay it; its link shows that it is void.',
      confirmButtonText: isDraft ? 'Yes, delete draft' : 'Yes, void invoice',
      cancelButtonText: 'No, return',
    });
    if (confirmed) await act(() => deleteInvoice(invoice.id), isDraft ? 'Draft invoice deleted.' : 'Invoice voided.');
  };

  const newButton = rights.create ? (
    <Button onClick={() => navigate(PATHS.addEditInvoice)} data-testid="invoice-new">
      New invoice
    </Button>
  ) : null;

  const filtered = Boolean(debounced) || status !== null;
  let body: ReactNode;
  if (error && !data) body = <ListError error={error} onRetry={() => mutate()} />;
  else if (isLoading || !data) body = <ListSkeleton />;
  else if (data.count === 0 && !filtered)
    body = (
      <ListEmpty
        icon="invoices"
        title="No invoices yet"
        text="Bill a customer by e-mail; they view the invoice and pay it online."
        action={newButton}
      />
    );
  else if (data.count === 0)
    body = <ListEmpty icon="invoices" title="No invoices match" text="Try another status or search." />;
  else
    body = (
      <div className="list-card">
        <div className="table-responsive">
          <Table hover data-testid="invoices-table">
            <thead>
              <tr>
                <SortHeader field="invoice_number" sort={sortBy} onSort={setSortBy}>
                  Number
                </SortHeader>
                <th>Customer</th>
                <SortHeader field="due_date" sort={sortBy} onSort={setSortBy}>
                  Due
                </SortHeader>
                <th>Status</th>
                <SortHeader field="total_amount" sort={sortBy} onSort={setSortBy} className="text-end">
                  Total
                </SortHeader>
                <th className="text-end">Actions</th>
              </tr>
            </thead>
            <tbody>
              {data.results.map((invoice) => {
                const isOpen = OPEN_INVOICE_STATUSES.includes(invoice.status);
                return (
                  <tr key={invoice.id} data-testid="invoice-row">
                    <td className="fw-semibold text-nowrap">
                      <Link to={editInvoicePath(invoice.id)} data-testid="invoice-number">
                        {invoice.invoice_number}
                      </Link>
                    </td>
                    <td>
                      <div>
                        {invoice.customer_first_name} {invoice.customer_last_name}
                        {invoice.business_name && (
                          <span className="text-body-secondary"> · {invoice.business_name}</span>
                        )}
                      </div>
                      <div className="small text-body-secondary">{invoice.customer_email}</div>
                    </td>
                    <td className="text-nowrap small">{dueFormat.format(new Date(`${invoice.due_date}T00:00:00Z`))}</td>
                    <td>
                      <InvoiceStatusBadge status={invoice.status} />
                    </td>
                    <td className="text-end text-nowrap fw-semibold" data-testid="invoice-total">
                      {formatMoney(invoice.total_amount, invoice.currency)}
                    </td>
                    <td className="text-end">
                      <Dropdown align="end">
                        <Dropdown.Toggle size="sm" variant="outline-secondary" data-testid="invoice-actions">
                          Actions
                        </Dropdown.Toggle>
                        <Dropdown.Menu popperConfig={{ strategy: 'fixed' }}>
                          <Dropdown.Item as={Link} to={editInvoicePath(invoice.id)} data-testid="invoice-edit">
                            {isOpen && rights.edit ? 'Edit' : 'View'}
                          </Dropdown.Item>
                          {isOpen && rights.create && (
                            <Dropdown.Item onClick={() => send(invoice)} data-testid="invoice-send">
                              {invoice.status === 'draft' ? 'Send' : 'Send again'}
                            </Dropdown.Item>
                          )}
                          {rights.create && (
                            <Dropdown.Item
                              onClick={() => act(() => copyInvoice(invoice.id), 'Invoice copied as a new draft.')}
                              data-testid="invoice-copy"
                            >
                              Copy as new draft
                            </Dropdown.Item>
                          )}
                          <Dropdown.Item
                            onClick={() => copyToClipboard(invoice.public_url, 'Public link')}
                            data-testid="invoice-copy-link"
                          >
                            Copy public link
                          </Dropdown.Item>
                          {isOpen && rights.delete && (
                            <>
                              <Dropdown.Divider />
                              <Dropdown.Item
                                className="text-danger"
                                onClick={() => remove(invoice)}
                                data-testid="invoice-delete"
                              >
                                {invoice.status === 'draft' ? 'Delete draft' : 'Void invoice'}
                              </Dropdown.Item>
                            </>
                          )}
                        </Dropdown.Menu>
                      </Dropdown>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
        </div>
        <ListPagination count={data.count} page={page} pageSize={PAGE_SIZE} onPage={setPage} noun="invoices" />
      </div>
    );

  const chooseStatus = (next: InvoiceStatus | null) => {
    setStatus(next);
    setPage(1);
  };

  return (
    <section>
      <PageHeader title="Invoices" description="Bill customers and follow what is paid." actions={newButton} />
      <Nav variant="underline" className="status-tabs" role="tablist" aria-label="Invoice status">
        <Nav.Item>
          <Nav.Link as="button" active={status === null} onClick={() => chooseStatus(null)} data-testid="status-all">
            All
          </Nav.Link>
        </Nav.Item>
        {INVOICE_STATUSES.map((value) => (
          <Nav.Item key={value}>
            <Nav.Link
              as="button"
              active={status === value}
              onClick={() => chooseStatus(value)}
              data-testid={`status-${value}`}
            >
              {STATUS_LABEL[value]}
            </Nav.Link>
          </Nav.Item>
        ))}
      </Nav>
      <div className="list-toolbar">
        <ListSearch
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
          placeholder="Search invoices"
          testId="invoices-search"
        />
      </div>
      {body}
    </section>
  );
}
