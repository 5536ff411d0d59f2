// One saved connection: its masked credentials (replace a secret, edit an account id), the
// enable switch, "Verify credentials" with the provider's status and message (docs/product-rules.md#api-calls), the last
// verification, and delete with a confirm (web conventions: destructive actions ask first).
import type { ConnectionView, ProviderInfo } from '@kassa/contract/connections';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { PendingButton } from '../../../components/pending-button.tsx';
import type { AppRights } from '../../../lib/app-access.ts';
import { showToast } from '../../../lib/toast.ts';
import { updateConnection } from '../api/payment-connections-api.ts';
import { isNotAllowed } from '../not-allowed.ts';
import { ConnectionCardHead } from './connection-card-head.tsx';
import { CredentialFields } from './credential-fields.tsx';
import { useConnectionActions } from './use-connection-actions.ts';
import { failedVerification, VerificationOutcome } from './verification-outcome.tsx';

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
  const { busy, outcome, setOutcome, failed, verify, toggle, setFallback, remove } = useConnectionActions(
    connection,
    onChanged,
    onNotAllowed,
  );
  const [replacing, setReplacing] = useState<Record<string, boolean>>({});
  const nonSecretValues = () =>
    Object.fromEntries(fields.filter((f) => !f.secret).map((f) => [f.name, connection.credentials[f.name] ?? '']));
  const {
    register,
    handleSubmit,
    reset,
    formState: { isSubmitting, isDirty },
  } = useForm<EditValues>({ defaultValues: { credentials: nonSecretValues() }, shouldUnregister: true });

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
        <ConnectionCardHead connection={connection}>
          <Form.Check
            type="switch"
            id={`connection-enabled-${connection.id}`}
            label={connection.enabled ? 'Enabled' : 'Disabled'}
            checked={connection.enabled}
            disabled={!rights.edit || busy !== null}
            onChange={(event) => void toggle(event.currentTarget.checked)}
            data-testid="connection-enabled"
          />
        </ConnectionCardHead>
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
