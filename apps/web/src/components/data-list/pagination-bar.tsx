import { formatNumber } from '@kassa/contract/date-display';
import Button from 'react-bootstrap/Button';
import { usePortalI18n } from '../../lib/use-portal-i18n.ts';

/** "21–40 of 134" with previous / next; nothing when everything fits on one page. */
export function PaginationBar({
  count,
  page,
  pageSize,
  onPage,
  noun,
}: {
  count: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  noun?: string;
}) {
  const { t, locale } = usePortalI18n();
  const pages = Math.max(1, Math.ceil(count / pageSize));
  if (count === 0) return null;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(count, page * pageSize);
  return (
    <nav className="pagination-bar" aria-label={t('components.pagination.pages')}>
      <span className="text-body-secondary small" data-testid="pagination-summary">
        {t('components.pagination.summary', {
          first: formatNumber(first, locale),
          last: formatNumber(last, locale),
          count: formatNumber(count, locale),
          noun: noun ?? t('components.pagination.results'),
        })}
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
            {t('components.pagination.previous')}
          </Button>
          <span className="small text-body-secondary">
            {t('components.pagination.page', { page: formatNumber(page, locale), pages: formatNumber(pages, locale) })}
          </span>
          <Button
            size="sm"
            variant="outline-secondary"
            disabled={page >= pages}
            onClick={() => onPage(page + 1)}
            data-testid="pagination-next"
          >
            {t('components.pagination.next')}
          </Button>
        </div>
      )}
    </nav>
  );
}
