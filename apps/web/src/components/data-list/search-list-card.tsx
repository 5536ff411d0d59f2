import type { Page } from '@kassa/contract/common';
import type { ComponentProps, ReactNode } from 'react';
import type { SWRResponse } from 'swr';
import { usePortalI18n } from '../../lib/use-portal-i18n.ts';
import { DataTable } from './data-table.tsx';
import { ListCard } from './list-card.tsx';
import { ListEmpty } from './list-states.tsx';
import { pagedTableProps } from './paged-table-props.ts';
import { SearchInput } from './search-input.tsx';
import type { ListParams } from './use-list-params.ts';

type TableProps<Row> = ComponentProps<typeof DataTable<Row>>;
type EmptyState = ComponentProps<typeof ListEmpty>;
/** Rows with an id are keyed by it unless told otherwise. */
type RowKeyProp<Row> = Row extends { id: string }
  ? { rowKey?: (row: Row) => string }
  : { rowKey: (row: Row) => string };

/**
 * A paged list with a search box, and any filters, above its table. With no rows it tells a search that found nothing
 * (`noMatch`) from a list that has nothing yet (`none`). Unless told otherwise, the box offers to search the noun's
 * rows and a fruitless search says what it looked for.
 */
export function SearchListCard<Row>({
  query,
  list,
  noun,
  search,
  testIds,
  rowKey = (row) => (row as { id: string }).id,
  filters,
  filtered = Boolean(list.search),
  noMatch,
  none,
  ...table
}: Omit<TableProps<Row>, keyof ReturnType<typeof pagedTableProps> | 'empty' | 'testId' | 'rowTestId' | 'rowKey'> &
  RowKeyProp<Row> & {
    query: Pick<SWRResponse<Page<Row>>, 'data' | 'error' | 'mutate'>;
    list: ListParams;
    /** "products" in "1–20 of 45 products". */
    noun: string;
    search?: { placeholder: string; label?: string };
    testIds: { search: string; table: string; row: string };
    /** The toolbar's filters after the search box. */
    filters?: ReactNode;
    /** Whether the rows are narrowed (a search by default), so that no rows means no match. */
    filtered?: boolean;
    noMatch?: EmptyState;
    none: EmptyState;
  }) {
  const { t } = usePortalI18n();
  const box = search ?? { placeholder: t('components.list.searchNoun', { noun }) };
  const fruitless = noMatch ?? {
    title: t('components.list.noMatch', { noun }),
    text: t('components.list.nothingFound', { search: list.search }),
  };
  return (
    <ListCard
      toolbar={
        <>
          <SearchInput list={list} {...box} testId={testIds.search} />
          {filters}
        </>
      }
    >
      <DataTable
        {...pagedTableProps(query, list, noun)}
        {...table}
        testId={testIds.table}
        rowTestId={testIds.row}
        rowKey={rowKey}
        empty={<ListEmpty {...(filtered ? fruitless : none)} />}
      />
    </ListCard>
  );
}
