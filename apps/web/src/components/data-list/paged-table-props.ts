import type { Page } from '@kassa/contract/common';
import type { SWRResponse } from 'swr';
import type { ListParams } from './use-list-params.ts';

/**
 * The DataTable props a paged list gets from its SWR page and its address-bar state (rows, error and
 * retry, sort, pager), so a page only adds its columns and empty state.
 */
export function pagedTableProps<Row>(
  query: Pick<SWRResponse<Page<Row>>, 'data' | 'error' | 'mutate'>,
  list: ListParams,
  noun: string,
) {
  const { data, error, mutate } = query;
  return {
    rows: data?.results,
    error,
    onRetry: () => void mutate(),
    sort: list.sort,
    onSort: (sort_by: string) => list.update({ sort_by }),
    pagination: data && {
      count: data.count ?? 0,
      page: list.page,
      onPage: (page: number) => list.update({ page }),
      noun,
    },
  };
}
