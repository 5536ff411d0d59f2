import { isMerchantRole, ROLE } from '@kassa/contract/access';
import type { NavContext } from '../../features/navigation/nav-rules.ts';
import { useSessionSelector } from '../../lib/session-hooks.ts';

/**
 * The session as the navigation rules need it, and whether everything they depend on has arrived:
 * the profile, a staff admin's permission set, a merchant user's access list.
 */
export function useNavContext(): { ctx: NavContext | null; isReady: boolean } {
  const user = useSessionSelector((s) => s.auth.user);
  const adminPermission = useSessionSelector((s) => s.auth.adminPermission);
  const access = useSessionSelector((s) => s.userAccess);
  const allowedTabs = useSessionSelector((s) => s.embedSession.allowedTabs);
  if (!user) return { ctx: null, isReady: false };
  const ctx: NavContext = {
    role: user.role,
    adminPermission,
    access: access.list,
    merchant: user.merchant,
    allowedTabs,
  };
  const isReady =
    (user.role !== ROLE.STAFF_ADMIN || adminPermission !== null) && (!isMerchantRole(user.role) || access.loaded);
  return { ctx, isReady };
}
