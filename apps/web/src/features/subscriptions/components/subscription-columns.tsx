import type { Locale } from '@kassa/contract/i18n/locales';
import type { Translate } from '@kassa/contract/i18n/translate';
import { formatMoney } from '@kassa/contract/money';
import type { Subscription } from '@kassa/contract/subscriptions';
import { Link } from 'react-router';
import type { Column } from '../../../components/data-list/data-table.tsx';
import { subscriptionDetailPath } from '../../../config/paths.ts';
import { SubscriptionStatusBadge } from './subscription-status-badge.tsx';
import { cycleText } from './subscription-text.ts';

export function subscriptionColumns(t: Translate, locale: Locale): Column<Subscription>[] {
  const dateFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  return [
    {
      key: 'plan',
      header: t('subscriptions.list.subscription'),
      cell: (s) => (
        <Link to={subscriptionDetailPath(s.id)} className="fw-semibold" data-testid="subscription-link">
          {formatMoney(s.amount * s.quantity, s.currency, locale)} {cycleText(t, s)}
        </Link>
      ),
    },
    { key: 'status', header: t('invoices.list.status'), cell: (s) => <SubscriptionStatusBadge status={s.status} /> },
    {
      key: 'period',
      header: t('subscriptions.list.periodEnds'),
      className: 'd-none d-md-table-cell',
      cellClassName: 'text-nowrap small',
      cell: (s) => dateFormat.format(new Date(s.current_period_end)),
    },
    {
      key: 'created',
      header: t('subscriptions.list.created'),
      sort: 'created_at',
      className: 'd-none d-xl-table-cell',
      cellClassName: 'text-nowrap small',
      cell: (s) => dateFormat.format(new Date(s.created_at)),
    },
  ];
}
