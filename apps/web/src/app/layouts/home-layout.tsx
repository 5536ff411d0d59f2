import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import Offcanvas from 'react-bootstrap/Offcanvas';
import { Navigate, Outlet, useNavigate } from 'react-router';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { PATHS } from '../../config/paths.ts';
import { useSignOut } from '../../features/auth/use-sign-out.ts';
import { buildNavigation, isSidebarHidden } from '../../features/navigation/nav-rules.ts';
import { onSecondFactorRequired } from '../../lib/api-client.ts';
import { hasStoredToken } from '../../lib/auth-cookies.ts';
import { useSessionSelector } from '../../lib/session-hooks.ts';
import { watchTableCellLabels } from '../../lib/table-cell-labels.ts';
import { MOBILE_QUERY, useMediaQuery } from '../../lib/use-media-query.ts';
import { usePortalI18n } from '../../lib/use-portal-i18n.ts';
import { RequireRouteAccess } from '../routes/route-guards.tsx';
import { ActivationBanner } from './activation-banner.tsx';
import { Header } from './header.tsx';
import { Sidebar } from './sidebar.tsx';
import { useNavContext } from './use-nav-context.ts';
import { useSessionBootstrap } from './use-session-bootstrap.ts';

const COLLAPSED_KEY = 'kassa.sidebarCollapsed';

/** docs/product-rules.md#route-access: every private page sits under this layout, which sends a visitor without a token to login. */
export default function HomeLayout() {
  const isAuth = useSessionSelector((s) => s.auth.isAuth);
  if (!isAuth || !hasStoredToken()) return <Navigate to={PATHS.login} replace />;
  return <Shell />;
}

/**
 * Under an organisation's second-factor rule without one, the API answers only the set-up routes:
 * the first refusal brings the user to the page where they add an app or a passkey.
 */
function useEnrolmentRedirect() {
  const navigate = useNavigate();
  useEffect(
    () =>
      onSecondFactorRequired(() => {
        navigate(PATHS.changePassword, { replace: true, state: { secondFactorRequired: true } });
      }),
    [navigate],
  );
}

function Shell() {
  const { t } = usePortalI18n();
  const user = useSessionSelector((s) => s.auth.user);
  const profileLoading = useSessionSelector((s) => s.auth.loading);
  const allowedTabs = useSessionSelector((s) => s.embedSession.allowedTabs);
  const { signOut, isSigningOut } = useSignOut();
  useSessionBootstrap(signOut);
  useEnrolmentRedirect();
  const { ctx, isReady } = useNavContext();
  const groups = useMemo(() => (ctx ? buildNavigation(ctx) : []), [ctx]);
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const [collapsed, setCollapsed] = useState(() => window.localStorage.getItem(COLLAPSED_KEY) === '1');
  const [mobileOpen, setMobileOpen] = useState(false);
  const sidebarHidden = isSidebarHidden(allowedTabs);
  const contentRef = useRef<HTMLElement>(null);
  // Tables read as cards on a phone, each cell named after its column (styles/app.css).
  useEffect(() => (contentRef.current ? watchTableCellLabels(contentRef.current) : undefined), []);

  const toggleSidebar = () => {
    if (isMobile) return setMobileOpen((open) => !open);
    setCollapsed((value) => {
      window.localStorage.setItem(COLLAPSED_KEY, value ? '0' : '1');
      return !value;
    });
  };

  return (
    <div
      className={`app-shell ${sidebarHidden ? 'no-sidebar' : ''} ${collapsed && !isMobile ? 'sidebar-collapsed' : ''}`}
    >
      {!sidebarHidden && !isMobile && (
        <aside className="app-sidebar" data-testid="sidebar">
          <Sidebar groups={groups} isLoading={!isReady} collapsed={collapsed} />
        </aside>
      )}
      {!sidebarHidden && isMobile && (
        <Offcanvas
          show={mobileOpen}
          onHide={() => setMobileOpen(false)}
          className="app-offcanvas"
          aria-label={t('app.layout.navigation')}
        >
          <Offcanvas.Body className="p-0" data-testid="sidebar">
            <Sidebar groups={groups} isLoading={!isReady} collapsed={false} onNavigate={() => setMobileOpen(false)} />
          </Offcanvas.Body>
        </Offcanvas>
      )}
      <div className="app-main">
        <Header
          user={user}
          isLoading={!user && profileLoading}
          showMenuButton={!sidebarHidden}
          onMenuClick={toggleSidebar}
          menuLabel={
            isMobile
              ? t('app.layout.openNavigation')
              : collapsed
                ? t('app.layout.expandSidebar')
                : t('app.layout.collapseSidebar')
          }
          signOut={signOut}
          isSigningOut={isSigningOut}
        />
        <main className="app-content" id="main" ref={contentRef}>
          <ActivationBanner user={user} />
          <Suspense fallback={<PageSpinner />}>
            <RequireRouteAccess>
              <Outlet />
            </RequireRouteAccess>
          </Suspense>
        </main>
      </div>
    </div>
  );
}
