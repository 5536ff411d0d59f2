import Form from 'react-bootstrap/Form';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';

/** The e-mail address a sign-in or reset request starts from. */
export function EmailField({
  id,
  className,
  autoComplete,
  registration,
  error,
}: {
  /** Also the input's test id. */
  id: string;
  className: string;
  autoComplete: 'username' | 'email';
  registration: UseFormRegisterReturn;
  error?: string;
}) {
  const { t } = usePortalI18n();
  return (
    <Form.Group className={className} controlId={id}>
      <Form.Label>{t('auth.email.label')}</Form.Label>
      <Form.Control
        type="email"
        autoComplete={autoComplete}
        inputMode="email"
        placeholder={t('auth.email.placeholder')}
        isInvalid={Boolean(error)}
        data-testid={id}
        {...registration}
      />
      <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
    </Form.Group>
  );
}
