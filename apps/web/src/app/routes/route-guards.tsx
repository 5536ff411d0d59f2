import { Navigate, Outlet } from 'react-router';
import { PATHS } from '../../config/paths.ts';
import { useSessionSelector } from '../../features/auth/session-hooks.ts';

/** spec 2.2: the public routes are for logged-out users; a signed-in user is sent home. */
export function PublicOnly() {
  const isAuth = useSessionSelector((s) => s.auth.isAuth);
  return isAuth ? <Navigate to={PATHS.home} replace /> : <Outlet />;
}
