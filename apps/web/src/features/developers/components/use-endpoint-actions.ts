// What an endpoint's buttons do: send a test event (and open its log), enable or disable it, roll its
// signing secret and delete it, both after a confirmation. `busy` is the endpoint whose action is
// under way; its buttons wait meanwhile.
import type { WebhookEndpoint } from '@kassa/contract/webhooks';
import { useState } from 'react';
import { apiSuccessMessage } from '../../../lib/api-client.ts';
import { confirmDialog, showToast, toastApiError } from '../../../lib/toast.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import {
  deleteWebhookEndpoint,
  rollWebhookSecret,
  sendWebhookTest,
  updateWebhookEndpoint,
} from '../api/webhooks-api.ts';

export function useEndpointActions({
  reload,
  onSecret,
  openLog,
}: {
  reload: () => Promise<unknown>;
  /** A new signing secret to show once. */
  onSecret: (endpointId: string, secret: string) => void;
  openLog: (endpointId: string) => void;
}) {
  const { t } = usePortalI18n();
  const [busy, setBusy] = useState<string | null>(null);

  /** Runs one endpoint action with its toast (`done`, or the API's words for an English reader); the endpoint's buttons wait meanwhile. */
  const act = async (
    endpoint: WebhookEndpoint,
    work: () => Promise<{ message?: string }>,
    { done, failure }: { done: string; failure: string },
  ) => {
    setBusy(endpoint.id);
    try {
      const response = await work();
      showToast('success', apiSuccessMessage(response.message, done));
      await reload();
    } catch (err) {
      toastApiError(err, failure);
    } finally {
      setBusy(null);
    }
  };

  const sendTest = (endpoint: WebhookEndpoint) =>
    act(
      endpoint,
      async () => {
        const response = await sendWebhookTest(endpoint.id);
        openLog(endpoint.id);
        return response;
      },
      { done: t('developers.webhooks.testQueued'), failure: t('developers.webhooks.testFailed') },
    );

  const roll = async (endpoint: WebhookEndpoint) => {
    const confirmed = await confirmDialog({
      title: t('developers.webhooks.rollTitle'),
      text: t('developers.webhooks.rollText'),
      confirmButtonText: t('developers.webhooks.rollConfirm'),
      cancelButtonText: t('developers.webhooks.keep'),
    });
    if (!confirmed) return;
    await act(
      endpoint,
      async () => {
        const response = await rollWebhookSecret(endpoint.id);
        onSecret(endpoint.id, response.result.secret);
        return response;
      },
      { done: t('developers.webhooks.secretRolled'), failure: t('developers.webhooks.rollFailed') },
    );
  };

  const remove = async (endpoint: WebhookEndpoint) => {
    const confirmed = await confirmDialog({
      title: t('developers.webhooks.deleteTitle'),
      text: t('developers.webhooks.deleteText', { url: endpoint.url }),
      confirmButtonText: t('developers.webhooks.deleteConfirm'),
      cancelButtonText: t('developers.webhooks.keep'),
    });
    if (!confirmed) return;
    await act(endpoint, () => deleteWebhookEndpoint(endpoint.id), {
      done: t('developers.webhooks.deleted'),
      failure: t('developers.webhooks.deleteFailed'),
    });
  };

  const toggleEnabled = (endpoint: WebhookEndpoint) =>
    act(endpoint, () => updateWebhookEndpoint(endpoint.id, { enabled: !endpoint.enabled }), {
      done: t('developers.webhooks.saved'),
      failure: t('developers.webhooks.changeFailed'),
    });

  return { busy, sendTest, roll, remove, toggleEnabled };
}
