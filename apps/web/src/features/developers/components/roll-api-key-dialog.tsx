// Roll: a new secret now; the old one keeps working for the chosen overlap so the new one can be
// deployed first (at once, 1 hour, 24 hours or 7 days).
import { type ApiKey, ROLL_OVERLAP_HOURS } from '@kassa/contract/developers';
import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { rollApiKey } from '../api/api-keys-api.ts';
import { SecretDialog, useSecretRequest } from './secret-dialog.tsx';

export const OVERLAP_LABEL: Record<number, string> = {
  0: 'Now: the old secret stops at once',
  1: 'In 1 hour',
  24: 'In 24 hours',
  168: 'In 7 days',
};

export function RollApiKeyDialog({
  apiKey,
  onClose,
  onRolled,
}: {
  apiKey: ApiKey | null;
  onClose: () => void;
  onRolled: () => void;
}) {
  const [overlap, setOverlap] = useState<number>(24);
  const request = useSecretRequest('The key was not rolled.');

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
      title={`Roll ${apiKey?.name ?? ''}`}
      testId="roll-key-dialog"
      request={request}
      onClose={close}
      onSubmit={submit}
      submit={{ label: 'Roll key', pendingLabel: 'Rolling…', testId: 'roll-key-submit', errorTestId: 'roll-key-error' }}
    >
      <p className="small">
        A new secret replaces <code>{apiKey ? `${apiKey.prefix}…${apiKey.last4}` : ''}</code>. When should the old
        secret stop working?
      </p>
      {ROLL_OVERLAP_HOURS.map((hours) => (
        <Form.Check
          key={hours}
          type="radio"
          name="overlap"
          id={`overlap-${hours}`}
          label={OVERLAP_LABEL[hours]}
          checked={overlap === hours}
          onChange={() => setOverlap(hours)}
          data-testid={`overlap-${hours}`}
        />
      ))}
    </SecretDialog>
  );
}
