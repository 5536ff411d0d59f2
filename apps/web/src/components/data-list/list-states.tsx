import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { apiErrorMessage } from '../../lib/api-client.ts';
import { usePortalI18n } from '../../lib/use-portal-i18n.ts';
import './data-list.css';

/** The loading, failed and empty states every list shows in place of its rows. */
export function ListLoading({ label }: { label?: string }) {
  const { t } = usePortalI18n();
  return (
    <div className="list-state" role="status" data-testid="list-loading">
      <Spinner animation="border" variant="primary" size="sm" className="me-2" />
      <span className="text-body-secondary">{label ?? t('components.loading')}</span>
    </div>
  );
}

/** `fallback` is shown when the server sent no message (a page that loads one record says so). */
export function ListError({ error, onRetry, fallback }: { error: unknown; onRetry: () => void; fallback?: string }) {
  const { t } = usePortalI18n();
  return (
    <div className="list-state flex-column" role="alert" data-testid="list-error">
      <p className="mb-2 text-danger">{apiErrorMessage(error, fallback ?? t('components.list.loadFailed'))}</p>
      <Button size="sm" variant="outline-primary" onClick={onRetry} data-testid="list-retry">
        {t('components.list.retry')}
      </Button>
    </div>
  );
}

export function ListEmpty({ title, text, action }: { title: string; text?: string; action?: ReactNode }) {
  return (
    <div className="list-state flex-column" data-testid="list-empty">
      <h2 className="h6 mb-1">{title}</h2>
      {text && <p className="text-body-secondary small mb-3">{text}</p>}
      {action}
    </div>
  );
}
