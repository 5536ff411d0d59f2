// Quick payments (docs/product-rules.md#routes /quickpayment): payment links with a fixed amount, their
// paid count and total collected; create, edit, delete; share link and QR code. Controls follow the
// user's Quick Payments access (docs/ARCHITECTURE.md).
import { APP } from '@kassa/contract/access';
import { formatMoney } from '@kassa/contract/money';
import type { QuickPayment } from '@kassa/contract/quick-payments';
import { type ReactNode, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { SortHeader } from '../../components/data-list/sort-header.tsx';
import { ListPagination } from '../../components/list-pagination.tsx';
import { ListSearch } from '../../components/list-search.tsx';
import { ListEmpty, ListError, ListSkeleton } from '../../components/list-states.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ShareLinkModal } from '../../components/share-link-modal.tsx';
import { confirmDialog, showToast, toastApiError } from '../../lib/toast.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { useAppRights } from '../auth/use-access.ts';
import { deleteQuickPayment, useQuickPayments } from './api/quick-payments-api.ts';
import { QuickPaymentFormModal } from './components/quick-payment-form-modal.tsx';

const PAGE_SIZE = 20;
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function quickPaymentStatus(q: Pick<QuickPayment, 'is_active' | 'is_expired'>) {
  if (!q.is_active) return { label: 'Inactive', bg: 'secondary' };
  if (q.is_expired) return { label: 'Expired', bg: 'warning' };
  return { label: 'Active', bg: 'success' };
}

export function QuickPaymentsPage() {
  const rights = useAppRights(APP.QUICK_PAYMENTS);
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim());
  const [page, setPage] = useState(1);
  const [sortBy, setSortBy] = useState('-created_at');
  const { data, error, isLoading, mutate } = useQuickPayments({ page, pageSize: PAGE_SIZE, search: debounced, sortBy });
  const [editing, setEditing] = useState<QuickPayment | null>(null);
  const [isFormOpen, setFormOpen] = useState(false);
  const [sharing, setSharing] = useState<QuickPayment | null>(null);

  const openForm = (quickPayment: QuickPayment | null) => {
    setEditing(quickPayment);
    setFormOpen(true);
  };

  const remove = async (quickPayment: QuickPayment) => {
    const confirmed = await confirmDialog({
      title: `Delete ${quickPayment.name}?`,
      text: 'Its link stops taking payments. Past payments stay in Transactions.',
      confirmButtonText: 'Yes, delete link',
      cancelButtonText: 'No, keep it',
    });
    if (!confirmed) return;
    try {
      const result = await deleteQuickPayment(quickPayment.id);
      showToast('success', result.message ?? 'Quick payment deleted.');
      await mutate();
    } catch (deleteError) {
      toastApiError(deleteError, 'Something went wrong.');
    }
  };

  const newButton = rights.create ? (
    <Button onClick={() => openForm(null)} data-testid="qp-new">
      New quick payment
    </Button>
  ) : null;

  const sort = (value: string) => {
    setSortBy(value);
    setPage(1);
  };

  let body: ReactNode;
  if (error && !data) body = <ListError error={error} onRetry={() => mutate()} />;
  else if (isLoading || !data) body = <ListSkeleton />;
  else if (data.count === 0 && !debounced)
    body = (
      <ListEmpty
        icon="quick-payments"
        title="No quick payments yet"
        text="Create a payment link with a fixed amount and share it by e-mail, chat or QR code."
        action={newButton}
      />
    );
  else if (data.count === 0)
    body = (
      <ListEmpty icon="quick-payments" title="No quick payments match" text={`Nothing found for “${debounced}”.`} />
    );
  else
    body = (
      <div className="list-card">
        <div className="table-responsive">
          <Table hover data-testid="qp-table">
            <thead>
              <tr>
                <SortHeader field="name" sort={sortBy} onSort={sort}>
                  Title
                </SortHeader>
                <SortHeader field="amount" sort={sortBy} onSort={sort} className="text-end">
                  Amount
                </SortHeader>
                <th className="text-end">Paid</th>
                <th className="text-end">Collected</th>
                <th>Expires</th>
                <th>Status</th>
                <th className="text-end">Actions</th>
              </tr>
            </thead>
            <tbody>
              {data.results.map((quickPayment) => {
                const status = quickPaymentStatus(quickPayment);
                return (
                  <tr key={quickPayment.id} data-testid="qp-row">
                    <td>
                      <div className="fw-semibold">{quickPayment.name}</div>
                      {quickPayment.description && (
                        <div className="small text-body-secondary" style={{ maxWidth: 240 }}>
                          {quickPayment.description}
                        </div>
                      )}
                    </td>
                    <td className="text-end text-nowrap" data-testid="qp-amount-cell">
                      {formatMoney(quickPayment.amount, quickPayment.currency)}
                    </td>
                    <td className="text-end" data-testid="qp-paid-cell">
                      {quickPayment.paid_count}
                    </td>
                    <td className="text-end text-nowrap" data-testid="qp-collected-cell">
                      {formatMoney(quickPayment.total_collected, quickPayment.currency)}
                    </td>
                    <td
                      className="text-nowrap small"
                      title={
                        quickPayment.expires_at ? dateTimeFormat.format(new Date(quickPayment.expires_at)) : undefined
                      }
                    >
                      {quickPayment.expires_at ? dateFormat.format(new Date(quickPayment.expires_at)) : 'Never'}
                    </td>
                    <td>
                      <Badge bg={status.bg} className="status-badge" data-testid="qp-status">
                        {status.label}
                      </Badge>
                    </td>
                    <td>
                      <div className="row-actions">
                        <Button
                          size="sm"
                          variant="outline-primary"
                          onClick={() => setSharing(quickPayment)}
                          data-testid="qp-share"
                        >
                          Share
                        </Button>
                        {rights.edit && (
                          <Button
                            size="sm"
                            variant="outline-secondary"
                            onClick={() => openForm(quickPayment)}
                            data-testid="qp-edit"
                          >
                            Edit
                          </Button>
                        )}
                        {rights.delete && (
                          <Button
                            size="sm"
                            variant="outline-danger"
                            onClick={() => remove(quickPayment)}
                            data-testid="qp-delete"
                          >
                            Delete
                          </Button>
                        )}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
        </div>
        <ListPagination count={data.count} page={page} pageSize={PAGE_SIZE} onPage={setPage} noun="quick payments" />
      </div>
    );

  return (
    <section>
      <PageHeader
        title="Quick Payments"
        description="Payment links with a fixed amount, ready to share."
        actions={newButton}
      />
      <div className="list-toolbar">
        <ListSearch
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
          placeholder="Search quick payments"
          testId="qp-search"
        />
      </div>
      {body}
      <QuickPaymentFormModal
        show={isFormOpen}
        quickPayment={editing}
        onClose={() => setFormOpen(false)}
        onSaved={() => mutate()}
      />
      <ShareLinkModal
        title={sharing ? `Share ${sharing.name}` : ''}
        url={sharing?.checkout_url ?? null}
        fileName={sharing ? `qr-${sharing.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}` : 'qr'}
        onClose={() => setSharing(null)}
      />
    </section>
  );
}
