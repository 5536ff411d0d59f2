import type { InvoiceStatus } from '@kassa/contract/invoices';
import Badge from 'react-bootstrap/Badge';

const VARIANT: Record<InvoiceStatus, string> = {
  draft: 'secondary',
  sent: 'primary',
  viewed: 'info',
  partially_paid: 'success-subtle text-success-emphasis',
  paid: 'success',
  overdue: 'warning',
  void: 'dark',
};

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return (
    <Badge bg={VARIANT[status]} className="status-badge" data-testid="invoice-status">
      {status.replace('_', ' ')}
    </Badge>
  );
}
