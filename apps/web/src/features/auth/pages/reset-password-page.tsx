import { resetPasswordForm } from '@kassa/contract/password-forms';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PATHS } from '../../../config/paths.ts';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { zodResolver } from '../../../lib/form-resolver.ts';
import { useSessionDispatch } from '../../../lib/session-hooks.ts';
import { showToast } from '../../../lib/toast.ts';
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
  const { serverError, attempt } = useServerError('Could not reset the password. The link may have expired.');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(resetPasswordForm), defaultValues: { password: '', confirm_password: '' } });

  if (!token) {
    return (
      <>
        <h1 className="auth-title">This link is not valid</h1>
        <p className="auth-subtitle">
          The reset link is incomplete. Request a new one and use the link in the newest e-mail.
        </p>
        <Link to={PATHS.forgotPassword} className="btn btn-primary w-100">
          Request a new link
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
          showToast('success', response.message ?? 'Your password is set. Welcome to Kassa.');
          navigate(PATHS.home, { replace: true });
          return;
        }
        showToast('success', 'Your password has been changed. Sign in with the new one.');
        navigate(PATHS.login, { replace: true });
      },
      (error) => applyFieldErrors(error, setError, ['password']),
    ),
  );

  return (
    <>
      <h1 className="auth-title">Choose a new password</h1>
      <p className="auth-subtitle">Use 8 to 128 characters. Avoid a password you use elsewhere.</p>
      {serverError && (
        <Alert variant="danger" data-testid="reset-error">
          {serverError} <Link to={PATHS.forgotPassword}>Request a new link</Link>
        </Alert>
      )}
      <Form noValidate onSubmit={onSubmit} aria-label="Choose a new password">
        <NewPasswordFields
          ids={['reset-password', 'reset-confirm-password']}
          testIds={['reset-password', 'reset-confirm-password']}
          registrations={[register('password'), register('confirm_password')]}
          errors={[errors.password?.message, errors.confirm_password?.message]}
        />
        <div className="mt-4">
          <SubmitButton pending={isSubmitting} label="Set new password" pendingLabel="Saving…" testId="reset-submit" />
        </div>
      </Form>
      <div className="auth-links justify-content-center">
        <Link to={PATHS.login}>Back to sign in</Link>
      </div>
    </>
  );
}
