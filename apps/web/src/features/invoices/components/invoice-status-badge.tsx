import type { InvoiceStatus } from '@kassa/contract/invoices';
import Badge from 'react-bootstrap/Badge';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';

const VARIANT: Record<InvoiceStatus, string> = {
  draft: 'secondary',
  sent: 'primary',
  viewed: 'info',
  partially_paid: 'success-subtle text-success-emphasis',
  paid: 'success',
  overdue: 'warning',
  void: 'dark',
};

const LABEL: Record<InvoiceStatus, string> = {
  draft: 'invoices.badge.draft',
  sent: 'invoices.badge.sent',
  viewed: 'invoices.badge.viewed',
  partially_paid: 'invoices.badge.partiallyPaid',
  paid: 'invoices.badge.paid',
  overdue: 'invoices.badge.overdue',
  void: 'invoices.badge.void',
};

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  const { t } = usePortalI18n();
  return (
    <Badge bg={VARIANT[status]} className="status-badge" data-testid="invoice-status">
      {t(LABEL[status])}
    </Badge>
  );
}
