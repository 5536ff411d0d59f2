import { ROLE } from '@kassa/contract/access';
import type { IndustryType } from '@kassa/contract/industry-types';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { formatDate } from '../../components/data-list/format.ts';
import { ListCard } from '../../components/data-list/list-card.tsx';
import { ListEmpty, ListError, ListLoading } from '../../components/data-list/list-states.tsx';
import { PaginationBar } from '../../components/data-list/pagination-bar.tsx';
import { SearchInput } from '../../components/data-list/search-input.tsx';
import { SortHeader } from '../../components/data-list/sort-header.tsx';
import { DEFAULT_PAGE_SIZE, useListParams } from '../../components/data-list/use-list-params.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { confirmDialog, showToast, toastApiError } from '../../lib/toast.ts';
import { useSessionSelector } from '../auth/session-hooks.ts';
import { deleteIndustryType, useIndustryTypes } from './api/industry-types-api.ts';
import { IndustryTypeModal } from './components/industry-type-modal.tsx';

/** docs/product-rules.md#routes Industry types: search, sort, create / edit / delete (not while in use). */
export function IndustryTypesPage() {
  const list = useListParams('name');
  const canChange = useSessionSelector((s) => s.auth.user?.role) === ROLE.PLATFORM_ADMIN;
  const { data, error, isLoading, mutate } = useIndustryTypes(list.apiQuery([]));
  const [editing, setEditing] = useState<IndustryType | 'new' | null>(null);
  const rows = data?.results ?? [];

  const remove = async (industry: IndustryType) => {
    const confirmed = await confirmDialog({
      title: `Delete ${industry.name}?`,
      text: 'An industry type in use by a merchant cannot be deleted.',
      confirmButtonText: 'Yes, delete it',
      cancelButtonText: 'No, keep it',
    });
    if (!confirmed) return;
    try {
      const response = await deleteIndustryType(industry.id);
      showToast('success', response.message ?? 'Industry type deleted.');
      await mutate();
    } catch (err) {
      toastApiError(err, 'The industry type could not be deleted.');
    }
  };

  const newButton = canChange && (
    <Button onClick={() => setEditing('new')} data-testid="new-industry-type">
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
      <ListCard
        toolbar={
          <SearchInput
            value={list.search}
            onSearch={(search) => list.update({ search })}
            placeholder="Search industry types"
            testId="industry-type-search"
          />
        }
      >
        {error && !data ? (
          <ListError error={error} onRetry={() => void mutate()} />
        ) : isLoading && !data ? (
          <ListLoading />
        ) : rows.length === 0 ? (
          list.search ? (
            <ListEmpty title="No industry type matches" text="Try another search." />
          ) : (
            <ListEmpty title="No industry types yet" action={newButton || undefined} />
          )
        ) : (
          <div className="table-responsive">
            <Table hover className="list-table" data-testid="industry-types-table">
              <thead>
                <tr>
                  <SortHeader field="name" sort={list.sort} onSort={(sort_by) => list.update({ sort_by })}>
                    Name
                  </SortHeader>
                  <th scope="col">Description</th>
                  <th scope="col" className="text-end">
                    Merchants
                  </th>
                  <SortHeader field="created_at" sort={list.sort} onSort={(sort_by) => list.update({ sort_by })}>
                    Created
                  </SortHeader>
                  {canChange && <th scope="col" aria-label="Actions" />}
                </tr>
              </thead>
              <tbody>
                {rows.map((industry) => (
                  <tr key={industry.id} data-testid="industry-type-row">
                    <td className="fw-semibold">{industry.name}</td>
                    <td className="text-body-secondary">{industry.description || '—'}</td>
                    <td className="text-end">{industry.merchant_count}</td>
                    <td className="text-nowrap">{formatDate(industry.created_at)}</td>
                    {canChange && (
                      <td className="text-end text-nowrap">
                        <Button
                          size="sm"
                          variant="link"
                          onClick={() => setEditing(industry)}
                          data-testid="edit-industry-type"
                        >
                          Edit
                        </Button>
                        <Button
                          size="sm"
                          variant="link"
                          className="text-danger"
                          onClick={() => void remove(industry)}
                          data-testid="delete-industry-type"
                        >
                          Delete
                        </Button>
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
        )}
        {data && (
          <PaginationBar
            count={data.count ?? 0}
            page={list.page}
            pageSize={DEFAULT_PAGE_SIZE}
            onPage={(page) => list.update({ page })}
            noun="industry types"
          />
        )}
      </ListCard>
      {editing && (
        <IndustryTypeModal
          editing={editing === 'new' ? null : editing}
          onHide={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            await mutate();
          }}
        />
      )}
    </section>
  );
}
