// The partner's single sign-on settings: where Kassa posts the signed sign-in request, and the
// write-only shared secret that signs it (on edit only its masked form is shown).
import type { FinancialConnectionView } from '@kassa/contract/financing';
import Form from 'react-bootstrap/Form';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import type { FinancialConnectionFormValues } from './financial-connection-form.ts';

export function FinancialConnectionSsoFields({
  editing,
  register,
  errors,
}: {
  editing: FinancialConnectionView | null;
  register: UseFormRegister<FinancialConnectionFormValues>;
  errors: FieldErrors<FinancialConnectionFormValues>;
}) {
  const { t } = usePortalI18n();
  return (
    <>
      <Form.Group className="col-md-6" controlId="fc-sso-url">
        <Form.Label>{t('financialConnections.form.ssoUrl')}</Form.Label>
        <Form.Control
          type="url"
          placeholder={t('financialConnections.form.ssoUrlPlaceholder')}
          isInvalid={Boolean(errors.sso_url)}
          data-testid="fc-sso-url"
          {...register('sso_url')}
        />
        <Form.Control.Feedback type="invalid">{errors.sso_url?.message}</Form.Control.Feedback>
        <Form.Text className="text-body-secondary">{t('financialConnections.form.ssoUrlHelp')}</Form.Text>
      </Form.Group>
      <Form.Group className="col-md-6" controlId="fc-secret">
        <Form.Label>{t('financialConnections.form.secret')}</Form.Label>
        <Form.Control
          type="password"
          autoComplete="new-password"
          placeholder={
            editing
              ? t('financialConnections.form.secretKeep', { masked: editing.shared_secret_masked })
              : t('financialConnections.form.secretNew')
          }
          isInvalid={Boolean(errors.shared_secret)}
          data-testid="fc-secret"
          {...register('shared_secret')}
        />
        <Form.Control.Feedback type="invalid">{errors.shared_secret?.message}</Form.Control.Feedback>
        {editing && (
          <Form.Text className="text-body-secondary" data-testid="fc-secret-masked">
            {t('financialConnections.form.secretStored')}{' '}
            <span className="font-monospace">{editing.shared_secret_masked}</span>
          </Form.Text>
        )}
      </Form.Group>
    </>
  );
}
