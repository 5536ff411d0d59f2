// What a connection card does to its connection besides saving credentials: verify, enable or
// disable, make it the fallback or the main service, delete (with a confirm). `busy` names the one
// under way; a refusal for lack of access also goes to `onNotAllowed`.
import type { ConnectionView } from '@kassa/contract/connections';
import { useState } from 'react';
import { apiSuccessMessage } from '../../../lib/api-client.ts';
import { confirmDelete } from '../../../lib/confirmed-action.ts';
import { confirmDialog, showToast, toastApiError } from '../../../lib/toast.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { deleteConnection, updateConnection, verifyCredentials } from '../api/payment-connections-api.ts';
import { isNotAllowed } from '../not-allowed.ts';
import { failedVerification, type Verification } from './verification-outcome.tsx';

export function useConnectionActions(
  connection: ConnectionView,
  onChanged: () => Promise<unknown>,
  onNotAllowed: (message: string) => void,
) {
  const { t } = usePortalI18n();
  const [outcome, setOutcome] = useState<Verification | null>(null);
  const [busy, setBusy] = useState<'verify' | 'toggle' | 'fallback' | 'delete' | null>(null);

  const failed = (error: unknown, fallback: string) => {
    if (isNotAllowed(error)) onNotAllowed(error.message);
    toastApiError(error, fallback);
  };

  const verify = async () => {
    setBusy('verify');
    try {
      const response = await verifyCredentials({ connection_id: connection.id });
      setOutcome({
        status: response.result.status,
        message: apiSuccessMessage(response.message, t('paymentConnections.new.verified')),
      });
    } catch (error) {
      setOutcome(failedVerification(error, t));
    } finally {
      setBusy(null);
      await onChanged();
    }
  };

  const change = async (
    what: 'toggle' | 'fallback',
    patch: { enabled: boolean } | { fallback: boolean },
    done: string,
  ) => {
    setBusy(what);
    try {
      const response = await updateConnection(connection.id, patch);
      showToast('success', apiSuccessMessage(response.message, done));
      await onChanged();
    } catch (error) {
      failed(error, t('paymentConnections.changeFailed'));
    } finally {
      setBusy(null);
    }
  };
  const toggle = (enabled: boolean) =>
    change(
      'toggle',
      { enabled },
      enabled ? t('paymentConnections.toggled.enabled') : t('paymentConnections.toggled.disabled'),
    );
  const setFallback = (fallback: boolean) =>
    change(
      'fallback',
      { fallback },
      fallback ? t('paymentConnections.fallback.on') : t('paymentConnections.fallback.off'),
    );

  const remove = async () => {
    const confirmed = await confirmDialog(confirmDelete(connection.provider_name, t('paymentConnections.deleteText')));
    if (!confirmed) return;
    setBusy('delete');
    try {
      const response = await deleteConnection(connection.id);
      showToast('success', apiSuccessMessage(response.message, t('paymentConnections.deleted')));
      await onChanged();
    } catch (error) {
      failed(error, t('paymentConnections.deleteFailed'));
      setBusy(null);
    }
  };

  return { busy, outcome, setOutcome, failed, verify, toggle, setFallback, remove };
}
