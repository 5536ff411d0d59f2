import { formatMoney } from '@kassa/contract/money';
import { describeCycle } from '@kassa/contract/prices';
import type { Subscription } from '@kassa/contract/subscriptions';
import { Link } from 'react-router';
import type { Column } from '../../../components/data-list/data-table.tsx';
import { subscriptionDetailPath } from '../../../config/paths.ts';
import { SubscriptionStatusBadge } from './subscription-status-badge.tsx';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export function subscriptionColumns(): Column<Subscription>[] {
  return [
    {
      key: 'plan',
      header: 'Subscription',
      cell: (s) => (
        <Link to={subscriptionDetailPath(s.id)} className="fw-semibold" data-testid="subscription-link">
          {formatMoney(s.amount * s.quantity, s.currency)} {describeCycle(s)}
        </Link>
      ),
    },
    { key: 'status', header: 'Status', cell: (s) => <SubscriptionStatusBadge status={s.status} /> },
    {
      key: 'period',
      header: 'Current period ends',
      className: 'd-none d-md-table-cell',
      cellClassName: 'text-nowrap small',
      cell: (s) => dateFormat.format(new Date(s.current_period_end)),
    },
    {
      key: 'created',
      header: 'Created',
      sort: 'created_at',
      className: 'd-none d-xl-table-cell',
      cellClassName: 'text-nowrap small',
      cell: (s) => dateFormat.format(new Date(s.created_at)),
    },
  ];
}
