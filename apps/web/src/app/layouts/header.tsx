import { isMerchantRole } from '@kassa/contract/access';
import type { User } from '@kassa/contract/auth';
import { Icon } from '../../components/icon.tsx';
import { TestModeSwitch } from '../../components/test-mode-switch.tsx';
import { isOutsideReferrer } from '../../lib/referrer.ts';
import { usePortalI18n } from '../../lib/use-portal-i18n.ts';
import { ColorModeSwitch } from './color-mode-switch.tsx';
import { displayName, fullName, headerLogo } from './header-identity.ts';
import { HeaderIdentityBadge } from './header-identity-badge.tsx';
import { UserMenu } from './user-menu.tsx';

export function Header({
  user,
  isLoading,
  showMenuButton,
  onMenuClick,
  menuLabel,
  signOut,
  isSigningOut,
}: {
  user: User | null;
  /** The profile is on its way: show a placeholder rather than "Guest". */
  isLoading: boolean;
  showMenuButton: boolean;
  onMenuClick: () => void;
  menuLabel: string;
  signOut: () => void;
  isSigningOut: boolean;
}) {
  const { t } = usePortalI18n();
  const name = displayName(user, t('app.header.guest'));
  const logo = headerLogo(user, t('app.header.merchantLogo'));
  const hideMenu = isOutsideReferrer();
  const identity = <HeaderIdentityBadge user={user} name={name} isGuest={!fullName(user)} isLoading={isLoading} />;

  return (
    <header className="app-header">
      {showMenuButton && (
        <button
          type="button"
          className="icon-button"
          onClick={onMenuClick}
          aria-label={menuLabel}
          data-testid="sidebar-toggle"
        >
          <Icon name="menu" />
        </button>
      )}
      <img className="header-logo" src={logo.src} alt={logo.alt} data-testid="header-logo" />
      {isMerchantRole(user?.role ?? 0) && user?.merchant && (
        <span className="header-merchant d-none d-lg-inline">{user.merchant.name}</span>
      )}
      {isMerchantRole(user?.role ?? 0) && (
        <div className="ms-auto">
          <TestModeSwitch />
        </div>
      )}
      {/* Inside an outside page the parent's look rules, as it does the account menu. */}
      <div className={isMerchantRole(user?.role ?? 0) ? '' : 'ms-auto'}>{!hideMenu && <ColorModeSwitch />}</div>
      <div>
        {hideMenu ? (
          <div className="user-menu-static">{identity}</div>
        ) : (
          <UserMenu user={user} name={name} identity={identity} signOut={signOut} isSigningOut={isSigningOut} />
        )}
      </div>
    </header>
  );
}
