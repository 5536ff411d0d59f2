import type { SubscriptionStatus } from '@kassa/contract/subscriptions';
import Badge from 'react-bootstrap/Badge';

const VARIANT: Record<SubscriptionStatus, string> = {
  trialing: 'info',
  active: 'success',
  past_due: 'warning',
  paused: 'secondary',
  canceled: 'dark',
  unpaid: 'danger',
  incomplete: 'light',
  incomplete_expired: 'dark',
};

export const statusLabel = (status: SubscriptionStatus) => status.replaceAll('_', ' ');

export function SubscriptionStatusBadge({ status }: { status: SubscriptionStatus }) {
  return (
    <Badge bg={VARIANT[status]} text={status === 'incomplete' ? 'dark' : undefined} data-testid="subscription-status">
      {statusLabel(status)}
    </Badge>
  );
}
