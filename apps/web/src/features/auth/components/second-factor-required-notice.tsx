// Shown on the account page when the app was sent here because the organisation requires a second
// factor (layouts/home-layout.tsx): what to do, and once an app or a passkey is set up, the way on.
import { SECOND_FACTOR_REQUIRED_MESSAGE } from '@kassa/contract/second-factor-rules';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useLocation, useNavigate } from 'react-router';
import { PATHS } from '../../../config/paths.ts';
import { usePasskeys } from '../api/passkeys-api.ts';
import { useTotpStatus } from '../api/totp-api.ts';

export function SecondFactorRequiredNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const sent = Boolean((location.state as { secondFactorRequired?: boolean } | null)?.secondFactorRequired);
  const totp = useTotpStatus();
  const passkeys = usePasskeys();
  if (!sent) return null;
  const enrolled = Boolean(totp.data?.enabled) || (passkeys.data?.passkeys.length ?? 0) > 0;

  return enrolled ? (
    <Alert variant="success" className="d-flex align-items-center gap-3" data-testid="second-factor-done">
      <span className="flex-grow-1">Your second factor is set up. You can now use Kassa.</span>
      <Button onClick={() => navigate(PATHS.home, { replace: true })} data-testid="second-factor-continue">
        Continue
      </Button>
    </Alert>
  ) : (
    <Alert variant="warning" data-testid="second-factor-required">
      {SECOND_FACTOR_REQUIRED_MESSAGE}
    </Alert>
  );
}
