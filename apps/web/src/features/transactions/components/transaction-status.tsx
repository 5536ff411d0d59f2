// Spec 3 transaction status as a badge: a readable label, the raw status in the tooltip.
import type { TransactionStatus } from '@kassa/contract/transactions';
import Badge from 'react-bootstrap/Badge';

const STATUS: Record<TransactionStatus, { label: string; bg: string }> = {
  processing: { label: 'Processing', bg: 'warning' },
  authorization_succeeded: { label: 'Authorized', bg: 'info' },
  authorization_failed: { label: 'Declined', bg: 'danger' },
  buyer_approval_pending: { label: 'Awaiting approval', bg: 'warning' },
  capture_succeeded: { label: 'Succeeded', bg: 'success' },
  capture_failed: { label: 'Capture failed', bg: 'danger' },
  voided: { label: 'Voided', bg: 'secondary' },
  partially_refunded: { label: 'Partially refunded', bg: 'primary' },
  refunded: { label: 'Refunded', bg: 'secondary' },
};

export const statusLabel = (status: string) => STATUS[status as TransactionStatus]?.label ?? status;

export function TransactionStatusBadge({ status }: { status: string }) {
  const known = STATUS[status as TransactionStatus];
  return (
    <Badge
      bg={known?.bg ?? 'secondary'}
      text={known?.bg === 'warning' || known?.bg === 'info' ? 'dark' : undefined}
      className="status-badge"
      title={status}
      data-testid="transaction-status"
    >
      {known?.label ?? status}
    </Badge>
  );
}

const METHOD_LABEL: Record<string, string> = { card: 'Card', wallet: 'Digital wallet', gift_card: 'Gift card' };

export const methodLabel = (method: string) => METHOD_LABEL[method] ?? method;

/** "Visa •••• 4242" for cards, otherwise the method's name. */
export function paymentMethodText(t: { method: string; card_brand: string | null; card_last4: string | null }) {
  if (t.method === 'card' && t.card_last4) {
    const brand = t.card_brand ? t.card_brand[0]!.toUpperCase() + t.card_brand.slice(1) : 'Card';
    return `${brand} •••• ${t.card_last4}`;
  }
  return methodLabel(t.method);
}
