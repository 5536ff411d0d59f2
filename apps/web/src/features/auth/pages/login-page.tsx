import { loginBody } from '@kassa/contract/auth';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { PATHS } from '../../../config/paths.ts';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { zodResolver } from '../../../lib/form-resolver.ts';
import { useSessionDispatch } from '../../../lib/session-hooks.ts';
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
  const { serverError, attempt } = useServerError('Sign-in failed. Please try again.');
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
      <h1 className="auth-title">Sign in to Kassa</h1>
      <p className="auth-subtitle">Welcome back. Enter your e-mail and password to continue.</p>
      {serverError && (
        <Alert variant="danger" data-testid="login-error">
          {serverError}
        </Alert>
      )}
      <Form noValidate onSubmit={onSubmit} aria-label="Sign in">
        <EmailField
          id="login-email"
          className="mb-3"
          autoComplete="username"
          registration={register('email')}
          error={errors.email?.message}
        />
        <PasswordField
          id="login-password"
          label="Password"
          autoComplete="current-password"
          registration={register('password')}
          error={errors.password?.message}
          testId="login-password"
        />
        <div className="d-flex justify-content-end mb-4">
          <Link to={PATHS.forgotPassword} className="small fw-medium">
            Forgot password?
          </Link>
        </div>
        <SubmitButton pending={isSubmitting} label="Sign in" pendingLabel="Signing in…" testId="login-submit" />
      </Form>
      <div className="text-center text-muted small my-3">or</div>
      <PasskeySignIn />
    </>
  );
}
