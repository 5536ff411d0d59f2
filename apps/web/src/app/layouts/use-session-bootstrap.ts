import { isMerchantRole, ROLE } from '@kassa/contract/access';
import { useEffect } from 'react';
import { fetchAdminPermission, fetchProfile } from '../../features/auth/auth-slice.ts';
import type { useSignOut } from '../../features/auth/use-sign-out.ts';
import { fetchUserAccess } from '../../features/auth/user-access-slice.ts';
import { hasNoAdminPermission } from '../../features/navigation/nav-rules.ts';
import { useSessionDispatch, useSessionSelector } from '../../lib/session-hooks.ts';
import { showToast } from '../../lib/toast.ts';

export const NO_PERMISSION_MESSAGE = "You don't have any permissions to access this page.";

/**
 * Loads what the shell needs once a session exists: the profile, then a staff admin's permission set
 * or a merchant user's app access. A staff admin without any view permission is signed out with the
 * docs/product-rules.md#roles-and-permissions toast.
 */
export function useSessionBootstrap(signOut: ReturnType<typeof useSignOut>['signOut']) {
  const dispatch = useSessionDispatch();
  const user = useSessionSelector((s) => s.auth.user);
  const adminPermission = useSessionSelector((s) => s.auth.adminPermission);
  const access = useSessionSelector((s) => s.userAccess);
  const userId = user?.id;
  const role = user?.role;

  useEffect(() => {
    dispatch(fetchProfile());
  }, [dispatch]);

  useEffect(() => {
    if (role === ROLE.STAFF_ADMIN && adminPermission === null) dispatch(fetchAdminPermission());
  }, [dispatch, role, adminPermission]);

  useEffect(() => {
    if (userId && role !== undefined && isMerchantRole(role) && !access.loaded && !access.loading) {
      dispatch(fetchUserAccess(userId));
    }
  }, [dispatch, userId, role, access.loaded, access.loading]);

  useEffect(() => {
    if (role === ROLE.STAFF_ADMIN && adminPermission && hasNoAdminPermission(adminPermission)) {
      showToast('error', NO_PERMISSION_MESSAGE);
      signOut();
    }
  }, [role, adminPermission, signOut]);
}
