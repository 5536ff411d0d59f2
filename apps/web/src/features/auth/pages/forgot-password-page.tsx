import { forgotPasswordBody } from '@kassa/contract/auth';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Icon } from '../../../components/icon.tsx';
import { PATHS } from '../../../config/paths.ts';
import { zodResolver } from '../../../lib/form-resolver.ts';
import { forgotPassword } from '../api/auth-api.ts';
import { EmailField } from '../components/email-field.tsx';
import { SubmitButton } from '../components/submit-button.tsx';
import { useServerError } from '../use-server-error.ts';

/** docs/ARCHITECTURE.md: the answer never tells whether the address has an account. */
export function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { serverError, attempt } = useServerError('Could not send the link. Please try again.');
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
        <h1 className="auth-title">Check your inbox</h1>
        <p className="auth-subtitle">
          If an account exists for <strong>{sentTo}</strong>, we have sent it a link to choose a new password. The link
          works once and expires in one hour.
        </p>
        <Link to={PATHS.login} className="btn btn-outline-primary w-100">
          Back to sign in
        </Link>
      </div>
    );
  }

  return (
    <>
      <h1 className="auth-title">Forgot your password?</h1>
      <p className="auth-subtitle">Enter the e-mail address you sign in with and we will send you a reset link.</p>
      {serverError && <Alert variant="danger">{serverError}</Alert>}
      <Form noValidate onSubmit={onSubmit} aria-label="Request a password reset link">
        <EmailField
          id="forgot-email"
          className="mb-4"
          autoComplete="email"
          registration={register('email')}
          error={errors.email?.message}
        />
        <SubmitButton pending={isSubmitting} label="Send reset link" pendingLabel="Sending…" testId="forgot-submit" />
      </Form>
      <div className="auth-links justify-content-center">
        <Link to={PATHS.login}>Back to sign in</Link>
      </div>
    </>
  );
}
