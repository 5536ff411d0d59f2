import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Icon } from '../../../components/icon.tsx';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';

/** A password input with a show/hide button and its validation message. */
export function PasswordField({
  id,
  label,
  registration,
  error,
  autoComplete,
  testId,
}: {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  autoComplete: 'current-password' | 'new-password';
  testId?: string;
}) {
  const { t } = usePortalI18n();
  const [visible, setVisible] = useState(false);
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <InputGroup hasValidation>
        <Form.Control
          type={visible ? 'text' : 'password'}
          autoComplete={autoComplete}
          isInvalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
          data-testid={testId}
          {...registration}
        />
        <button
          type="button"
          className="btn btn-outline-secondary password-toggle"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? t('auth.password.hide') : t('auth.password.show')}
          aria-pressed={visible}
        >
          <Icon name={visible ? 'eye-off' : 'eye'} size={18} />
        </button>
        <Form.Control.Feedback type="invalid" id={`${id}-error`}>
          {error}
        </Form.Control.Feedback>
      </InputGroup>
    </Form.Group>
  );
}
