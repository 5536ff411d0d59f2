import type { SubscriptionStatus } from '@kassa/contract/subscriptions';
import Badge from 'react-bootstrap/Badge';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { statusText } from './subscription-text.ts';

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

export function SubscriptionStatusBadge({ status }: { status: SubscriptionStatus }) {
  const { t } = usePortalI18n();
  return (
    <Badge bg={VARIANT[status]} text={status === 'incomplete' ? 'dark' : undefined} data-testid="subscription-status">
      {statusText(t, status)}
    </Badge>
  );
}
