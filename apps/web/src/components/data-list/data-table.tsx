import type { ReactNode } from 'react';
import Table from 'react-bootstrap/Table';
import { DataTableHead, DataTableRow } from './data-table-rows.tsx';
import { ListError, ListLoading } from './list-states.tsx';
import { PaginationBar } from './pagination-bar.tsx';
import { DEFAULT_PAGE_SIZE } from './use-list-params.ts';
import './data-list.css';

/** One column of a DataTable: its header, how a row fills its cell, and how it looks. */
export interface Column<Row> {
  /** Unique among the columns; the header text when that is a string. */
  key: string;
  /** The header's content; on a phone it also names the cell (lib/table-cell-labels.ts). */
  header?: ReactNode;
  /** The read-out name of a header without text, e.g. "Actions". */
  label?: string;
  cell: (row: Row) => ReactNode;
  /** The API's sort_by field: the header then sorts the list by it. */
  sort?: string;
  align?: 'end' | 'center';
  /** Classes on the header and every cell, e.g. a breakpoint's d-none. */
  className?: string;
  /** Classes on the cells only. */
  cellClassName?: string;
  /** A test id on every cell of the column. */
  cellTestId?: string;
}

export interface Pagination {
  count: number;
  page: number;
  onPage: (page: number) => void;
  /** "products" in "1–20 of 45 products". */
  noun: string;
  pageSize?: number;
}

/**
 * A back-office list's table from a column config, with what it shows instead of rows: a spinner
 * until the first page comes, the error with a retry, or `empty`; the pager below when given one.
 * Columns left `false` (a right the user lacks) are not shown.
 */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  rowTestId,
  onRowClick,
  testId,
  className = 'list-table',
  sort = '',
  onSort,
  error,
  onRetry,
  loadingLabel,
  empty,
  pagination,
  size,
  hover = true,
  rowDetail,
}: {
  columns: (Column<Row> | false | null | undefined)[];
  /** undefined while the first page loads. */
  rows: Row[] | undefined;
  rowKey: (row: Row) => string;
  rowTestId?: string;
  /** Makes the whole row a link (it keeps its own link in a cell for the keyboard). */
  onRowClick?: (row: Row) => void;
  testId?: string;
  className?: string;
  sort?: string;
  onSort?: (sort: string) => void;
  error?: unknown;
  onRetry?: () => void;
  loadingLabel?: string;
  empty: ReactNode;
  pagination?: Pagination;
  /** "sm" for a compact table inside a detail card. */
  size?: 'sm';
  hover?: boolean;
  /** What an opened row shows beneath it, across every column; null while closed. */
  rowDetail?: (row: Row) => ReactNode;
}) {
  const shown = columns.filter((column): column is Column<Row> => Boolean(column));
  let body: ReactNode;
  if (error && !rows) body = <ListError error={error} onRetry={() => onRetry?.()} />;
  else if (!rows) body = <ListLoading label={loadingLabel} />;
  else if (rows.length === 0) body = empty;
  else
    body = (
      <div className="table-responsive">
        <Table hover={hover} size={size} className={className} data-testid={testId}>
          <DataTableHead columns={shown} sort={sort} onSort={onSort} />
          <tbody>
            {rows.map((row) => (
              <DataTableRow
                key={rowKey(row)}
                row={row}
                columns={shown}
                rowTestId={rowTestId}
                onRowClick={onRowClick}
                detail={rowDetail?.(row)}
              />
            ))}
          </tbody>
        </Table>
      </div>
    );
  return (
    <>
      {body}
      {rows && pagination && (
        <PaginationBar
          count={pagination.count}
          page={pagination.page}
          pageSize={pagination.pageSize ?? DEFAULT_PAGE_SIZE}
          onPage={pagination.onPage}
          noun={pagination.noun}
        />
      )}
    </>
  );
}
