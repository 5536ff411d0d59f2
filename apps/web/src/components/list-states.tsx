// The states every list shows besides its rows: loading, empty (with the primary action) and failed
// (with a retry).
import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import { apiErrorMessage } from '../lib/api-client.ts';
import { Icon, type IconName } from './icon.tsx';
import './lists.css';

export function ListEmpty({
  icon,
  title,
  text,
  action,
}: {
  icon: IconName;
  title: string;
  text?: string;
  action?: ReactNode;
}) {
  return (
    <div className="empty-state" data-testid="list-empty">
      <span className="empty-state-icon">
        <Icon name={icon} size={28} />
      </span>
      <h2 className="h5 mb-1">{title}</h2>
      {text && <p className="text-body-secondary mb-0">{text}</p>}
      {action && <div className="mt-3">{action}</div>}
    </div>
  );
}

export function ListError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="empty-state" role="alert" data-testid="list-error">
      <h2 className="h5 mb-1">Could not load this list</h2>
      <p className="text-body-secondary mb-3">{apiErrorMessage(error, 'An error occurred while fetching data.')}</p>
      <Button variant="outline-primary" onClick={onRetry} data-testid="list-retry">
        Try again
      </Button>
    </div>
  );
}

/** Placeholder rows while the first page loads. */
export function ListSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <div className="list-card p-3" aria-busy="true" data-testid="list-loading">
      <span className="visually-hidden">Loading…</span>
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholder rows
        <span key={index} className={`skeleton-line my-3 ${index % 2 ? 'w-50' : 'w-75'}`} aria-hidden="true" />
      ))}
    </div>
  );
}
