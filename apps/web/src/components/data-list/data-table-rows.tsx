// The header row and the body rows of a DataTable, rendered from its column config: a sortable
// column's header sorts the list, and an opened row shows its detail beneath it across every column.
import { Fragment, type ReactNode } from 'react';
import { usePortalI18n } from '../../lib/use-portal-i18n.ts';
import type { Column } from './data-table.tsx';
import { SortHeader } from './sort-header.tsx';

const join = (...classes: (string | false | undefined)[]) => classes.filter(Boolean).join(' ') || undefined;

export function DataTableHead<Row>({
  columns,
  sort,
  onSort,
}: {
  columns: Column<Row>[];
  sort: string;
  onSort: ((sort: string) => void) | undefined;
}) {
  const { t } = usePortalI18n();
  return (
    <thead>
      <tr>
        {columns.map((column) => {
          const headerClass = join(column.align && `text-${column.align}`, column.className);
          return column.sort && onSort ? (
            <SortHeader key={column.key} field={column.sort} sort={sort} onSort={onSort} className={headerClass}>
              {column.header}
            </SortHeader>
          ) : (
            <th
              key={column.key}
              scope="col"
              className={headerClass}
              aria-label={column.key === 'actions' && column.label ? t('components.actions') : column.label}
            >
              {column.header}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}

export function DataTableRow<Row>({
  row,
  columns,
  rowTestId,
  onRowClick,
  detail,
}: {
  row: Row;
  columns: Column<Row>[];
  rowTestId: string | undefined;
  onRowClick: ((row: Row) => void) | undefined;
  /** Shown in a row of its own beneath, across every column. */
  detail: ReactNode;
}) {
  return (
    <Fragment>
      <tr
        data-testid={rowTestId}
        className={onRowClick ? 'is-clickable' : undefined}
        onClick={onRowClick && (() => onRowClick(row))}
      >
        {columns.map((column) => (
          <td
            key={column.key}
            className={join(column.align && `text-${column.align}`, column.className, column.cellClassName)}
            data-testid={column.cellTestId}
          >
            {column.cell(row)}
          </td>
        ))}
      </tr>
      {detail && (
        <tr>
          <td colSpan={columns.length} className="p-0">
            {detail}
          </td>
        </tr>
      )}
    </Fragment>
  );
}
