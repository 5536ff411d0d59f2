import { ROLE } from '@kassa/contract/access';
import type { IndustryType } from '@kassa/contract/industry-types';
import Button from 'react-bootstrap/Button';
import { buttonsColumn } from '../../components/data-list/actions-column.tsx';
import { formatDate } from '../../components/data-list/format.ts';
import { EditDeleteLinks } from '../../components/data-list/row-actions.tsx';
import { SearchListCard } from '../../components/data-list/search-list-card.tsx';
import { useListParams } from '../../components/data-list/use-list-params.ts';
import { useEditorModal } from '../../components/form/titled-form-modal.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { confirmDelete, confirmedAction } from '../../lib/confirmed-action.ts';
import { useSessionSelector } from '../../lib/session-hooks.ts';
import { deleteIndustryType, useIndustryTypes } from './api/industry-types-api.ts';
import { IndustryTypeModal } from './components/industry-type-modal.tsx';

/** docs/product-rules.md#routes Industry types: search, sort, create / edit / delete (not while in use). */
export function IndustryTypesPage() {
  const list = useListParams('name');
  const canChange = useSessionSelector((s) => s.auth.user?.role) === ROLE.PLATFORM_ADMIN;
  const query = useIndustryTypes(list.apiQuery([]));
  const { mutate } = query;
  const editor = useEditorModal<IndustryType>(mutate);

  const remove = (industry: IndustryType) =>
    confirmedAction({
      confirm: confirmDelete(industry.name, 'An industry type in use by a merchant cannot be deleted.'),
      run: () => deleteIndustryType(industry.id),
      done: 'Industry type deleted.',
      failed: 'The industry type could not be deleted.',
      after: mutate,
    });

  const newButton = canChange && (
    <Button onClick={() => editor.openNew()} data-testid="new-industry-type">
      New industry type
    </Button>
  );

  return (
    <section>
      <PageHeader
        title="Industry types"
        description="The industries merchants belong to; the Financing Hub matches partners by them."
        actions={newButton}
      />
      <SearchListCard
        query={query}
        list={list}
        noun="industry types"
        testIds={{ search: 'industry-type-search', table: 'industry-types-table', row: 'industry-type-row' }}
        noMatch={{ title: 'No industry type matches', text: 'Try another search.' }}
        none={{ title: 'No industry types yet', action: newButton }}
        columns={[
          {
            key: 'name',
            header: 'Name',
            sort: 'name',
            cellClassName: 'fw-semibold',
            cell: (industry) => industry.name,
          },
          {
            key: 'description',
            header: 'Description',
            cellClassName: 'text-body-secondary',
            cell: (industry) => industry.description || '—',
          },
          { key: 'merchants', header: 'Merchants', align: 'end', cell: (industry) => industry.merchant_count },
          {
            key: 'created',
            header: 'Created',
            sort: 'created_at',
            cellClassName: 'text-nowrap',
            cell: (industry) => formatDate(industry.created_at),
          },
          canChange &&
            buttonsColumn<IndustryType>((industry) => (
              <EditDeleteLinks
                onEdit={() => editor.edit(industry)}
                onDelete={() => void remove(industry)}
                editTestId="edit-industry-type"
                deleteTestId="delete-industry-type"
              />
            )),
        ]}
      />
      {editor.modal && <IndustryTypeModal {...editor.modal} />}
    </section>
  );
}
