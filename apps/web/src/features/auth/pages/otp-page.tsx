import { OTP_LENGTH, OTP_RESEND_INTERVAL_S, otpCode, recoveryCodeInput, type SignInMethod } from '@kassa/contract/auth';
import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import { z } from 'zod';
import { PATHS } from '../../../config/paths.ts';
import { apiErrorMessage, apiSuccessMessage } from '../../../lib/api-client.ts';
import { zodResolver } from '../../../lib/form-resolver.ts';
import { useSessionDispatch } from '../../../lib/session-hooks.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { resendOtp, verifyOtp } from '../api/auth-api.ts';
import { CodeInput } from '../components/code-input.tsx';
import { PasskeySignIn } from '../components/passkey-sign-in.tsx';
import { SubmitButton } from '../components/submit-button.tsx';
import { clearOtpChallenge, type OtpChallenge, readOtpChallenge, saveOtpChallenge } from '../otp-challenge.ts';
import { startSession } from '../start-session.ts';

const digitsForm = z.object({ code: otpCode });
const recoveryForm = z.object({ code: recoveryCodeInput });

/** The link that switches to a method, as the account's methods allow. */
const SWITCH_LABEL = {
  totp: 'auth.otp.switch.totp',
  passkey: 'auth.otp.switch.passkey',
  recovery_code: 'auth.otp.switch.recovery_code',
  email: 'auth.otp.switch.email',
} as const satisfies Record<SignInMethod, string>;

export function OtpPage() {
  const { t } = usePortalI18n();
  const [challenge, setChallenge] = useState<OtpChallenge | null>(() => readOtpChallenge());
  const [method, setMethod] = useState<SignInMethod>(() => challenge?.methods[0] ?? 'email');
  if (!challenge) return <Navigate to={PATHS.login} replace />;
  return (
    <>
      {method === 'passkey' ? (
        <>
          <h1 className="auth-title">{t('auth.otp.passkeyTitle')}</h1>
          <p className="auth-subtitle">{t('auth.otp.passkeySubtitle')}</p>
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
                {t(SWITCH_LABEL[m])}
              </Button>
            ))}
        </div>
      )}
    </>
  );
}

function OtpHeading({ challenge, method }: { challenge: OtpChallenge; method: SignInMethod }) {
  const { t } = usePortalI18n();
  if (method === 'totp')
    return (
      <>
        <h1 className="auth-title">{t('auth.otp.totpTitle')}</h1>
        <p className="auth-subtitle">{t('auth.otp.totpSubtitle', { length: OTP_LENGTH })}</p>
      </>
    );
  if (method === 'recovery_code')
    return (
      <>
        <h1 className="auth-title">{t('auth.otp.recoveryTitle')}</h1>
        <p className="auth-subtitle">{t('auth.otp.recoverySubtitle')}</p>
      </>
    );
  return (
    <>
      <h1 className="auth-title">{t('auth.otp.emailTitle')}</h1>
      <p className="auth-subtitle">
        {t('auth.otp.emailSentBefore', { length: OTP_LENGTH })}{' '}
        <strong data-testid="otp-email-hint">{challenge.email_hint || t('auth.otp.yourEmail')}</strong>
        {t('auth.otp.emailSentAfter')}
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
  const { t } = usePortalI18n();
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
      setServerError(apiErrorMessage(error, t('auth.otp.failed')));
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
      setNotice(apiSuccessMessage(response.message, t('auth.otp.resent')));
      setCooldown(response.result.resend_in);
    } catch (error) {
      setServerError(apiErrorMessage(error, t('auth.otp.resendFailed')));
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
      <Form noValidate onSubmit={onSubmit} aria-label={t('auth.otp.form')}>
        <Form.Group className="mb-4" controlId="otp-code">
          <Form.Label>{isRecovery ? t('auth.otp.recoveryCode') : t('auth.otp.oneTimeCode')}</Form.Label>
          {isRecovery ? (
            <Form.Control
              type="text"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={40}
              placeholder={t('auth.otp.recoveryPlaceholder')}
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
        <SubmitButton
          pending={isSubmitting}
          label={t('auth.otp.submit')}
          pendingLabel={t('auth.otp.submitting')}
          testId="otp-submit"
        />
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
            {cooldown > 0
              ? t('auth.otp.resendIn', { seconds: cooldown })
              : resending
                ? t('auth.otp.sending')
                : t('auth.otp.resend')}
          </Button>
        )}
        <Link to={PATHS.login} onClick={clearOtpChallenge}>
          {t('auth.otp.otherAccount')}
        </Link>
      </div>
    </>
  );
}
