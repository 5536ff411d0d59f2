// The API keys of the merchant: name, mode, prefix…last 4, scopes, created and last used, with
// Roll and Delete. Secrets are never listed; they are shown once, on creation and on roll.
import type { ApiKey } from '@kassa/contract/developers';
import { type ReactNode, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { formatDateTime } from '../../../components/data-list/format.ts';
import { ListEmpty, ListError, ListLoading } from '../../../components/data-list/list-states.tsx';
import { confirmDialog, showToast, toastApiError } from '../../../lib/toast.ts';
import { deleteApiKey, useApiKeys } from '../api/api-keys-api.ts';
import { CreateApiKeyDialog } from './create-api-key-dialog.tsx';
import { RollApiKeyDialog } from './roll-api-key-dialog.tsx';

export function ApiKeysSection() {
  const { data, error, mutate } = useApiKeys();
  const [isCreating, setCreating] = useState(false);
  const [rolling, setRolling] = useState<ApiKey | null>(null);

  const remove = async (key: ApiKey) => {
    const confirmed = await confirmDialog({
      title: `Delete ${key.name}?`,
      text: `Requests with ${key.prefix}…${key.last4} are refused from the moment you delete it. This cannot be undone.`,
      confirmButtonText: 'Yes, delete it',
      cancelButtonText: 'No, keep it',
    });
    if (!confirmed) return;
    try {
      const response = await deleteApiKey(key.id);
      showToast('success', response.message ?? 'API key deleted.');
      await mutate();
    } catch (err) {
      toastApiError(err, 'The key was not deleted.');
    }
  };

  let body: ReactNode;
  if (error && !data) body = <ListError error={error} onRetry={() => void mutate()} />;
  else if (!data) body = <ListLoading label="Loading API keys…" />;
  else if (data.results.length === 0)
    body = <ListEmpty title="No API keys yet" text="Create a key to call the Kassa API from your own server." />;
  else
    body = (
      <Table responsive hover className="mb-0 align-middle" data-testid="api-keys-table">
        <thead>
          <tr>
            <th>Name</th>
            <th>Key</th>
            <th>Scopes</th>
            <th>Created</th>
            <th>Last used</th>
            <th aria-label="Actions" />
          </tr>
        </thead>
        <tbody>
          {data.results.map((key) => (
            <tr key={key.id} data-testid="api-key-row">
              <td>
                <span className="fw-semibold">{key.name}</span>{' '}
                <Badge bg={key.mode === 'live' ? 'success' : 'secondary'} data-testid="api-key-mode">
                  {key.mode === 'live' ? 'Live' : 'Test'}
                </Badge>
                {key.expires_at && (
                  <span className="d-block small text-warning-emphasis" data-testid="api-key-expires">
                    Rolled: stops working {formatDateTime(key.expires_at)}
                  </span>
                )}
              </td>
              <td>
                <code data-testid="api-key-masked">
                  {key.prefix}…{key.last4}
                </code>
              </td>
              <td className="small" data-testid="api-key-scopes">
                {key.scopes.join(', ')}
              </td>
              <td className="small">{formatDateTime(key.created_at)}</td>
              <td className="small" data-testid="api-key-last-used">
                {formatDateTime(key.last_used_at, 'Never')}
              </td>
              <td className="text-end text-nowrap">
                {!key.expires_at && (
                  <Button
                    size="sm"
                    variant="outline-secondary"
                    className="me-2"
                    onClick={() => setRolling(key)}
                    data-testid="api-key-roll"
                  >
                    Roll
                  </Button>
                )}
                <Button
                  size="sm"
                  variant="outline-danger"
                  onClick={() => void remove(key)}
                  data-testid="api-key-delete"
                >
                  Delete
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    );

  return (
    <Card className="mb-4" data-testid="api-keys-section">
      <Card.Header className="d-flex justify-content-between align-items-center bg-transparent">
        <div>
          <h2 className="h6 mb-0">API keys</h2>
          <p className="small text-body-secondary mb-0">
            Send a key as <code>Authorization: Bearer sk_…</code>. Test keys see only test payments, live keys only
            live.
          </p>
        </div>
        <Button onClick={() => setCreating(true)} data-testid="api-key-create">
          Create key
        </Button>
      </Card.Header>
      <Card.Body className="p-0">{body}</Card.Body>
      <CreateApiKeyDialog show={isCreating} onClose={() => setCreating(false)} onCreated={() => void mutate()} />
      <RollApiKeyDialog apiKey={rolling} onClose={() => setRolling(null)} onRolled={() => void mutate()} />
    </Card>
  );
}
