import { OTP_LENGTH, OTP_RESEND_INTERVAL_S, verifyOtpBody } from '@kassa/contract/auth';
import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import { PATHS } from '../../../config/paths.ts';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { zodResolver } from '../../../lib/form-resolver.ts';
import { useSessionDispatch } from '../../../lib/session-hooks.ts';
import { resendOtp, verifyOtp } from '../api/auth-api.ts';
import { SubmitButton } from '../components/submit-button.tsx';
import { clearOtpChallenge, type OtpChallenge, readOtpChallenge, saveOtpChallenge } from '../otp-challenge.ts';
import { startSession } from '../start-session.ts';

const codeForm = verifyOtpBody.pick({ code: true });

export function OtpPage() {
  const [challenge, setChallenge] = useState<OtpChallenge | null>(() => readOtpChallenge());
  if (!challenge) return <Navigate to={PATHS.login} replace />;
  return <OtpForm challenge={challenge} onChallengeChange={setChallenge} />;
}

function OtpForm({
  challenge,
  onChallengeChange,
}: {
  challenge: OtpChallenge;
  onChallengeChange: (c: OtpChallenge) => void;
}) {
  const navigate = useNavigate();
  const dispatch = useSessionDispatch();
  const [serverError, setServerError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [cooldown, setCooldown] = useState(OTP_RESEND_INTERVAL_S);
  const [resending, setResending] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(codeForm), defaultValues: { code: '' } });

  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = window.setTimeout(() => setCooldown((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [cooldown]);

  const onSubmit = handleSubmit(async ({ code }) => {
    setServerError(null);
    setNotice(null);
    try {
      const result = await verifyOtp({ otp_token: challenge.otp_token, code });
      clearOtpChallenge();
      dispatch(startSession(result));
      navigate(PATHS.home, { replace: true });
    } catch (error) {
      setServerError(apiErrorMessage(error, 'That code did not work. Please try again.'));
    }
  });

  const onResend = async () => {
    setServerError(null);
    setNotice(null);
    setResending(true);
    try {
      const response = await resendOtp(challenge.otp_token);
      const next = { otp_token: challenge.otp_token, email_hint: response.result.email_hint };
      saveOtpChallenge(next);
      onChallengeChange(next);
      setNotice(response.message ?? 'A new code is on its way.');
      setCooldown(response.result.resend_in);
    } catch (error) {
      setServerError(apiErrorMessage(error, 'Could not send a new code. Please try again.'));
    } finally {
      setResending(false);
    }
  };

  const codeField = register('code');
  return (
    <>
      <h1 className="auth-title">Check your e-mail</h1>
      <p className="auth-subtitle">
        We sent a {OTP_LENGTH}-digit code to{' '}
        <strong data-testid="otp-email-hint">{challenge.email_hint || 'your e-mail address'}</strong>. It expires in 10
        minutes.
      </p>
      {serverError && (
        <Alert variant="danger" data-testid="otp-error">
          {serverError}
        </Alert>
      )}
      {notice && (
        <Alert variant="success" data-testid="otp-notice">
          {notice}
        </Alert>
      )}
      <Form noValidate onSubmit={onSubmit} aria-label="Verify one-time code">
        <Form.Group className="mb-4" controlId="otp-code">
          <Form.Label>One-time code</Form.Label>
          <Form.Control
            className="otp-input"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={OTP_LENGTH}
            placeholder="••••••"
            autoFocus
            isInvalid={Boolean(errors.code)}
            data-testid="otp-code"
            {...codeField}
            onChange={(event) => {
              event.target.value = event.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH);
              return codeField.onChange(event);
            }}
          />
          <Form.Control.Feedback type="invalid">{errors.code?.message}</Form.Control.Feedback>
        </Form.Group>
        <SubmitButton pending={isSubmitting} label="Verify and sign in" pendingLabel="Verifying…" testId="otp-submit" />
      </Form>
      <div className="auth-links">
        <Button
          variant="link"
          className="p-0"
          onClick={onResend}
          disabled={cooldown > 0 || resending}
          data-testid="otp-resend"
        >
          {cooldown > 0 ? `Resend code in ${cooldown}s` : resending ? 'Sending…' : 'Resend code'}
        </Button>
        <Link to={PATHS.login} onClick={clearOtpChallenge}>
          Use another account
        </Link>
      </div>
    </>
  );
}
