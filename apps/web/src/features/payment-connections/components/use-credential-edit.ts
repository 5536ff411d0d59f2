// Editing a saved connection's credentials. Non-secret fields start from their stored values;
// secret ones come back masked, so a secret is only sent when the user chose "Replace" and typed a
// new one. Only what changed goes out: fields left out keep their stored value on the server.
import type { ConnectionView } from '@kassa/contract/connections';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { apiSuccessMessage } from '../../../lib/api-client.ts';
import { showToast } from '../../../lib/toast.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { updateConnection } from '../api/payment-connections-api.ts';
import { isNotAllowed } from '../not-allowed.ts';
import type { CredentialField } from './credential-fields.tsx';
import { failedVerification, type Verification } from './verification-outcome.tsx';

interface EditValues {
  credentials: Record<string, string>;
}

export function useCredentialEdit({
  connection,
  fields,
  onChanged,
  setOutcome,
  failed,
}: {
  connection: ConnectionView;
  fields: readonly CredentialField[];
  onChanged: () => Promise<unknown>;
  setOutcome: (outcome: Verification | null) => void;
  /** Toasts the failure (and reports a refusal for lack of access). */
  failed: (error: unknown, fallback: string) => void;
}) {
  const { t } = usePortalI18n();
  const [replacing, setReplacing] = useState<Record<string, boolean>>({});
  const nonSecretValues = () =>
    Object.fromEntries(fields.filter((f) => !f.secret).map((f) => [f.name, connection.credentials[f.name] ?? '']));
  const {
    register,
    handleSubmit,
    reset,
    formState: { isSubmitting, isDirty },
  } = useForm<EditValues>({ defaultValues: { credentials: nonSecretValues() }, shouldUnregister: true });

  const save = handleSubmit(async (values) => {
    const current = nonSecretValues();
    const changed = Object.fromEntries(
      Object.entries(values.credentials ?? {})
        .map(([name, value]) => [name, value.trim()] as const)
        .filter(([name, value]) => (replacing[name] ? value !== '' : value !== current[name])),
    );
    if (Object.keys(changed).length === 0) {
      showToast('info', t('paymentConnections.nothingChanged'));
      return;
    }
    try {
      const response = await updateConnection(connection.id, { credentials: changed });
      showToast('success', apiSuccessMessage(response.message, t('paymentConnections.new.saved')));
      setReplacing({});
      setOutcome(null);
      await onChanged();
      reset({ credentials: nonSecretValues() });
    } catch (error) {
      if (!isNotAllowed(error)) setOutcome(failedVerification(error, t));
      failed(error, t('paymentConnections.new.saveFailed'));
    }
  });

  return {
    register,
    save,
    isSubmitting,
    replacing,
    setReplace: (name: string, on: boolean) => setReplacing((state) => ({ ...state, [name]: on })),
    /** Something typed or a secret opened for replacing: the save button shows. */
    isEditing: isDirty || Object.values(replacing).some(Boolean),
  };
}
