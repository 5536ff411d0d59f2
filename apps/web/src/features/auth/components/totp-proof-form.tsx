// Asks for a current code from the app or the password before the app is removed or new recovery
// codes are made: the API refuses both without it, so a stolen session cannot do them silently.
import type { TotpProofBody } from '@kassa/contract/auth';
import { type FormEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { PendingButton } from '../../../components/pending-button.tsx';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';

/** Passwords are at least 8 characters, so six digits can only be a code from the app. */
export const proofOf = (typed: string): TotpProofBody =>
  /^\d{6}$/.test(typed.trim()) ? { code: typed.trim() } : { password: typed };

export function TotpProofForm({
  label,
  pendingLabel,
  variant = 'primary',
  testId,
  onSubmit,
  onCancel,
}: {
  label: string;
  pendingLabel: string;
  variant?: 'primary' | 'danger';
  testId: string;
  /** Resolves when done; an error message to show, or null. */
  onSubmit: (proof: TotpProofBody) => Promise<string | null>;
  onCancel: () => void;
}) {
  const { t } = usePortalI18n();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!value) {
      setError(t('auth.proof.missing'));
      return;
    }
    setPending(true);
    setError(await onSubmit(proofOf(value)));
    setPending(false);
  };

  return (
    <Form noValidate onSubmit={submit} aria-label={label} data-testid={`${testId}-form`}>
      <Form.Group className="mb-3" controlId={`${testId}-proof`}>
        <Form.Label>{t('auth.proof.label')}</Form.Label>
        <Form.Control
          type="password"
          autoComplete="current-password"
          value={value}
          isInvalid={Boolean(error)}
          onChange={(e) => setValue(e.target.value)}
          data-testid={`${testId}-proof`}
        />
        <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
      </Form.Group>
      <div className="d-flex gap-2">
        <PendingButton
          type="submit"
          variant={variant}
          pending={pending}
          label={label}
          pendingLabel={pendingLabel}
          testId={`${testId}-submit`}
        />
        <Button variant="outline-secondary" onClick={onCancel}>
          {t('auth.cancel')}
        </Button>
      </div>
    </Form>
  );
}
