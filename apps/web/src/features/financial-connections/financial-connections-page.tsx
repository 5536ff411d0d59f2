// Financial connections (docs/product-rules.md#routes, docs/product-rules.md#api-calls): the platform admin's financing partners with
// search and industry filter, create / edit in a modal, delete with a confirm. Failures show the
// server's message, else "An error occurred" (docs/product-rules.md#error-messages).
import type { FinancialConnectionView } from '@kassa/contract/financing';
import Button from 'react-bootstrap/Button';
import { FilterSelect } from '../../components/data-list/filter-select.tsx';
import { SearchListCard } from '../../components/data-list/search-list-card.tsx';
import { DEFAULT_PAGE_SIZE, toQueryString, useListParams } from '../../components/data-list/use-list-params.ts';
import { useEditorModal } from '../../components/form/titled-form-modal.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { confirmDelete, confirmedAction } from '../../lib/confirmed-action.ts';
import { usePortalI18n } from '../../lib/use-portal-i18n.ts';
import {
  deleteFinancialConnection,
  useFinancialConnections,
  useIndustryOptions,
} from './api/financial-connections-api.ts';
import { financialConnectionColumns } from './components/financial-connection-columns.tsx';
import { FinancialConnectionModal } from './components/financial-connection-modal.tsx';
import './financial-connections.css';

export function FinancialConnectionsPage() {
  const { t, locale } = usePortalI18n();
  const list = useListParams('name');
  const industry = list.get('search_industry');
  // The API orders by name and takes no sort_by: only search, the industry filter and paging go out.
  const query = useFinancialConnections(
    toQueryString({ page: list.page, page_size: DEFAULT_PAGE_SIZE, search: list.search, search_industry: industry }),
  );
  const industries = useIndustryOptions();
  const industryOptions = industries.data?.results ?? [];
  const { mutate } = query;
  const editor = useEditorModal<FinancialConnectionView>(mutate);
  const filtered = Boolean(list.search || industry);

  const remove = (connection: FinancialConnectionView) =>
    confirmedAction({
      confirm: confirmDelete(connection.name, t('financialConnections.deleteText')),
      run: () => deleteFinancialConnection(connection.id),
      done: t('financialConnections.deleted'),
      failed: t('financialConnections.errorFallback'),
      after: mutate,
    });

  const newButton = (
    <Button onClick={() => editor.openNew()} data-testid="fc-new">
      {t('financialConnections.new')}
    </Button>
  );

  const industryFilter = (
    <FilterSelect
      list={list}
      filter="search_industry"
      label={t('financialConnections.industry')}
      allLabel={t('financialConnections.allIndustries')}
      options={industryOptions.map((option) => [option.id, option.name])}
      testId="fc-industry-filter"
    />
  );

  return (
    <section>
      <PageHeader
        title={t('financialConnections.title')}
        description={t('financialConnections.description')}
        actions={newButton}
      />
      <SearchListCard
        query={query}
        list={list}
        noun={t('financialConnections.noun')}
        search={{ placeholder: t('financialConnections.search') }}
        testIds={{ search: 'fc-search', table: 'fc-table', row: 'fc-row' }}
        filters={industryFilter}
        filtered={filtered}
        noMatch={{ title: t('financialConnections.noMatchTitle'), text: t('financialConnections.noMatchText') }}
        none={{
          title: t('financialConnections.noneTitle'),
          text: t('financialConnections.noneText'),
          action: newButton,
        }}
        columns={financialConnectionColumns({ t, locale, onEdit: editor.edit, onDelete: remove })}
      />
      {editor.modal && <FinancialConnectionModal {...editor.modal} industries={industryOptions} />}
    </section>
  );
}
