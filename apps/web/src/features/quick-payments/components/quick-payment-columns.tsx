import { formatMoney } from '@kassa/contract/money';
import type { QuickPayment } from '@kassa/contract/quick-payments';
import Badge from 'react-bootstrap/Badge';
import { shareEditDeleteColumn } from '../../../components/data-list/actions-column.tsx';
import type { Column } from '../../../components/data-list/data-table.tsx';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function quickPaymentStatus(q: Pick<QuickPayment, 'is_active' | 'is_expired'>) {
  if (!q.is_active) return { label: 'Inactive', bg: 'secondary' };
  if (q.is_expired) return { label: 'Expired', bg: 'warning' };
  return { label: 'Active', bg: 'success' };
}

function StatusBadge({ quickPayment }: { quickPayment: QuickPayment }) {
  const status = quickPaymentStatus(quickPayment);
  return (
    <Badge bg={status.bg} className="status-badge" data-testid="qp-status">
      {status.label}
    </Badge>
  );
}

function ExpiryCell({ expiresAt }: { expiresAt: string | null }) {
  return (
    <span title={expiresAt ? dateTimeFormat.format(new Date(expiresAt)) : undefined}>
      {expiresAt ? dateFormat.format(new Date(expiresAt)) : 'Never'}
    </span>
  );
}

/** The quick payments list's columns; Edit and Delete only with a handler (the user's rights). */
export function quickPaymentColumns({
  onShare,
  onEdit,
  onDelete,
}: {
  onShare: (quickPayment: QuickPayment) => void;
  onEdit?: (quickPayment: QuickPayment) => void;
  onDelete?: (quickPayment: QuickPayment) => void;
}): Column<QuickPayment>[] {
  return [
    {
      key: 'title',
      header: 'Title',
      sort: 'name',
      cell: (quickPayment) => (
        <>
          <div className="fw-semibold">{quickPayment.name}</div>
          {quickPayment.description && (
            <div className="small text-body-secondary" style={{ maxWidth: 240 }}>
              {quickPayment.description}
            </div>
          )}
        </>
      ),
    },
    {
      key: 'amount',
      header: 'Amount',
      sort: 'amount',
      align: 'end',
      cellClassName: 'text-nowrap',
      cellTestId: 'qp-amount-cell',
      cell: (quickPayment) => formatMoney(quickPayment.amount, quickPayment.currency),
    },
    { key: 'paid', header: 'Paid', align: 'end', cellTestId: 'qp-paid-cell', cell: (q) => q.paid_count },
    {
      key: 'collected',
      header: 'Collected',
      align: 'end',
      cellClassName: 'text-nowrap',
      cellTestId: 'qp-collected-cell',
      cell: (quickPayment) => formatMoney(quickPayment.total_collected, quickPayment.currency),
    },
    {
      key: 'expires',
      header: 'Expires',
      cellClassName: 'text-nowrap small',
      cell: (quickPayment) => <ExpiryCell expiresAt={quickPayment.expires_at} />,
    },
    { key: 'status', header: 'Status', cell: (quickPayment) => <StatusBadge quickPayment={quickPayment} /> },
    shareEditDeleteColumn('qp', { onShare, onEdit, onDelete }),
  ];
}
