import type { RecurringInvoiceStatus } from '@kassa/contract/recurring-invoices';
import Badge from 'react-bootstrap/Badge';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';

/** The contract's RECURRING_STATUS_LABELS, as catalogue keys. */
export const RECURRING_STATUS_KEYS: Record<RecurringInvoiceStatus, string> = {
  draft: 'recurring.status.draft',
  active: 'recurring.status.active',
  paused: 'recurring.status.paused',
  completed: 'recurring.status.completed',
  stopped: 'recurring.status.stopped',
};

const VARIANT: Record<RecurringInvoiceStatus, string> = {
  draft: 'secondary',
  active: 'success',
  paused: 'warning',
  completed: 'info',
  stopped: 'dark',
};

export function RecurringStatusBadge({ status }: { status: RecurringInvoiceStatus }) {
  const { t } = usePortalI18n();
  return (
    <Badge bg={VARIANT[status]} text={status === 'paused' ? 'dark' : undefined} data-testid="recurring-status">
      {t(RECURRING_STATUS_KEYS[status])}
    </Badge>
  );
}
