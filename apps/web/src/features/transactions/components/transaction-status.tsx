// docs/product-rules.md#entities transaction status as a badge: a readable label, the raw status in the tooltip.
import { type TransactionStatus, transactionStatusLabel } from '@kassa/contract/transactions';
import Badge from 'react-bootstrap/Badge';

/** The badge colour of each status; the label comes from the contract's one table. */
export const STATUS_VARIANT: Record<TransactionStatus, string> = {
  processing: 'warning',
  authorization_succeeded: 'info',
  authorization_failed: 'danger',
  buyer_approval_pending: 'warning',
  capture_succeeded: 'success',
  capture_failed: 'danger',
  voided: 'secondary',
  partially_refunded: 'primary',
  refunded: 'secondary',
};

export const statusLabel = transactionStatusLabel;

export function TransactionStatusBadge({ status }: { status: string }) {
  const bg = STATUS_VARIANT[status as TransactionStatus] ?? 'secondary';
  return (
    <Badge
      bg={bg}
      text={bg === 'warning' || bg === 'info' ? 'dark' : undefined}
      className="status-badge"
      title={status}
      data-testid="transaction-status"
    >
      {transactionStatusLabel(status)}
    </Badge>
  );
}

/** Shown beside the status while a dispute (chargeback) is open on the payment. */
export function DisputedBadge({ disputedAt }: { disputedAt: string | null }) {
  if (!disputedAt) return null;
  return (
    <Badge bg="danger" className="status-badge ms-1" data-testid="transaction-disputed">
      Disputed
    </Badge>
  );
}
