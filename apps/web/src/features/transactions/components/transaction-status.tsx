// docs/product-rules.md#entities transaction status as a badge: a readable label, the raw status in the tooltip.
import type { Translate } from '@kassa/contract/i18n/translate';
import { type TransactionStatus, transactionStatusLabel } from '@kassa/contract/transactions';
import Badge from 'react-bootstrap/Badge';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';

/** The badge colour of each status. */
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

/** A status's name in the reader's language (the English is the contract's one table); an unknown status shows as it came. */
export function statusLabel(status: string, t: Translate): string {
  return Object.hasOwn(STATUS_VARIANT, status) ? t(`transactions.status.${status}`) : transactionStatusLabel(status);
}

export function TransactionStatusBadge({ status }: { status: string }) {
  const { t } = usePortalI18n();
  const bg = STATUS_VARIANT[status as TransactionStatus] ?? 'secondary';
  return (
    <Badge
      bg={bg}
      text={bg === 'warning' || bg === 'info' ? 'dark' : undefined}
      className="status-badge"
      title={status}
      data-testid="transaction-status"
    >
      {statusLabel(status, t)}
    </Badge>
  );
}

/** Shown beside the status while a dispute (chargeback) is open on the payment. */
export function DisputedBadge({ disputedAt }: { disputedAt: string | null }) {
  const { t } = usePortalI18n();
  if (!disputedAt) return null;
  return (
    <Badge bg="danger" className="status-badge ms-1" data-testid="transaction-disputed">
      {t('transactions.disputed')}
    </Badge>
  );
}
