// Financial connections (docs/product-rules.md#routes, docs/product-rules.md#api-calls): the platform admin's financing partners with
// search and industry filter, create / edit in a modal, delete with a confirm. Failures show the
// server's message, else "An error occurred" (docs/product-rules.md#error-messages).
import { FINANCIAL_CONNECTION_ERROR_FALLBACK, type FinancialConnectionView } from '@kassa/contract/financing';
import Button from 'react-bootstrap/Button';
import { FilterSelect } from '../../components/data-list/filter-select.tsx';
import { SearchListCard } from '../../components/data-list/search-list-card.tsx';
import { DEFAULT_PAGE_SIZE, toQueryString, useListParams } from '../../components/data-list/use-list-params.ts';
import { useEditorModal } from '../../components/form/titled-form-modal.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { confirmDelete, confirmedAction } from '../../lib/confirmed-action.ts';
import {
  deleteFinancialConnection,
  useFinancialConnections,
  useIndustryOptions,
} from './api/financial-connections-api.ts';
import { financialConnectionColumns } from './components/financial-connection-columns.tsx';
import { FinancialConnectionModal } from './components/financial-connection-modal.tsx';
import './financial-connections.css';

export function FinancialConnectionsPage() {
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
      confirm: confirmDelete(connection.name, 'Merchants no longer see this partner in their Financing Hub.'),
      run: () => deleteFinancialConnection(connection.id),
      done: 'Financial connection deleted.',
      failed: FINANCIAL_CONNECTION_ERROR_FALLBACK,
      after: mutate,
    });

  const newButton = (
    <Button onClick={() => editor.openNew()} data-testid="fc-new">
      New connection
    </Button>
  );

  const industryFilter = (
    <FilterSelect
      list={list}
      filter="search_industry"
      label="Industry"
      allLabel="All industries"
      options={industryOptions.map((option) => [option.id, option.name])}
      testId="fc-industry-filter"
    />
  );

  return (
    <section>
      <PageHeader
        title="Financial connections"
        description="Financing partners merchants reach from their Financing Hub, matched by industry and opened with single sign-on."
        actions={newButton}
      />
      <SearchListCard
        query={query}
        list={list}
        noun="financial connections"
        search={{ placeholder: 'Search partners' }}
        testIds={{ search: 'fc-search', table: 'fc-table', row: 'fc-row' }}
        filters={industryFilter}
        filtered={filtered}
        noMatch={{ title: 'No financial connection matches', text: 'Try another search or industry.' }}
        none={{
          title: 'No financial connections yet',
          text: 'Add a financing partner so merchants can open it from their Financing Hub.',
          action: newButton,
        }}
        columns={financialConnectionColumns({ onEdit: editor.edit, onDelete: remove })}
      />
      {editor.modal && <FinancialConnectionModal {...editor.modal} industries={industryOptions} />}
    </section>
  );
}
