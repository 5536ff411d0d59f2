import { FilterSelect, isFiltered } from '../../components/data-list/filter-select.tsx';
import { MerchantFilter } from '../../components/data-list/merchant-filter.tsx';
import { SearchListCard } from '../../components/data-list/search-list-card.tsx';
import { useListParams } from '../../components/data-list/use-list-params.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { usePortalI18n } from '../../lib/use-portal-i18n.ts';
import { useProviderConnections } from './api/providers-api.ts';
import { KIND_KEY, providerColumns } from './components/provider-columns.tsx';

const FILTERS = ['kind', 'merchant_id'] as const;

/** docs/product-rules.md#routes All configured providers: every merchant's connections, never their credentials. */
export function AllConfiguredProvidersPage() {
  const i18n = usePortalI18n();
  const { t } = i18n;
  const kindOptions = Object.entries(KIND_KEY).map(([kind, key]) => [kind, t(key)] as const);
  const list = useListParams('-created_at');
  const query = useProviderConnections(list.apiQuery(FILTERS));
  const filtered = isFiltered(list, FILTERS);

  return (
    <section>
      <PageHeader title={t('providers.title')} description={t('providers.description')} />
      <SearchListCard
        query={query}
        list={list}
        noun={t('providers.noun')}
        search={{ placeholder: t('providers.search') }}
        testIds={{ search: 'provider-search', table: 'providers-table', row: 'provider-row' }}
        filters={
          <>
            <FilterSelect
              list={list}
              filter="kind"
              label={t('providers.column.kind')}
              allLabel={t('providers.filter.allKinds')}
              options={kindOptions}
            />
            <MerchantFilter list={list} testId="provider-merchant" />
          </>
        }
        loadingLabel={t('providers.loading')}
        filtered={filtered}
        noMatch={{ title: t('providers.noMatch.title'), text: t('providers.noMatch.text') }}
        none={{ title: t('providers.empty.title'), text: t('providers.empty.text') }}
        columns={providerColumns(i18n)}
      />
    </section>
  );
}
