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
import { useSubscriptions } from './api/subscriptions-api.ts';
import { BillingSettingsCard } from './components/billing-settings-card.tsx';
import { subscriptionColumns } from './components/subscription-columns.tsx';
import { SubscriptionMetricsCard } from './components/subscription-metrics-card.tsx';
import { statusLabel } from './components/subscription-status-badge.tsx';

const FILTERS = ['status'] as const;

export function SubscriptionsPage() {
  const mode = usePaymentMode();
  const list = useListParams('-created_at');
  const query = useSubscriptions(list.apiQuery(FILTERS, { mode }));
  const filtered = isFiltered(list, FILTERS);
  return (
    <section>
      <PageHeader
        title="Subscriptions"
        description={`Customers paying a recurring price (${mode} mode).`}
        actions={
          mode === 'test' ? (
            <Link to={PATHS.testClocks} className="btn btn-outline-primary" data-testid="test-clocks-link">
              Test clocks
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
            label="Status"
            options={SUBSCRIPTION_STATUSES.map((s) => [s, statusLabel(s)] as const)}
          />
        }
      >
        <DataTable
          {...pagedTableProps(query, list, 'subscriptions')}
          columns={subscriptionColumns()}
          testId="subscriptions-table"
          rowTestId="subscription-row"
          rowKey={(s) => s.id}
          empty={
            <ListEmpty
              {...(filtered
                ? { title: 'No subscriptions match', text: 'No subscription has this status.' }
                : {
                    title: 'No subscriptions yet',
                    text: 'Subscribe a customer from their page, or with the API (POST /apiv1/subscription/).',
                  })}
            />
          }
        />
      </ListCard>
      <BillingSettingsCard />
    </section>
  );
}
