import type { ReactNode } from 'react';
import './data-list.css';

/**
 * A column header that sorts the list by `field` (ascending first, then descending); `sort` is the
 * API's sort_by value, e.g. "name" or "-created_at".
 */
export function SortHeader({
  field,
  sort,
  onSort,
  children,
  className,
}: {
  field: string;
  sort: string;
  onSort: (sort: string) => void;
  children: ReactNode;
  className?: string;
}) {
  const direction = sort === field ? 'ascending' : sort === `-${field}` ? 'descending' : 'none';
  const next = direction === 'ascending' ? `-${field}` : field;
  return (
    <th scope="col" aria-sort={direction} className={className}>
      <button type="button" className="sort-button" onClick={() => onSort(next)} data-testid={`sort-${field}`}>
        {children}
        <span className={`sort-mark is-${direction}`} aria-hidden="true">
          {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}
        </span>
      </button>
    </th>
  );
}
