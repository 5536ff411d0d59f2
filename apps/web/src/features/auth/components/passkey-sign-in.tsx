// "Sign in with a passkey": on the sign-in page alone (the passkey names the account), and after the
// password when the account has one (bound to that sign-in's otp_token).

import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { useNavigate } from 'react-router';
import { PendingButton } from '../../../components/pending-button.tsx';
import { PATHS } from '../../../config/paths.ts';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { useSessionDispatch } from '../../../lib/session-hooks.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { isPromptCancelled, signInWithPasskey } from '../api/passkeys-api.ts';
import { startSession } from '../start-session.ts';

export function PasskeySignIn({ otpToken, variant = 'outline-primary' }: { otpToken?: string; variant?: string }) {
  const navigate = useNavigate();
  const dispatch = useSessionDispatch();
  const { t } = usePortalI18n();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const go = async () => {
    setPending(true);
    setError(null);
    try {
      dispatch(startSession(await signInWithPasskey(otpToken)));
      navigate(PATHS.home, { replace: true });
    } catch (e) {
      setError(
        isPromptCancelled(e) ? t('auth.passkeySignIn.cancelled') : apiErrorMessage(e, t('auth.passkeySignIn.failed')),
      );
      setPending(false);
    }
  };

  return (
    <div className="d-grid gap-2">
      {error && (
        <Alert variant="danger" className="mb-0" data-testid="passkey-error">
          {error}
        </Alert>
      )}
      <PendingButton
        variant={variant}
        pending={pending}
        label={t('auth.passkeySignIn.button')}
        pendingLabel={t('auth.passkeySignIn.waiting')}
        testId="passkey-sign-in"
        onClick={() => void go()}
      />
    </div>
  );
}
