import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { PATHS } from '../../config/paths.ts';
import { buildNavigation, canOpenPath, isNavItemActive } from '../../features/navigation/nav-rules.ts';
import { useSessionSelector } from '../../lib/session-hooks.ts';
import { usePortalI18n } from '../../lib/use-portal-i18n.ts';
import { hubStatusWord, navGroupTitle } from '../layouts/nav-labels.ts';
import { useNavContext } from '../layouts/use-nav-context.ts';
import { AccessDenied } from './access-denied.tsx';

/** docs/product-rules.md#route-access: the public routes are for logged-out users; a signed-in user is sent home. */
export function PublicOnly() {
  const isAuth = useSessionSelector((s) => s.auth.isAuth);
  return isAuth ? <Navigate to={PATHS.home} replace /> : <Outlet />;
}

/**
 * Every private page opens only when the menu would offer it (canOpenPath): an address typed by
 * hand shows Unauthorized instead of a page whose every request the server refuses.
 */
export function RequireRouteAccess({ children }: { children: ReactNode }) {
  const { t } = usePortalI18n();
  const { pathname, search } = useLocation();
  const { ctx, isReady } = useNavContext();
  if (!ctx || !isReady) return <PageSpinner />;
  if (canOpenPath(ctx, pathname, search)) return children;
  const greyedOut = buildNavigation(ctx).find(
    (group) => group.disabled && group.items.some((entry) => isNavItemActive(entry, pathname)),
  );
  const reason = greyedOut
    ? t('app.denied.hubInactive', { hub: navGroupTitle(t, greyedOut) ?? '', status: hubStatusWord(greyedOut) })
    : undefined;
  return <AccessDenied reason={reason} />;
}
