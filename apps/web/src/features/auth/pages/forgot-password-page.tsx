import { forgotPasswordBody } from '@kassa/contract/auth';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Icon } from '../../../components/icon.tsx';
import { PATHS } from '../../../config/paths.ts';
import { zodResolver } from '../../../lib/form-resolver.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { forgotPassword } from '../api/auth-api.ts';
import { EmailField } from '../components/email-field.tsx';
import { SubmitButton } from '../components/submit-button.tsx';
import { useServerError } from '../use-server-error.ts';

/** docs/ARCHITECTURE.md: the answer never tells whether the address has an account. */
export function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { t } = usePortalI18n();
  const { serverError, attempt } = useServerError(t('auth.forgot.failed'));
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(forgotPasswordBody), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(({ email }) =>
    attempt(async () => {
      await forgotPassword(email);
      setSentTo(email);
    }),
  );

  if (sentTo) {
    return (
      <div className="text-center" data-testid="forgot-password-sent">
        <span className="auth-icon">
          <Icon name="mail" size={28} />
        </span>
        <h1 className="auth-title">{t('auth.forgot.sentTitle')}</h1>
        <p className="auth-subtitle">
          {t('auth.forgot.sentBefore')} <strong>{sentTo}</strong>
          {t('auth.forgot.sentAfter')}
        </p>
        <Link to={PATHS.login} className="btn btn-outline-primary w-100">
          {t('auth.backToSignIn')}
        </Link>
      </div>
    );
  }

  return (
    <>
      <h1 className="auth-title">{t('auth.forgot.title')}</h1>
      <p className="auth-subtitle">{t('auth.forgot.subtitle')}</p>
      {serverError && <Alert variant="danger">{serverError}</Alert>}
      <Form noValidate onSubmit={onSubmit} aria-label={t('auth.forgot.form')}>
        <EmailField
          id="forgot-email"
          className="mb-4"
          autoComplete="email"
          registration={register('email')}
          error={errors.email?.message}
        />
        <SubmitButton
          pending={isSubmitting}
          label={t('auth.forgot.submit')}
          pendingLabel={t('auth.forgot.submitting')}
          testId="forgot-submit"
        />
      </Form>
      <div className="auth-links justify-content-center">
        <Link to={PATHS.login}>{t('auth.backToSignIn')}</Link>
      </div>
    </>
  );
}
