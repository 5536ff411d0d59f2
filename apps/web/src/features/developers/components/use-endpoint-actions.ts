// What an endpoint's buttons do: send a test event (and open its log), enable or disable it, roll its
// signing secret and delete it, both after a confirmation. `busy` is the endpoint whose action is
// under way; its buttons wait meanwhile.
import type { WebhookEndpoint } from '@kassa/contract/webhooks';
import { useState } from 'react';
import { confirmDialog, showToast, toastApiError } from '../../../lib/toast.ts';
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
  const [busy, setBusy] = useState<string | null>(null);

  /** Runs one endpoint action with its toast; the endpoint's buttons wait meanwhile. */
  const act = async (endpoint: WebhookEndpoint, work: () => Promise<{ message?: string }>, failure: string) => {
    setBusy(endpoint.id);
    try {
      const response = await work();
      if (response.message) showToast('success', response.message);
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
      'The test event was not sent.',
    );

  const roll = async (endpoint: WebhookEndpoint) => {
    const confirmed = await confirmDialog({
      title: 'Roll the signing secret?',
      text: 'A new secret signs from now on. The old one keeps signing beside it for 24 hours, so update your receiver within a day.',
      confirmButtonText: 'Yes, roll it',
      cancelButtonText: 'No, keep it',
    });
    if (!confirmed) return;
    await act(
      endpoint,
      async () => {
        const response = await rollWebhookSecret(endpoint.id);
        onSecret(endpoint.id, response.result.secret);
        return response;
      },
      'The secret was not rolled.',
    );
  };

  const remove = async (endpoint: WebhookEndpoint) => {
    const confirmed = await confirmDialog({
      title: 'Delete this endpoint?',
      text: `${endpoint.url} stops receiving events at once, and its delivery log is deleted.`,
      confirmButtonText: 'Yes, delete it',
      cancelButtonText: 'No, keep it',
    });
    if (!confirmed) return;
    await act(endpoint, () => deleteWebhookEndpoint(endpoint.id), 'The endpoint was not deleted.');
  };

  const toggleEnabled = (endpoint: WebhookEndpoint) =>
    act(
      endpoint,
      () => updateWebhookEndpoint(endpoint.id, { enabled: !endpoint.enabled }),
      'The endpoint was not changed.',
    );

  return { busy, sendTest, roll, remove, toggleEnabled };
}
