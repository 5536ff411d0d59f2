import { HUB_STATUS, HUB_STATUS_LABEL, isHubActive, isMerchantRole } from '@kassa/contract/access';
import type { User } from '@kassa/contract/auth';
import { Link } from 'react-router';
import { PATHS } from '../../config/paths.ts';

/**
 * A merchant whose Payment Hub is not active yet sees why its payment pages are greyed out and
 * what happens next, on every page, instead of disabled links and no word.
 */
export function ActivationBanner({ user }: { user: User | null }) {
  const merchant = user?.merchant;
  if (!user || !merchant || !isMerchantRole(user.role) || isHubActive(merchant.payment_hub_status)) return null;
  const status = HUB_STATUS_LABEL[merchant.payment_hub_status] ?? 'Not active';
  const suspended = merchant.payment_hub_status === HUB_STATUS.SUSPENDED;
  return (
    <div className="alert alert-warning activation-banner" role="status" data-testid="activation-banner">
      <strong>{suspended ? 'Payments are suspended for this account.' : 'Your account is awaiting activation.'}</strong>{' '}
      {suspended
        ? 'The platform suspended the Payment Hub; contact the platform administrator to restore it.'
        : `The Payment Hub is ${status.toLowerCase()}: the platform reviews new merchants, and once it is active its pages open and you can sell and take payments. Meanwhile you can complete your business profile`}
      {!suspended && (user.role === 2 || user.role === 5) && (
        <>
          {' '}
          in <Link to={PATHS.setup}>Setup</Link>
        </>
      )}
      {!suspended && '.'}
    </div>
  );
}
