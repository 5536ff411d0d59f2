import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { PATHS } from '../../config/paths.ts';
import { getRefreshToken } from '../../lib/auth-cookies.ts';
import { clearBrowserSession } from '../../lib/browser-session.ts';
import { useSessionDispatch } from '../../lib/session-hooks.ts';
import { logout } from './api/auth-api.ts';
import { sessionCleared } from './auth-slice.ts';

/**
 * docs/product-rules.md#states-and-transitions "Logout": the refresh token goes to the server; cookies, local storage, admin permission and
 * user are cleared and the user goes to login. A failed logout call is only logged: the session ends
 * on this device either way.
 */
export function useSignOut() {
  const dispatch = useSessionDispatch();
  const navigate = useNavigate();
  const [isSigningOut, setSigningOut] = useState(false);

  const signOut = useCallback(async () => {
    setSigningOut(true);
    try {
      await logout(getRefreshToken());
    } catch (error) {
      console.error('Sign-out request failed', error);
    }
    clearBrowserSession();
    dispatch(sessionCleared());
    setSigningOut(false);
    navigate(PATHS.login, { replace: true });
  }, [dispatch, navigate]);

  return { signOut, isSigningOut };
}
