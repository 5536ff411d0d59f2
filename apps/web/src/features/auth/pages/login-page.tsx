import { loginBody } from '@kassa/contract/auth';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { PATHS } from '../../../config/paths.ts';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { zodResolver } from '../../../lib/form-resolver.ts';
import { useSessionDispatch } from '../../../lib/session-hooks.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { login } from '../api/auth-api.ts';
import { EmailField } from '../components/email-field.tsx';
import { PasskeySignIn } from '../components/passkey-sign-in.tsx';
import { PasswordField } from '../components/password-field.tsx';
import { SubmitButton } from '../components/submit-button.tsx';
import { saveOtpChallenge } from '../otp-challenge.ts';
import { startSession } from '../start-session.ts';
import { useServerError } from '../use-server-error.ts';

export function LoginPage() {
  const navigate = useNavigate();
  const dispatch = useSessionDispatch();
  const { t } = usePortalI18n();
  const { serverError, attempt } = useServerError(t('auth.login.failed'));
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(loginBody), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit((values) =>
    attempt(
      async () => {
        const result = await login(values);
        if (result.otp_required) {
          saveOtpChallenge({ otp_token: result.otp_token, email_hint: result.email_hint, methods: result.methods });
          navigate(PATHS.otp);
        } else {
          dispatch(startSession(result));
          navigate(PATHS.home, { replace: true });
        }
      },
      (error) => applyFieldErrors(error, setError, ['email', 'password']),
    ),
  );

  return (
    <>
      <h1 className="auth-title">{t('auth.login.title')}</h1>
      <p className="auth-subtitle">{t('auth.login.subtitle')}</p>
      {serverError && (
        <Alert variant="danger" data-testid="login-error">
          {serverError}
        </Alert>
      )}
      <Form noValidate onSubmit={onSubmit} aria-label={t('auth.login.form')}>
        <EmailField
          id="login-email"
          className="mb-3"
          autoComplete="username"
          registration={register('email')}
          error={errors.email?.message}
        />
        <PasswordField
          id="login-password"
          label={t('auth.login.password')}
          autoComplete="current-password"
          registration={register('password')}
          error={errors.password?.message}
          testId="login-password"
        />
        <div className="d-flex justify-content-end mb-4">
          <Link to={PATHS.forgotPassword} className="small fw-medium">
            {t('auth.login.forgot')}
          </Link>
        </div>
        <SubmitButton
          pending={isSubmitting}
          label={t('auth.login.submit')}
          pendingLabel={t('auth.login.submitting')}
          testId="login-submit"
        />
      </Form>
      <div className="text-center text-muted small my-3">{t('auth.login.or')}</div>
      <PasskeySignIn />
    </>
  );
}
