import type { ApiKey } from '@kassa/contract/developers';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { buttonsColumn } from '../../../components/data-list/actions-column.tsx';
import type { Column } from '../../../components/data-list/data-table.tsx';
import { formatDateTime } from '../../../components/data-list/format.ts';

/** The API-key table's columns; a key already rolled has no Roll button (its successor does). */
export function apiKeyColumns({
  onRoll,
  onDelete,
}: {
  onRoll: (key: ApiKey) => void;
  onDelete: (key: ApiKey) => void;
}): Column<ApiKey>[] {
  return [
    {
      key: 'name',
      header: 'Name',
      cell: (key) => (
        <>
          <span className="fw-semibold">{key.name}</span>{' '}
          <Badge bg={key.mode === 'live' ? 'success' : 'secondary'} data-testid="api-key-mode">
            {key.mode === 'live' ? 'Live' : 'Test'}
          </Badge>
          {key.expires_at && (
            <span className="d-block small text-warning-emphasis" data-testid="api-key-expires">
              Rolled: stops working {formatDateTime(key.expires_at)}
            </span>
          )}
        </>
      ),
    },
    {
      key: 'key',
      header: 'Key',
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
      header: 'Scopes',
      cellClassName: 'small',
      cellTestId: 'api-key-scopes',
      cell: (key) => key.scopes.join(', '),
    },
    { key: 'created', header: 'Created', cellClassName: 'small', cell: (key) => formatDateTime(key.created_at) },
    {
      key: 'last-used',
      header: 'Last used',
      cellClassName: 'small',
      cellTestId: 'api-key-last-used',
      cell: (key) => formatDateTime(key.last_used_at, 'Never'),
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
            Roll
          </Button>
        )}
        <Button size="sm" variant="outline-danger" onClick={() => onDelete(key)} data-testid="api-key-delete">
          Delete
        </Button>
      </>
    )),
  ];
}
