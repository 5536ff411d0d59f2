// One saved connection: its masked credentials (replace a secret, edit an account id), the
// enable switch, "Verify credentials" with the provider's status and message (docs/product-rules.md#api-calls), the last
// verification, and delete with a confirm (web conventions: destructive actions ask first).
import type { ConnectionView, ProviderInfo } from '@kassa/contract/connections';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { PendingButton } from '../../../components/pending-button.tsx';
import type { AppRights } from '../../../lib/app-access.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { ConnectionCardHead } from './connection-card-head.tsx';
import { CredentialFields } from './credential-fields.tsx';
import { useConnectionActions } from './use-connection-actions.ts';
import { useCredentialEdit } from './use-credential-edit.ts';
import { VerificationOutcome } from './verification-outcome.tsx';

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
  const { t } = usePortalI18n();
  const fields = provider?.credential_fields ?? [];
  const { busy, outcome, setOutcome, failed, verify, toggle, setFallback, remove } = useConnectionActions(
    connection,
    onChanged,
    onNotAllowed,
  );
  const { register, save, isSubmitting, replacing, setReplace, isEditing } = useCredentialEdit({
    connection,
    fields,
    onChanged,
    setOutcome,
    failed,
  });
  return (
    <Card className="connection-card" data-testid="connection-card">
      <Card.Body>
        <ConnectionCardHead connection={connection}>
          <Form.Check
            type="switch"
            id={`connection-enabled-${connection.id}`}
            label={connection.enabled ? t('paymentConnections.enabled') : t('paymentConnections.disabled')}
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
            label={t('paymentConnections.fallbackOnly')}
            checked={connection.fallback}
            disabled={!rights.edit || busy !== null}
            onChange={(event) => void setFallback(event.currentTarget.checked)}
            data-testid="connection-fallback"
          />
        )}
        {!provider && <p className="small text-danger mt-3 mb-0">{t('paymentConnections.providerGone')}</p>}
        <Form noValidate onSubmit={save} className="mt-3" data-testid="connection-form">
          <CredentialFields
            fields={fields}
            idPrefix={`connection-${connection.id}`}
            inputProps={(name) => register(`credentials.${name}`)}
            stored={connection.credentials}
            replacing={replacing}
            onReplace={setReplace}
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
                {t('paymentConnections.delete')}
              </Button>
            )}
            {rights.edit && (
              <PendingButton
                variant="outline-primary"
                pending={busy === 'verify'}
                disabled={!provider}
                label={t('paymentConnections.verify')}
                pendingLabel={t('paymentConnections.verifying')}
                onClick={() => void verify()}
                testId="connection-verify"
              />
            )}
            {rights.edit && isEditing && (
              <PendingButton
                type="submit"
                pending={isSubmitting}
                label={t('paymentConnections.saveChanges')}
                pendingLabel={t('paymentConnections.saving')}
                testId="connection-save"
              />
            )}
          </div>
        </Form>
      </Card.Body>
    </Card>
  );
}
