import { PROVIDER_CONNECTION_KINDS } from '@kassa/contract/merchants';
import { Link } from 'react-router';
import { FilterSelect, isFiltered } from '../../components/data-list/filter-select.tsx';
import { formatDate, formatDateTime } from '../../components/data-list/format.ts';
import { EnabledBadge, humanize, ProviderStatusBadge } from '../../components/data-list/labels.tsx';
import { MerchantFilter } from '../../components/data-list/merchant-filter.tsx';
import { SearchListCard } from '../../components/data-list/search-list-card.tsx';
import { useListParams } from '../../components/data-list/use-list-params.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { merchantDetailPath } from '../../config/paths.ts';
import { useProviderConnections } from './api/providers-api.ts';

const FILTERS = ['kind', 'merchant_id'] as const;
const KIND_OPTIONS = PROVIDER_CONNECTION_KINDS.map((kind) => [kind, humanize(kind)] as const);

/** docs/product-rules.md#routes All configured providers: every merchant's connections, never their credentials. */
export function AllConfiguredProvidersPage() {
  const list = useListParams('-created_at');
  const query = useProviderConnections(list.apiQuery(FILTERS));
  const filtered = isFiltered(list, FILTERS);

  return (
    <section>
      <PageHeader
        title="All configured providers"
        description="Payment, gift card, wallet and anti-fraud connections of every merchant, with their last check."
      />
      <SearchListCard
        query={query}
        list={list}
        noun="connections"
        search={{ placeholder: 'Search merchant or provider' }}
        testIds={{ search: 'provider-search', table: 'providers-table', row: 'provider-row' }}
        filters={
          <>
            <FilterSelect list={list} filter="kind" label="Kind" options={KIND_OPTIONS} />
            <MerchantFilter list={list} testId="provider-merchant" />
          </>
        }
        loadingLabel="Loading connections…"
        filtered={filtered}
        noMatch={{ title: 'No connection matches', text: 'Try another search or filter.' }}
        none={{
          title: 'No provider configured yet',
          text: 'Connections appear here once merchants set them up in their Payment Hub.',
        }}
        columns={[
          {
            key: 'merchant',
            header: 'Merchant',
            sort: 'merchant_name',
            cell: (connection) => (
              <Link to={merchantDetailPath(connection.merchant_id)} className="fw-semibold">
                {connection.merchant_name}
              </Link>
            ),
          },
          { key: 'kind', header: 'Kind', cell: (connection) => humanize(connection.kind) },
          { key: 'provider', header: 'Provider', cell: (connection) => humanize(connection.provider) },
          { key: 'enabled', header: 'Enabled', cell: (connection) => <EnabledBadge enabled={connection.enabled} /> },
          {
            key: 'status',
            header: 'Status',
            cell: (connection) => <ProviderStatusBadge status={connection.status} />,
          },
          {
            key: 'verified',
            header: 'Last verification',
            cell: (connection) => (
              <>
                <span className="text-nowrap">{formatDateTime(connection.last_verified_at, 'Never')}</span>
                {connection.last_verification_message && (
                  <small className="d-block text-body-secondary">{connection.last_verification_message}</small>
                )}
              </>
            ),
          },
          {
            key: 'added',
            header: 'Added',
            sort: 'created_at',
            cellClassName: 'text-nowrap',
            cell: (connection) => formatDate(connection.created_at),
          },
        ]}
      />
    </section>
  );
}
