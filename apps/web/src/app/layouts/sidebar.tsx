import { Link, useLocation } from 'react-router';
import kassaLogoLight from '../../assets/kassa-logo-light.svg';
import kassaMark from '../../assets/kassa-mark.svg';
import { Icon } from '../../components/icon.tsx';
import { ShimmerImage } from '../../components/shimmer-image.tsx';
import { isNavItemActive, type NavGroup } from '../../features/navigation/nav-rules.ts';
import { usePortalI18n } from '../../lib/use-portal-i18n.ts';
import { navGroupStatus, navGroupTitle, navItemLabel } from './nav-labels.ts';

/** The side navigation (docs/product-rules.md#side-navigation) rendered from the pure rules; `collapsed` shows icons only. */
export function Sidebar({
  groups,
  isLoading,
  collapsed,
  onNavigate,
}: {
  groups: NavGroup[];
  /** The session data the menu depends on is still loading: show placeholder rows. */
  isLoading: boolean;
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  const { t } = usePortalI18n();
  const { pathname } = useLocation();
  return (
    <div className={`sidebar ${collapsed ? 'is-collapsed' : ''}`}>
      <div className="sidebar-brand">
        <ShimmerImage src={collapsed ? kassaMark : kassaLogoLight} alt="Kassa" className="sidebar-logo" />
        {/* docs/product-rules.md#what-kassa-is-for: a beta marker under the logo. */}
        <span className="beta-badge" data-testid="beta-badge">
          {t('app.sidebar.beta')}
        </span>
      </div>
      <nav aria-label={t('app.sidebar.navigation')} className="sidebar-nav" aria-busy={isLoading || undefined}>
        {isLoading &&
          ['w-75', 'w-50', 'w-75', 'w-50'].map((width, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholder rows
            <span key={index} className={`skeleton-line ${width}`} aria-hidden="true" />
          ))}
        {groups.map((group) => (
          <div
            key={group.key}
            className={`nav-group ${group.disabled ? 'is-disabled' : ''}`}
            data-testid={`nav-group-${group.key}`}
            aria-disabled={group.disabled || undefined}
          >
            {group.title && (
              <div className="nav-group-title">
                <span>{navGroupTitle(t, group)}</span>
                {group.statusLabel && <span className="hub-status">{navGroupStatus(t, group)}</span>}
              </div>
            )}
            <ul className="list-unstyled mb-0">
              {group.items.map((item) => {
                const active = isNavItemActive(item, pathname);
                const label = navItemLabel(t, item);
                const content = (
                  <>
                    <Icon name={item.icon} />
                    <span className="nav-label">{label}</span>
                  </>
                );
                return (
                  <li key={item.key}>
                    {item.disabled ? (
                      <span
                        className="nav-entry is-disabled"
                        aria-disabled="true"
                        title={t('app.sidebar.availableOnceActive', { label })}
                        data-testid={`nav-${item.key}`}
                      >
                        {content}
                      </span>
                    ) : (
                      <Link
                        to={item.path}
                        className={`nav-entry ${active ? 'active' : ''}`}
                        aria-current={active ? 'page' : undefined}
                        title={collapsed ? label : undefined}
                        onClick={onNavigate}
                        data-testid={`nav-${item.key}`}
                      >
                        {content}
                      </Link>
                    )}
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </nav>
    </div>
  );
}
