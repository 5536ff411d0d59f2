// The mode's subscription figures, then its subscriptions, filtered by status, with pages and an empty
// state; a link to the test clocks in test mode. Governed by the Invoices app (subscriptions make and
// charge invoices: apps/api/src/modules/subscriptions/subscriptions.service.ts).
import { SUBSCRIPTION_STATUSES } from '@kassa/contract/subscriptions';
import { Link } from 'react-router';
import { DataTable } from '../../components/data-list/data-table.tsx';
import { FilterSelect, isFiltered } from '../../components/data-list/filter-select.tsx';
import { ListCard } from '../../components/data-list/list-card.tsx';
import { ListEmpty } from '../../components/data-list/list-states.tsx';
import { pagedTableProps } from '../../components/data-list/paged-table-props.ts';
import { useListParams } from '../../components/data-list/use-list-params.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { PATHS } from '../../config/paths.ts';
import { usePaymentMode } from '../../lib/payment-mode.ts';
import { usePortalI18n } from '../../lib/use-portal-i18n.ts';
import { useSubscriptions } from './api/subscriptions-api.ts';
import { BillingSettingsCard } from './components/billing-settings-card.tsx';
import { subscriptionColumns } from './components/subscription-columns.tsx';
import { SubscriptionMetricsCard } from './components/subscription-metrics-card.tsx';
import { statusText } from './components/subscription-text.ts';

const FILTERS = ['status'] as const;

export function SubscriptionsPage() {
  const { t, locale } = usePortalI18n();
  const mode = usePaymentMode();
  const list = useListParams('-created_at');
  const query = useSubscriptions(list.apiQuery(FILTERS, { mode }));
  const filtered = isFiltered(list, FILTERS);
  return (
    <section>
      <PageHeader
        title={t('subscriptions.title')}
        description={mode === 'live' ? t('subscriptions.descriptionLive') : t('subscriptions.descriptionTest')}
        actions={
          mode === 'test' ? (
            <Link to={PATHS.testClocks} className="btn btn-outline-primary" data-testid="test-clocks-link">
              {t('subscriptions.clocks.title')}
            </Link>
          ) : null
        }
      />
      <SubscriptionMetricsCard mode={mode} />
      <ListCard
        toolbar={
          <FilterSelect
            list={list}
            filter="status"
            label={t('invoices.list.status')}
            allLabel={t('recurring.list.statusAll')}
            options={SUBSCRIPTION_STATUSES.map((s) => [s, statusText(t, s)] as const)}
          />
        }
      >
        <DataTable
          {...pagedTableProps(query, list, t('subscriptions.noun'))}
          columns={subscriptionColumns(t, locale)}
          testId="subscriptions-table"
          rowTestId="subscription-row"
          rowKey={(s) => s.id}
          empty={
            <ListEmpty
              {...(filtered
                ? { title: t('subscriptions.list.noMatch'), text: t('subscriptions.list.noMatchText') }
                : { title: t('subscriptions.list.none'), text: t('subscriptions.list.noneText') })}
            />
          }
        />
      </ListCard>
      <BillingSettingsCard />
    </section>
  );
}
