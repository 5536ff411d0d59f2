import type { ApiKey } from '@kassa/contract/developers';
import type { Translate } from '@kassa/contract/i18n/translate';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { buttonsColumn } from '../../../components/data-list/actions-column.tsx';
import type { Column } from '../../../components/data-list/data-table.tsx';
import { formatDateTime } from '../../../components/data-list/format.ts';

/** The API-key table's columns; a key already rolled has no Roll button (its successor does). */
export function apiKeyColumns({
  t,
  locale,
  onRoll,
  onDelete,
}: {
  t: Translate;
  locale: string;
  onRoll: (key: ApiKey) => void;
  onDelete: (key: ApiKey) => void;
}): Column<ApiKey>[] {
  return [
    {
      key: 'name',
      header: t('developers.keys.col.name'),
      cell: (key) => (
        <>
          <span className="fw-semibold">{key.name}</span>{' '}
          <Badge bg={key.mode === 'live' ? 'success' : 'secondary'} data-testid="api-key-mode">
            {key.mode === 'live' ? t('developers.keys.live') : t('developers.keys.test')}
          </Badge>
          {key.expires_at && (
            <span className="d-block small text-warning-emphasis" data-testid="api-key-expires">
              {t('developers.keys.rolledStops', { when: formatDateTime(key.expires_at, '—', locale) })}
            </span>
          )}
        </>
      ),
    },
    {
      key: 'key',
      header: t('developers.keys.col.key'),
      // A key is read (and compared with the one in a config file) as one token: never broken in two.
      cellClassName: 'text-nowrap',
      cell: (key) => (
        <code data-testid="api-key-masked">
          {key.prefix}…{key.last4}
        </code>
      ),
    },
    {
      key: 'scopes',
      header: t('developers.keys.col.scopes'),
      cellClassName: 'small',
      cellTestId: 'api-key-scopes',
      cell: (key) => key.scopes.join(', '),
    },
    {
      key: 'created',
      header: t('developers.keys.col.created'),
      cellClassName: 'small',
      cell: (key) => formatDateTime(key.created_at, '—', locale),
    },
    {
      key: 'last-used',
      header: t('developers.keys.col.lastUsed'),
      cellClassName: 'small',
      cellTestId: 'api-key-last-used',
      cell: (key) => formatDateTime(key.last_used_at, t('developers.keys.never'), locale),
    },
    buttonsColumn((key) => (
      <>
        {!key.expires_at && (
          <Button
            size="sm"
            variant="outline-secondary"
            className="me-2"
            onClick={() => onRoll(key)}
            data-testid="api-key-roll"
          >
            {t('developers.keys.roll')}
          </Button>
        )}
        <Button size="sm" variant="outline-danger" onClick={() => onDelete(key)} data-testid="api-key-delete">
          {t('developers.keys.delete')}
        </Button>
      </>
    )),
  ];
}
