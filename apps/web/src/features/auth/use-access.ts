// The signed-in user's rights from the session, for pages that hide what the server would refuse
// (lib/app-access.ts holds the rules' glue; the rules are the contract's).
import type { AccessSubject, AppKey } from '@kassa/contract/access';
import { type AppRights, accessSubject, appRights } from '../../lib/app-access.ts';
import { useSessionSelector } from './session-hooks.ts';

export function useAccessSubject(): AccessSubject {
  const user = useSessionSelector((s) => s.auth.user);
  const access = useSessionSelector((s) => s.userAccess.list);
  const allowedTabs = useSessionSelector((s) => s.embedSession.allowedTabs);
  return accessSubject(user, access, allowedTabs);
}

export const useAppRights = (app: AppKey): AppRights => appRights(useAccessSubject(), app);
