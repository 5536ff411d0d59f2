// Connect a provider of this kind: pick it, type its credentials, check them, save (enabled or not).
// Saving enabled makes the server verify first (it never enables credentials known to be wrong).

import { type ConnectionKind, createConnectionBody, type ProviderInfo } from '@kassa/contract/connections';
import { useState } from 'react';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { PendingButton } from '../../../components/pending-button.tsx';
import { apiSuccessMessage } from '../../../lib/api-client.ts';
import { zodResolver } from '../../../lib/form-resolver.ts';
import { showToast, toastApiError } from '../../../lib/toast.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { createConnection, verifyCredentials } from '../api/payment-connections-api.ts';
import { isNotAllowed } from '../not-allowed.ts';
import { CredentialFields } from './credential-fields.tsx';
import { ProviderPicker } from './provider-picker.tsx';
import { failedVerification, type Verification, VerificationOutcome } from './verification-outcome.tsx';

const formSchema = createConnectionBody.omit({ kind: true });
type FormValues = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

export function NewConnectionForm({
  kind,
  providers,
  onSaved,
  onNotAllowed,
}: {
  kind: ConnectionKind;
  /** Providers of this kind not connected yet, sandbox first. */
  providers: readonly ProviderInfo[];
  onSaved: () => Promise<unknown>;
  onNotAllowed: (message: string) => void;
}) {
  const { t } = usePortalI18n();
  const [outcome, setOutcome] = useState<Verification | null>(null);
  const [isVerifying, setVerifying] = useState(false);
  const {
    register,
    handleSubmit,
    watch,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: { provider: providers[0]?.id ?? '', credentials: {}, enabled: true },
    shouldUnregister: true,
  });
  const providerId = watch('provider');
  const provider = providers.find((p) => p.id === providerId) ?? providers[0];
  const credentialsOf = () =>
    Object.fromEntries(
      (provider?.credential_fields ?? []).map((f) => [f.name, (getValues('credentials')?.[f.name] ?? '').trim()]),
    );

  // docs/product-rules.md#api-calls: POST /connection/verify-connection-credentials/ before saving; status and message shown.
  const verify = async () => {
    if (!provider) return;
    setVerifying(true);
    try {
      const response = await verifyCredentials({ kind, provider: provider.id, credentials: credentialsOf() });
      setOutcome({
        status: response.result.status,
        message: apiSuccessMessage(response.message, t('paymentConnections.new.verified')),
      });
    } catch (error) {
      setOutcome(failedVerification(error, t));
    } finally {
      setVerifying(false);
    }
  };

  const submit = handleSubmit(async (values) => {
    try {
      const response = await createConnection({ ...values, kind, credentials: credentialsOf() });
      showToast('success', apiSuccessMessage(response.message, t('paymentConnections.new.saved')));
      await onSaved();
    } catch (error) {
      if (isNotAllowed(error)) onNotAllowed((error as { message: string }).message);
      else if (error && typeof error === 'object' && 'code' in error && error.code === 'business_rule') {
        setOutcome(failedVerification(error, t));
      }
      toastApiError(error, t('paymentConnections.new.saveFailed'));
    }
  });

  if (!provider) return null;
  return (
    <Card className="connection-card" data-testid="new-connection">
      <Card.Body>
        <h2 className="h6 mb-3">{t('paymentConnections.new.title')}</h2>
        <Form noValidate onSubmit={submit} data-testid="new-connection-form">
          <ProviderPicker
            controlId={`${kind}-provider`}
            providers={providers}
            provider={provider}
            error={errors.provider?.message}
            selectProps={register('provider', { onChange: () => setOutcome(null) })}
          />
          <CredentialFields
            key={provider.id}
            fields={provider.credential_fields}
            idPrefix={`${kind}-new`}
            inputProps={(name) => register(`credentials.${name}`, { onChange: () => setOutcome(null) })}
          />
          {kind === 'payment_service' && (
            <Form.Check
              type="switch"
              id={`${kind}-new-fallback`}
              label={t('paymentConnections.fallbackOnly')}
              className="mb-2"
              data-testid="new-connection-fallback"
              {...register('fallback')}
            />
          )}
          <Form.Check
            type="switch"
            id={`${kind}-new-enabled`}
            label={t('paymentConnections.new.enable')}
            className="mb-3"
            data-testid="new-connection-enabled"
            {...register('enabled')}
          />
          {outcome && (
            <div className="mb-3">
              <VerificationOutcome outcome={outcome} />
            </div>
          )}
          <div className="d-flex flex-wrap gap-2 justify-content-end">
            <PendingButton
              variant="outline-primary"
              pending={isVerifying}
              label={t('paymentConnections.verify')}
              pendingLabel={t('paymentConnections.verifying')}
              onClick={() => void verify()}
              testId="verify-new"
            />
            <PendingButton
              type="submit"
              pending={isSubmitting}
              label={t('paymentConnections.new.save')}
              pendingLabel={t('paymentConnections.saving')}
              testId="save-connection"
            />
          </div>
        </Form>
      </Card.Body>
    </Card>
  );
}
