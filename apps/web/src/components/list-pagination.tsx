// Pages of a list answered as {count, page, page_size, results} (docs/ARCHITECTURE.md#api-conventions).
import Pagination from 'react-bootstrap/Pagination';

/** The page numbers to show: first, last and a window around the current one, gaps as null. */
export function pageWindow(current: number, last: number): (number | null)[] {
  const pages = new Set([1, last, current - 1, current, current + 1].filter((p) => p >= 1 && p <= last));
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const [index, page] of sorted.entries()) {
    const previous = sorted[index - 1];
    if (previous !== undefined && page - previous > 1) out.push(null);
    out.push(page);
  }
  return out;
}

export function ListPagination({
  count,
  page,
  pageSize,
  onPage,
  noun = 'results',
}: {
  count: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  noun?: string;
}) {
  const last = Math.max(1, Math.ceil(count / pageSize));
  const first = count === 0 ? 0 : (page - 1) * pageSize + 1;
  const end = Math.min(count, page * pageSize);
  return (
    <div className="list-footer" data-testid="list-pagination">
      <span className="text-body-secondary small">
        {first}–{end} of {count} {noun}
      </span>
      {last > 1 && (
        <Pagination size="sm" className="mb-0">
          <Pagination.Prev disabled={page <= 1} onClick={() => onPage(page - 1)} aria-label="Previous page" />
          {pageWindow(page, last).map((entry, index) =>
            entry === null ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity
              <Pagination.Ellipsis key={`gap-${index}`} disabled />
            ) : (
              <Pagination.Item
                key={entry}
                active={entry === page}
                onClick={() => onPage(entry)}
                data-testid={`page-${entry}`}
              >
                {entry}
              </Pagination.Item>
            ),
          )}
          <Pagination.Next disabled={page >= last} onClick={() => onPage(page + 1)} aria-label="Next page" />
        </Pagination>
      )}
    </div>
  );
}
