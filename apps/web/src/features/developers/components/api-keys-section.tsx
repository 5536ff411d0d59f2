// The API keys of the merchant: name, mode, prefix…last 4, scopes, created and last used, with
// Roll and Delete. Secrets are never listed; they are shown once, on creation and on roll.
import type { ApiKey } from '@kassa/contract/developers';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { DataTable } from '../../../components/data-list/data-table.tsx';
import { ListEmpty } from '../../../components/data-list/list-states.tsx';
import { apiSuccessMessage } from '../../../lib/api-client.ts';
import { confirmDelete } from '../../../lib/confirmed-action.ts';
import { confirmDialog, showToast, toastApiError } from '../../../lib/toast.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { deleteApiKey, useApiKeys } from '../api/api-keys-api.ts';
import { apiKeyColumns } from './api-key-columns.tsx';
import { CodeInText } from './code-in-text.tsx';
import { CreateApiKeyDialog } from './create-api-key-dialog.tsx';
import { RollApiKeyDialog } from './roll-api-key-dialog.tsx';

export function ApiKeysSection() {
  const { t, locale } = usePortalI18n();
  const { data, error, mutate } = useApiKeys();
  const [isCreating, setCreating] = useState(false);
  const [rolling, setRolling] = useState<ApiKey | null>(null);

  const remove = async (key: ApiKey) => {
    const confirmed = await confirmDialog(
      confirmDelete(key.name, t('developers.keys.deleteText', { key: `${key.prefix}…${key.last4}` })),
    );
    if (!confirmed) return;
    try {
      const response = await deleteApiKey(key.id);
      showToast('success', apiSuccessMessage(response.message, t('developers.keys.deleted')));
      await mutate();
    } catch (err) {
      toastApiError(err, t('developers.keys.deleteFailed'));
    }
  };

  return (
    <Card className="mb-4" data-testid="api-keys-section">
      <Card.Header className="d-flex justify-content-between align-items-center bg-transparent">
        <div>
          <h2 className="h6 mb-0">{t('developers.keys.title')}</h2>
          <p className="small text-body-secondary mb-0">
            <CodeInText
              render={(header) => t('developers.keys.sendAs', { header })}
              code="Authorization: Bearer sk_…"
            />
          </p>
        </div>
        <Button onClick={() => setCreating(true)} data-testid="api-key-create">
          {t('developers.keys.create')}
        </Button>
      </Card.Header>
      <Card.Body className="p-0">
        <DataTable
          rows={data?.results}
          error={error}
          onRetry={() => void mutate()}
          loadingLabel={t('developers.keys.loading')}
          empty={<ListEmpty title={t('developers.keys.emptyTitle')} text={t('developers.keys.emptyText')} />}
          className="mb-0 align-middle"
          testId="api-keys-table"
          rowTestId="api-key-row"
          rowKey={(key) => key.id}
          columns={apiKeyColumns({ t, locale, onRoll: setRolling, onDelete: (key) => void remove(key) })}
        />
      </Card.Body>
      <CreateApiKeyDialog show={isCreating} onClose={() => setCreating(false)} onCreated={() => void mutate()} />
      <RollApiKeyDialog apiKey={rolling} onClose={() => setRolling(null)} onRolled={() => void mutate()} />
    </Card>
  );
}
