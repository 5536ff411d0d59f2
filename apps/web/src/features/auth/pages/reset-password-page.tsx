import { resetPasswordForm } from '@kassa/contract/password-forms';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PATHS } from '../../../config/paths.ts';
import { apiSuccessMessage } from '../../../lib/api-client.ts';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { zodResolver } from '../../../lib/form-resolver.ts';
import { useSessionDispatch } from '../../../lib/session-hooks.ts';
import { showToast } from '../../../lib/toast.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { resetPassword } from '../api/auth-api.ts';
import { NewPasswordFields } from '../components/new-password-fields.tsx';
import { SubmitButton } from '../components/submit-button.tsx';
import { startSession } from '../start-session.ts';
import { useServerError } from '../use-server-error.ts';

/** The page behind the e-mailed link /reset-password?token=… (docs/ARCHITECTURE.md: single use, 1 h). */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const dispatch = useSessionDispatch();
  const { t } = usePortalI18n();
  const { serverError, attempt } = useServerError(t('auth.reset.failed'));
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(resetPasswordForm), defaultValues: { password: '', confirm_password: '' } });

  if (!token) {
    return (
      <>
        <h1 className="auth-title">{t('auth.reset.invalidTitle')}</h1>
        <p className="auth-subtitle">{t('auth.reset.invalidText')}</p>
        <Link to={PATHS.forgotPassword} className="btn btn-primary w-100">
          {t('auth.reset.requestNew')}
        </Link>
      </>
    );
  }

  const onSubmit = handleSubmit(({ password }) =>
    attempt(
      async () => {
        const response = await resetPassword(token, password);
        if (response.result) {
          // An invitation: the link proved the mailbox, so the new user goes straight in.
          dispatch(startSession(response.result));
          showToast('success', apiSuccessMessage(response.message, t('auth.reset.welcome')));
          navigate(PATHS.home, { replace: true });
          return;
        }
        showToast('success', t('auth.reset.changed'));
        navigate(PATHS.login, { replace: true });
      },
      (error) => applyFieldErrors(error, setError, ['password']),
    ),
  );

  return (
    <>
      <h1 className="auth-title">{t('auth.reset.title')}</h1>
      <p className="auth-subtitle">{t('auth.reset.subtitle')}</p>
      {serverError && (
        <Alert variant="danger" data-testid="reset-error">
          {serverError} <Link to={PATHS.forgotPassword}>{t('auth.reset.requestNew')}</Link>
        </Alert>
      )}
      <Form noValidate onSubmit={onSubmit} aria-label={t('auth.reset.title')}>
        <NewPasswordFields
          ids={['reset-password', 'reset-confirm-password']}
          testIds={['reset-password', 'reset-confirm-password']}
          registrations={[register('password'), register('confirm_password')]}
          errors={[errors.password?.message, errors.confirm_password?.message]}
        />
        <div className="mt-4">
          <SubmitButton
            pending={isSubmitting}
            label={t('auth.reset.submit')}
            pendingLabel={t('auth.reset.submitting')}
            testId="reset-submit"
          />
        </div>
      </Form>
      <div className="auth-links justify-content-center">
        <Link to={PATHS.login}>{t('auth.backToSignIn')}</Link>
      </div>
    </>
  );
}
