// Roll: a new secret now; the old one keeps working for the chosen overlap so the new one can be
// deployed first (at once, 1 hour, 24 hours or 7 days).
import { type ApiKey, ROLL_OVERLAP_HOURS } from '@kassa/contract/developers';
import type { Translate } from '@kassa/contract/i18n/translate';
import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { rollApiKey } from '../api/api-keys-api.ts';
import { CodeInText } from './code-in-text.tsx';
import { SecretDialog, useSecretRequest } from './secret-dialog.tsx';

/** The overlap's label in the reader's language. */
export function overlapLabel(t: Translate, hours: number): string {
  switch (hours) {
    case 0:
      return t('developers.roll.now');
    case 1:
      return t('developers.roll.hour');
    case 24:
      return t('developers.roll.day');
    default:
      return t('developers.roll.week');
  }
}

export function RollApiKeyDialog({
  apiKey,
  onClose,
  onRolled,
}: {
  apiKey: ApiKey | null;
  onClose: () => void;
  onRolled: () => void;
}) {
  const { t } = usePortalI18n();
  const [overlap, setOverlap] = useState<number>(24);
  const request = useSecretRequest(t('developers.roll.failed'));

  const close = () => {
    setOverlap(24);
    request.reset();
    onClose();
  };

  const submit = () => {
    if (apiKey) void request.run(() => rollApiKey(apiKey.id, overlap), onRolled);
  };

  return (
    <SecretDialog
      show={apiKey !== null}
      title={t('developers.roll.title', { name: apiKey?.name ?? '' })}
      testId="roll-key-dialog"
      request={request}
      onClose={close}
      onSubmit={submit}
      submit={{
        label: t('developers.roll.submit'),
        pendingLabel: t('developers.roll.pending'),
        testId: 'roll-key-submit',
        errorTestId: 'roll-key-error',
      }}
    >
      <p className="small">
        <CodeInText
          render={(key) => t('developers.roll.replaces', { key })}
          code={apiKey ? `${apiKey.prefix}…${apiKey.last4}` : ''}
        />
      </p>
      {ROLL_OVERLAP_HOURS.map((hours) => (
        <Form.Check
          key={hours}
          type="radio"
          name="overlap"
          id={`overlap-${hours}`}
          label={overlapLabel(t, hours)}
          checked={overlap === hours}
          onChange={() => setOverlap(hours)}
          data-testid={`overlap-${hours}`}
        />
      ))}
    </SecretDialog>
  );
}
