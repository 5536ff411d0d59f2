// The current user's rights on one app, read from the access list the shell loads (docs/product-rules.md#entities, docs/product-rules.md#roles-and-permissions;
// docs/ARCHITECTURE.md: 1 view, 2 create, 3 edit, 4 delete). Pages hide the controls a user may not use;
// the server refuses them anyway.
import { ACCESS_BY_NEED, type AccessNeed, type AppKey } from '@kassa/contract/access';
import type { AppAccessEntry } from '@kassa/contract/auth';

export type AppRights = Record<AccessNeed, boolean>;

export function appRights(list: readonly AppAccessEntry[], app: AppKey): AppRights {
  const codes = list.find((entry) => entry.app_key === app)?.access ?? [];
  const has = (need: AccessNeed) => codes.includes(ACCESS_BY_NEED[need]);
  return { view: has('view'), create: has('create'), edit: has('edit'), delete: has('delete') };
}
