// The signed-in user's rights from the session, for pages that hide what the server would refuse
// (lib/app-access.ts holds the rules' glue; the rules are the contract's).
import { type AccessSubject, type AdminPermissionFlag, type AppKey, hasAdminFlag } from '@kassa/contract/access';
import { type AppRights, accessSubject, appRights } from './app-access.ts';
import { useSessionSelector } from './session-hooks.ts';

export function useAccessSubject(): AccessSubject {
  const user = useSessionSelector((s) => s.auth.user);
  const access = useSessionSelector((s) => s.userAccess.list);
  const allowedTabs = useSessionSelector((s) => s.embedSession.allowedTabs);
  return accessSubject(user, access, allowedTabs);
}

export const useAppRights = (app: AppKey): AppRights => appRights(useAccessSubject(), app);

/** Whether an admin holds a view flag (the platform admin holds them all): the rule of requireAdmin. */
export function useAdminFlag(flag: AdminPermissionFlag): boolean {
  const role = useSessionSelector((s) => s.auth.user?.role ?? 0);
  const adminPermissions = useSessionSelector((s) => s.auth.adminPermission);
  return hasAdminFlag({ role, adminPermissions }, flag);
}
