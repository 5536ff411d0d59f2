// What the admin users list does to one staff admin in place: switch a view flag, or disable and
// enable the account after a confirm. `busy` names the admin being saved, whose controls wait.
import type { AdminPermissionFlag } from '@kassa/contract/access';
import type { AdminPermissionSet } from '@kassa/contract/auth';
import { useState } from 'react';
import { confirmDialog, showToast, toastApiError } from '../../../lib/toast.ts';
import { patchAdminUser } from '../api/admin-users-api.ts';

export function useAdminUserActions(mutate: () => Promise<unknown>) {
  const [busy, setBusy] = useState<string | null>(null);

  const save = async (admin: AdminPermissionSet, body: Parameters<typeof patchAdminUser>[1], fallback: string) => {
    setBusy(admin.user_id);
    try {
      const response = await patchAdminUser(admin.user_id, body);
      showToast('success', response.message ?? 'Staff admin saved.');
      await mutate();
    } catch (err) {
      toastApiError(err, fallback);
    } finally {
      setBusy(null);
    }
  };

  const toggleFlag = (admin: AdminPermissionSet, flag: AdminPermissionFlag) =>
    save(admin, { [flag]: admin[flag] === 1 ? 0 : 1 }, 'The permission was not changed.');

  const toggleActive = async (admin: AdminPermissionSet) => {
    const name = `${admin.first_name} ${admin.last_name}`;
    const confirmed = await confirmDialog(
      admin.is_active
        ? {
            title: `Disable ${name}?`,
            text: 'Their sessions end at once and they can no longer sign in.',
            confirmButtonText: 'Yes, disable',
            cancelButtonText: 'No, keep active',
          }
        : {
            title: `Enable ${name}?`,
            text: 'They can sign in again with their password.',
            icon: 'question',
            confirmButtonText: 'Yes, enable',
            cancelButtonText: 'No, keep disabled',
          },
    );
    if (confirmed) await save(admin, { is_active: !admin.is_active }, 'The staff admin was not changed.');
  };

  return { busy, toggleFlag, toggleActive };
}
