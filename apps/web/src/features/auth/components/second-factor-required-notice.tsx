// Shown on the account page when the app was sent here because the organisation requires a second
// factor (layouts/home-layout.tsx): what to do, and once an app or a passkey is set up, the way on.
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useLocation, useNavigate } from 'react-router';
import { PATHS } from '../../../config/paths.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { usePasskeys } from '../api/passkeys-api.ts';
import { useTotpStatus } from '../api/totp-api.ts';

export function SecondFactorRequiredNotice() {
  const { t } = usePortalI18n();
  const location = useLocation();
  const navigate = useNavigate();
  const sent = Boolean((location.state as { secondFactorRequired?: boolean } | null)?.secondFactorRequired);
  const totp = useTotpStatus();
  const passkeys = usePasskeys();
  if (!sent) return null;
  const enrolled = Boolean(totp.data?.enabled) || (passkeys.data?.passkeys.length ?? 0) > 0;

  return enrolled ? (
    <Alert variant="success" className="d-flex align-items-center gap-3" data-testid="second-factor-done">
      <span className="flex-grow-1">{t('auth.secondFactor.done')}</span>
      <Button onClick={() => navigate(PATHS.home, { replace: true })} data-testid="second-factor-continue">
        {t('auth.secondFactor.continue')}
      </Button>
    </Alert>
  ) : (
    <Alert variant="warning" data-testid="second-factor-required">
      {t('auth.secondFactor.required')}
    </Alert>
  );
}
