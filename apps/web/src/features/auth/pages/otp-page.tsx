import { OTP_LENGTH, OTP_RESEND_INTERVAL_S, otpCode, recoveryCodeInput, type SignInMethod } from '@kassa/contract/auth';
import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import { z } from 'zod';
import { PATHS } from '../../../config/paths.ts';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { zodResolver } from '../../../lib/form-resolver.ts';
import { useSessionDispatch } from '../../../lib/session-hooks.ts';
import { resendOtp, verifyOtp } from '../api/auth-api.ts';
import { CodeInput } from '../components/code-input.tsx';
import { PasskeySignIn } from '../components/passkey-sign-in.tsx';
import { SubmitButton } from '../components/submit-button.tsx';
import { clearOtpChallenge, type OtpChallenge, readOtpChallenge, saveOtpChallenge } from '../otp-challenge.ts';
import { startSession } from '../start-session.ts';

const digitsForm = z.object({ code: otpCode });
const recoveryForm = z.object({ code: recoveryCodeInput });

/** The link that switches to a method, as the account's methods allow. */
const SWITCH_LABEL: Record<SignInMethod, string> = {
  totp: 'Use your authenticator app',
  passkey: 'Use a passkey',
  recovery_code: 'Use a recovery code',
  email: 'Send a code by e-mail',
};

export function OtpPage() {
  const [challenge, setChallenge] = useState<OtpChallenge | null>(() => readOtpChallenge());
  const [method, setMethod] = useState<SignInMethod>(() => challenge?.methods[0] ?? 'email');
  if (!challenge) return <Navigate to={PATHS.login} replace />;
  return (
    <>
      {method === 'passkey' ? (
        <>
          <h1 className="auth-title">Use your passkey</h1>
          <p className="auth-subtitle">Your password was right. Confirm with a passkey of this account to finish.</p>
          <PasskeySignIn otpToken={challenge.otp_token} variant="primary" />
        </>
      ) : (
        // Keyed by method: each has its own field rules, and a switch starts from an empty field.
        <OtpForm key={method} challenge={challenge} method={method} onChallengeChange={setChallenge} />
      )}
      {challenge.methods.length > 1 && (
        <div className="auth-links mt-2" data-testid="otp-methods">
          {challenge.methods
            .filter((m) => m !== method)
            .map((m) => (
              <Button
                key={m}
                variant="link"
                className="p-0"
                onClick={() => setMethod(m)}
                data-testid={`otp-method-${m}`}
              >
                {SWITCH_LABEL[m]}
              </Button>
            ))}
        </div>
      )}
    </>
  );
}

function OtpHeading({ challenge, method }: { challenge: OtpChallenge; method: SignInMethod }) {
  if (method === 'totp')
    return (
      <>
        <h1 className="auth-title">Enter the code from your app</h1>
        <p className="auth-subtitle">
          Open your authenticator app and type the {OTP_LENGTH}-digit code shown for Kassa.
        </p>
      </>
    );
  if (method === 'recovery_code')
    return (
      <>
        <h1 className="auth-title">Use a recovery code</h1>
        <p className="auth-subtitle">
          Type one of the recovery codes you saved when you set up your authenticator app. Each code works once.
        </p>
      </>
    );
  return (
    <>
      <h1 className="auth-title">Check your e-mail</h1>
      <p className="auth-subtitle">
        We sent a {OTP_LENGTH}-digit code to{' '}
        <strong data-testid="otp-email-hint">{challenge.email_hint || 'your e-mail address'}</strong>. It expires in 10
        minutes.
      </p>
    </>
  );
}

function OtpForm({
  challenge,
  method,
  onChallengeChange,
}: {
  challenge: OtpChallenge;
  method: SignInMethod;
  onChallengeChange: (c: OtpChallenge) => void;
}) {
  const navigate = useNavigate();
  const dispatch = useSessionDispatch();
  const [serverError, setServerError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [cooldown, setCooldown] = useState(OTP_RESEND_INTERVAL_S);
  const [resending, setResending] = useState(false);
  const isRecovery = method === 'recovery_code';
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(isRecovery ? recoveryForm : digitsForm), defaultValues: { code: '' } });

  useEffect(() => {
    if (method !== 'email' || cooldown <= 0) return;
    const timer = window.setTimeout(() => setCooldown((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [cooldown, method]);

  const onSubmit = handleSubmit(async ({ code }) => {
    setServerError(null);
    setNotice(null);
    try {
      // The mailed code is the API's default method: that request stays as it always was.
      const result = await verifyOtp({
        otp_token: challenge.otp_token,
        code,
        ...(method === 'email' ? {} : { method }),
      });
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
      const next = { ...challenge, email_hint: response.result.email_hint };
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
      <OtpHeading challenge={challenge} method={method} />
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
          <Form.Label>{isRecovery ? 'Recovery code' : 'One-time code'}</Form.Label>
          {isRecovery ? (
            <Form.Control
              type="text"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={40}
              placeholder="xxxx-xxxx-xxxx"
              autoFocus
              isInvalid={Boolean(errors.code)}
              data-testid="otp-code"
              {...codeField}
            />
          ) : (
            <CodeInput autoFocus isInvalid={Boolean(errors.code)} data-testid="otp-code" {...codeField} />
          )}
          <Form.Control.Feedback type="invalid">{errors.code?.message}</Form.Control.Feedback>
        </Form.Group>
        <SubmitButton pending={isSubmitting} label="Verify and sign in" pendingLabel="Verifying…" testId="otp-submit" />
      </Form>
      <div className="auth-links">
        {method === 'email' && (
          <Button
            variant="link"
            className="p-0"
            onClick={onResend}
            disabled={cooldown > 0 || resending}
            data-testid="otp-resend"
          >
            {cooldown > 0 ? `Resend code in ${cooldown}s` : resending ? 'Sending…' : 'Resend code'}
          </Button>
        )}
        <Link to={PATHS.login} onClick={clearOtpChallenge}>
          Use another account
        </Link>
      </div>
    </>
  );
}
