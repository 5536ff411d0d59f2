import { PROVIDER_CONNECTION_KINDS } from '@kassa/contract/merchants';
import { FilterSelect, isFiltered } from '../../components/data-list/filter-select.tsx';
import { humanize } from '../../components/data-list/labels.tsx';
import { MerchantFilter } from '../../components/data-list/merchant-filter.tsx';
import { SearchListCard } from '../../components/data-list/search-list-card.tsx';
import { useListParams } from '../../components/data-list/use-list-params.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { useProviderConnections } from './api/providers-api.ts';
import { PROVIDER_COLUMNS } from './components/provider-columns.tsx';

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
        columns={PROVIDER_COLUMNS}
      />
    </section>
  );
}
