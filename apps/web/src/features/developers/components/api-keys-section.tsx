// The API keys of the merchant: name, mode, prefix…last 4, scopes, created and last used, with
// Roll and Delete. Secrets are never listed; they are shown once, on creation and on roll.
import type { ApiKey } from '@kassa/contract/developers';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { DataTable } from '../../../components/data-list/data-table.tsx';
import { ListEmpty } from '../../../components/data-list/list-states.tsx';
import { confirmDelete } from '../../../lib/confirmed-action.ts';
import { confirmDialog, showToast, toastApiError } from '../../../lib/toast.ts';
import { deleteApiKey, useApiKeys } from '../api/api-keys-api.ts';
import { apiKeyColumns } from './api-key-columns.tsx';
import { CreateApiKeyDialog } from './create-api-key-dialog.tsx';
import { RollApiKeyDialog } from './roll-api-key-dialog.tsx';

export function ApiKeysSection() {
  const { data, error, mutate } = useApiKeys();
  const [isCreating, setCreating] = useState(false);
  const [rolling, setRolling] = useState<ApiKey | null>(null);

  const remove = async (key: ApiKey) => {
    const confirmed = await confirmDialog(
      confirmDelete(
        key.name,
        `Requests with ${key.prefix}…${key.last4} are refused from the moment you delete it. This cannot be undone.`,
      ),
    );
    if (!confirmed) return;
    try {
      const response = await deleteApiKey(key.id);
      showToast('success', response.message ?? 'API key deleted.');
      await mutate();
    } catch (err) {
      toastApiError(err, 'The key was not deleted.');
    }
  };

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
      <Card.Body className="p-0">
        <DataTable
          rows={data?.results}
          error={error}
          onRetry={() => void mutate()}
          loadingLabel="Loading API keys…"
          empty={<ListEmpty title="No API keys yet" text="Create a key to call the Kassa API from your own server." />}
          className="mb-0 align-middle"
          testId="api-keys-table"
          rowTestId="api-key-row"
          rowKey={(key) => key.id}
          columns={apiKeyColumns({ onRoll: setRolling, onDelete: (key) => void remove(key) })}
        />
      </Card.Body>
      <CreateApiKeyDialog show={isCreating} onClose={() => setCreating(false)} onCreated={() => void mutate()} />
      <RollApiKeyDialog apiKey={rolling} onClose={() => setRolling(null)} onRolled={() => void mutate()} />
    </Card>
  );
}
