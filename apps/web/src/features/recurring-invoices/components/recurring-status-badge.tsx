import { RECURRING_STATUS_LABELS, type RecurringInvoiceStatus } from '@kassa/contract/recurring-invoices';
import Badge from 'react-bootstrap/Badge';

const VARIANT: Record<RecurringInvoiceStatus, string> = {
  draft: 'secondary',
  active: 'success',
  paused: 'warning',
  completed: 'info',
  stopped: 'dark',
};

export function RecurringStatusBadge({ status }: { status: RecurringInvoiceStatus }) {
  return (
    <Badge bg={VARIANT[status]} text={status === 'paused' ? 'dark' : undefined} data-testid="recurring-status">
      {RECURRING_STATUS_LABELS[status]}
    </Badge>
  );
}
