import { formatMoment, formatMomentDay, formatNumber } from '@kassa/contract/date-display';
import type { Locale } from '@kassa/contract/i18n/locales';
import type { Translate } from '@kassa/contract/i18n/translate';
import { formatMoney } from '@kassa/contract/money';
import type { QuickPayment } from '@kassa/contract/quick-payments';
import Badge from 'react-bootstrap/Badge';
import { shareEditDeleteColumn } from '../../../components/data-list/actions-column.tsx';
import type { Column } from '../../../components/data-list/data-table.tsx';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';

function quickPaymentStatus(q: Pick<QuickPayment, 'is_active' | 'is_expired'>) {
  if (!q.is_active) return { key: 'quickPayments.status.inactive', bg: 'secondary' };
  if (q.is_expired) return { key: 'quickPayments.status.expired', bg: 'warning' };
  return { key: 'quickPayments.status.active', bg: 'success' };
}

function StatusBadge({ quickPayment }: { quickPayment: QuickPayment }) {
  const { t } = usePortalI18n();
  const status = quickPaymentStatus(quickPayment);
  return (
    <Badge bg={status.bg} className="status-badge" data-testid="qp-status">
      {t(status.key)}
    </Badge>
  );
}

function ExpiryCell({ expiresAt }: { expiresAt: string | null }) {
  const { t, locale } = usePortalI18n();
  return (
    <span title={expiresAt ? formatMoment(new Date(expiresAt), locale) : undefined}>
      {expiresAt ? formatMomentDay(new Date(expiresAt), locale) : t('quickPayments.never')}
    </span>
  );
}

/** The quick payments list's columns; Edit and Delete only with a handler (the user's rights). */
export function quickPaymentColumns(
  {
    onShare,
    onEdit,
    onDelete,
  }: {
    onShare: (quickPayment: QuickPayment) => void;
    onEdit?: (quickPayment: QuickPayment) => void;
    onDelete?: (quickPayment: QuickPayment) => void;
  },
  { t, locale }: { t: Translate; locale: Locale },
): Column<QuickPayment>[] {
  return [
    {
      key: 'title',
      header: t('quickPayments.column.title'),
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
      header: t('quickPayments.column.amount'),
      sort: 'amount',
      align: 'end',
      cellClassName: 'text-nowrap',
      cellTestId: 'qp-amount-cell',
      cell: (quickPayment) => formatMoney(quickPayment.amount, quickPayment.currency, locale),
    },
    {
      key: 'paid',
      header: t('quickPayments.column.paid'),
      align: 'end',
      cellTestId: 'qp-paid-cell',
      cell: (q) => formatNumber(q.paid_count, locale),
    },
    {
      key: 'collected',
      header: t('quickPayments.column.collected'),
      align: 'end',
      cellClassName: 'text-nowrap',
      cellTestId: 'qp-collected-cell',
      cell: (quickPayment) => formatMoney(quickPayment.total_collected, quickPayment.currency, locale),
    },
    {
      key: 'expires',
      header: t('quickPayments.column.expires'),
      cellClassName: 'text-nowrap small',
      cell: (quickPayment) => <ExpiryCell expiresAt={quickPayment.expires_at} />,
    },
    {
      key: 'status',
      header: t('quickPayments.column.status'),
      cell: (quickPayment) => <StatusBadge quickPayment={quickPayment} />,
    },
    shareEditDeleteColumn('qp', { onShare, onEdit, onDelete }),
  ];
}
