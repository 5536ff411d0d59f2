import { HUB_STATUS, isHubActive, isMerchantRole } from '@kassa/contract/access';
import type { User } from '@kassa/contract/auth';
import { Link } from 'react-router';
import { PATHS } from '../../config/paths.ts';
import { usePortalI18n } from '../../lib/use-portal-i18n.ts';

/** The status words the sentence uses, inflected with it in each language. */
const STATUS_WORD: Record<number, string> = { [HUB_STATUS.PENDING]: 'pending', [HUB_STATUS.IN_REVIEW]: 'review' };

/**
 * A merchant whose Payment Hub is not active yet sees why its payment pages are greyed out and
 * what happens next, on every page, instead of disabled links and no word.
 */
export function ActivationBanner({ user }: { user: User | null }) {
  const { t } = usePortalI18n();
  const merchant = user?.merchant;
  if (!user || !merchant || !isMerchantRole(user.role) || isHubActive(merchant.payment_hub_status)) return null;
  const status = STATUS_WORD[merchant.payment_hub_status] ?? 'other';
  const suspended = merchant.payment_hub_status === HUB_STATUS.SUSPENDED;
  return (
    <div className="alert alert-warning activation-banner" role="status" data-testid="activation-banner">
      <strong>{suspended ? t('app.banner.suspendedTitle') : t('app.banner.awaitingTitle')}</strong>{' '}
      {suspended ? t('app.banner.suspendedText') : t('app.banner.awaitingText', { status })}
      {!suspended && (user.role === 2 || user.role === 5) && (
        <>
          {t('app.banner.inSetupBefore')}
          <Link to={PATHS.setup}>{t('nav.item.setup')}</Link>
        </>
      )}
      {!suspended && t('app.banner.end')}
    </div>
  );
}
