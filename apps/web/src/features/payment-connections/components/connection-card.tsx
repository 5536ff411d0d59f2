// One saved connection: its masked credentials (replace a secret, edit an account id), the
// enable switch, "Verify credentials" with the provider's status and message (docs/product-rules.md#api-calls), the last
// verification, and delete with a confirm (web conventions: destructive actions ask first).
import type { ConnectionView, ProviderInfo } from '@kassa/contract/connections';
import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { formatDateTime } from '../../../components/data-list/format.ts';
import { ProviderStatusBadge } from '../../../components/data-list/labels.tsx';
import { PendingButton } from '../../../components/pending-button.tsx';
import type { AppRights } from '../../../lib/app-access.ts';
import { confirmDialog, showToast, toastApiError } from '../../../lib/toast.ts';
import { deleteConnection, updateConnection, verifyCredentials } from '../api/payment-connections-api.ts';
import { isNotAllowed } from '../not-allowed.ts';
import { CredentialFields } from './credential-fields.tsx';
import { failedVerification, type Verification, VerificationOutcome } from './verification-outcome.tsx';

interface EditValues {
  credentials: Record<string, string>;
}

export function ConnectionCard({
  connection,
  provider,
  rights,
  onChanged,
  onNotAllowed,
}: {
  connection: ConnectionView;
  /** The provider's definition; missing when the provider was withdrawn from the registry. */
  provider: ProviderInfo | undefined;
  rights: AppRights;
  onChanged: () => Promise<unknown>;
  onNotAllowed: (message: string) => void;
}) {
  const fields = provider?.credential_fields ?? [];
  const [replacing, setReplacing] = useState<Record<string, boolean>>({});
  const [outcome, setOutcome] = useState<Verification | null>(null);
  const [busy, setBusy] = useState<'verify' | 'toggle' | 'fallback' | 'delete' | null>(null);
  const nonSecretValues = () =>
    Object.fromEntries(fields.filter((f) => !f.secret).map((f) => [f.name, connection.credentials[f.name] ?? '']));
  const {
    register,
    handleSubmit,
    reset,
    formState: { isSubmitting, isDirty },
  } = useForm<EditValues>({ defaultValues: { credentials: nonSecretValues() }, shouldUnregister: true });

  const failed = (error: unknown, fallback: string) => {
    if (isNotAllowed(error)) onNotAllowed(error.message);
    toastApiError(error, fallback);
  };

  const verify = async () => {
    setBusy('verify');
    try {
      const response = await verifyCredentials({ connection_id: connection.id });
      setOutcome({ status: response.result.status, message: response.message ?? 'Credentials verified.' });
    } catch (error) {
      setOutcome(failedVerification(error));
    } finally {
      setBusy(null);
      await onChanged();
    }
  };

  const toggle = async (enabled: boolean) => {
    setBusy('toggle');
    try {
      const response = await updateConnection(connection.id, { enabled });
      showToast('success', response.message ?? (enabled ? 'Connection enabled.' : 'Connection disabled.'));
      await onChanged();
    } catch (error) {
      failed(error, 'The connection was not changed.');
    } finally {
      setBusy(null);
    }
  };

  const setFallback = async (fallback: boolean) => {
    setBusy('fallback');
    try {
      const response = await updateConnection(connection.id, { fallback });
      showToast(
        'success',
        response.message ?? (fallback ? 'Now used only when the main service is down.' : 'Now the main service.'),
      );
      await onChanged();
    } catch (error) {
      failed(error, 'The connection was not changed.');
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    const confirmed = await confirmDialog({
      title: `Delete ${connection.provider_name}?`,
      text: 'Checkout stops using this provider and its stored credentials are erased.',
      confirmButtonText: 'Yes, delete it',
      cancelButtonText: 'No, keep it',
    });
    if (!confirmed) return;
    setBusy('delete');
    try {
      const response = await deleteConnection(connection.id);
      showToast('success', response.message ?? 'Connection deleted.');
      await onChanged();
    } catch (error) {
      failed(error, 'The connection was not deleted.');
      setBusy(null);
    }
  };

  // Only what changed goes out: fields left out keep their stored value on the server.
  const save = handleSubmit(async (values) => {
    const current = nonSecretValues();
    const changed = Object.fromEntries(
      Object.entries(values.credentials ?? {})
        .map(([name, value]) => [name, value.trim()] as const)
        .filter(([name, value]) => (replacing[name] ? value !== '' : value !== current[name])),
    );
    if (Object.keys(changed).length === 0) {
      showToast('info', 'Nothing changed.');
      return;
    }
    try {
      const response = await updateConnection(connection.id, { credentials: changed });
      showToast('success', response.message ?? 'Connection saved.');
      setReplacing({});
      setOutcome(null);
      await onChanged();
      reset({ credentials: nonSecretValues() });
    } catch (error) {
      if (!isNotAllowed(error)) setOutcome(failedVerification(error));
      failed(error, 'The connection was not saved.');
    }
  });

  const editing = isDirty || Object.values(replacing).some(Boolean);
  return (
    <Card className="connection-card" data-testid="connection-card">
      <Card.Body>
        <div className="connection-card-head">
          <div>
            <h2 className="h6 mb-1">
              <span data-testid="connection-provider">{connection.provider_name}</span>
              {connection.kind === 'payment_service' && (
                <Badge
                  bg={connection.fallback ? 'secondary' : 'primary'}
                  className="ms-2 align-middle"
                  data-testid="connection-role"
                >
                  {connection.fallback ? 'Fallback' : 'Main'}
                </Badge>
              )}
            </h2>
            <div className="d-flex flex-wrap align-items-center gap-2 small text-body-secondary">
              <span data-testid="connection-status">
                <ProviderStatusBadge status={connection.status} />
              </span>
              <span data-testid="connection-last-verified">
                {connection.last_verified_at
                  ? `Last verified ${formatDateTime(connection.last_verified_at)}`
                  : 'Not verified yet'}
              </span>
            </div>
            {connection.last_verification_message && (
              <p className="small text-body-secondary mb-0 mt-1" data-testid="connection-last-message">
                {connection.last_verification_message}
              </p>
            )}
          </div>
          <Form.Check
            type="switch"
            id={`connection-enabled-${connection.id}`}
            label={connection.enabled ? 'Enabled' : 'Disabled'}
            checked={connection.enabled}
            disabled={!rights.edit || busy !== null}
            onChange={(event) => void toggle(event.currentTarget.checked)}
            data-testid="connection-enabled"
          />
        </div>
        {connection.kind === 'payment_service' && (
          <Form.Check
            type="switch"
            className="mt-3"
            id={`connection-fallback-${connection.id}`}
            label="Fallback only: take a card payment when the main payment service cannot be reached"
            checked={connection.fallback}
            disabled={!rights.edit || busy !== null}
            onChange={(event) => void setFallback(event.currentTarget.checked)}
            data-testid="connection-fallback"
          />
        )}
        {!provider && (
          <p className="small text-danger mt-3 mb-0">
            This provider is no longer available. Delete the connection and choose another.
          </p>
        )}
        <Form noValidate onSubmit={save} className="mt-3" data-testid="connection-form">
          <CredentialFields
            fields={fields}
            idPrefix={`connection-${connection.id}`}
            inputProps={(name) => register(`credentials.${name}`)}
            stored={connection.credentials}
            replacing={replacing}
            onReplace={(name, on) => setReplacing((state) => ({ ...state, [name]: on }))}
            disabled={!rights.edit}
          />
          {outcome && (
            <div className="mb-3">
              <VerificationOutcome outcome={outcome} />
            </div>
          )}
          <div className="d-flex flex-wrap gap-2 justify-content-end">
            {rights.delete && (
              <Button
                variant="outline-danger"
                className="me-auto"
                disabled={busy !== null}
                onClick={() => void remove()}
                data-testid="connection-delete"
              >
                Delete
              </Button>
            )}
            {rights.edit && (
              <PendingButton
                variant="outline-primary"
                pending={busy === 'verify'}
                disabled={!provider}
                label="Verify credentials"
                pendingLabel="Verifying…"
                onClick={() => void verify()}
                testId="connection-verify"
              />
            )}
            {rights.edit && editing && (
              <PendingButton
                type="submit"
                pending={isSubmitting}
                label="Save changes"
                pendingLabel="Saving…"
                testId="connection-save"
              />
            )}
          </div>
        </Form>
      </Card.Body>
    </Card>
  );
}
