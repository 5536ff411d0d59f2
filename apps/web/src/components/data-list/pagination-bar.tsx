import Button from 'react-bootstrap/Button';

/** "21–40 of 134" with previous / next; nothing when everything fits on one page. */
export function PaginationBar({
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
  const pages = Math.max(1, Math.ceil(count / pageSize));
  if (count === 0) return null;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(count, page * pageSize);
  return (
    <nav className="pagination-bar" aria-label="Pages">
      <span className="text-body-secondary small" data-testid="pagination-summary">
        {first}–{last} of {count.toLocaleString('en-US')} {noun}
      </span>
      {pages > 1 && (
        <div className="d-flex align-items-center gap-2">
          <Button
            size="sm"
            variant="outline-secondary"
            disabled={page <= 1}
            onClick={() => onPage(page - 1)}
            data-testid="pagination-prev"
          >
            Previous
          </Button>
          <span className="small text-body-secondary">
            Page {page} of {pages}
          </span>
          <Button
            size="sm"
            variant="outline-secondary"
            disabled={page >= pages}
            onClick={() => onPage(page + 1)}
            data-testid="pagination-next"
          >
            Next
          </Button>
        </div>
      )}
    </nav>
  );
}
