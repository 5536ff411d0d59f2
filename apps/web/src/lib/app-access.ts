// The current user's rights, by the permission rules the API enforces (packages/contract/src/access.ts;
// docs/ARCHITECTURE.md: 1 view, 2 create, 3 edit, 4 delete). Pages hide the controls the server would
// refuse; the server refuses them anyway.
import {
  type AccessNeed,
  type AccessSubject,
  type AppKey,
  appAccessRefusal,
  transactionAccessRefusal,
} from '@kassa/contract/access';
import type { AppAccessEntry, User } from '@kassa/contract/auth';

export type AppRights = Record<AccessNeed, boolean>;

/** The session as the contract's rules read it: the API builds the same from its actor. */
export function accessSubject(
  user: Pick<User, 'role' | 'merchant'> | null,
  access: readonly AppAccessEntry[],
  allowedTabs: readonly string[] | null,
): AccessSubject {
  return {
    role: user?.role ?? 0,
    appAccess: new Map(access.map((entry) => [entry.app_key, entry.access])),
    segments: allowedTabs,
    paymentHubStatus: user?.merchant?.payment_hub_status ?? null,
    financeHubStatus: user?.merchant?.finance_hub_status ?? null,
  };
}

export function appRights(subject: AccessSubject, app: AppKey): AppRights {
  const may = (need: AccessNeed) => appAccessRefusal(subject, app, need) === null;
  return { view: may('view'), create: may('create'), edit: may('edit'), delete: may('delete') };
}

/** A list row's edit and delete actions, each offered only to a user with that right on the app. */
export const permittedRowActions = <E, D>(rights: AppRights, actions: { onEdit: E; onDelete: D }) => ({
  onEdit: rights.edit ? actions.onEdit : undefined,
  onDelete: rights.delete ? actions.onDelete : undefined,
});

/** Refund, capture and void share the server's one rule (POST /transaction/{id}/refund|capture|void/). */
export const mayRefund = (subject: AccessSubject) => transactionAccessRefusal(subject, 'refund') === null;
