/** A column heading that sorts the list by `field` (ascending, then descending: `-field`). */
export function SortHeader({
  label,
  field,
  sortBy,
  onSort,
}: {
  label: string;
  field: string;
  sortBy: string;
  onSort: (sortBy: string) => void;
}) {
  const direction = sortBy === field ? 'ascending' : sortBy === `-${field}` ? 'descending' : null;
  return (
    <button
      type="button"
      className="sort-button"
      onClick={() => onSort(direction === 'ascending' ? `-${field}` : field)}
      aria-label={`Sort by ${label.toLowerCase()}${direction ? `, now ${direction}` : ''}`}
      data-testid={`sort-${field}`}
    >
      {label} {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : ''}
    </button>
  );
}
