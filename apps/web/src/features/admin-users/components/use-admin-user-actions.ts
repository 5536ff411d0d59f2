// What the admin users list does to one staff admin in place: switch a view flag, or disable and
// enable the account after a confirm. `busy` names the admin being saved, whose controls wait.
import type { AdminPermissionFlag } from '@kassa/contract/access';
import type { AdminPermissionSet } from '@kassa/contract/auth';
import { useState } from 'react';
import { apiSuccessMessage } from '../../../lib/api-client.ts';
import { confirmDialog, showToast, toastApiError } from '../../../lib/toast.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { patchAdminUser } from '../api/admin-users-api.ts';

export function useAdminUserActions(mutate: () => Promise<unknown>) {
  const { t } = usePortalI18n();
  const [busy, setBusy] = useState<string | null>(null);

  const save = async (admin: AdminPermissionSet, body: Parameters<typeof patchAdminUser>[1], fallback: string) => {
    setBusy(admin.user_id);
    try {
      const response = await patchAdminUser(admin.user_id, body);
      showToast('success', apiSuccessMessage(response.message, t('adminUsers.saved')));
      await mutate();
    } catch (err) {
      toastApiError(err, fallback);
    } finally {
      setBusy(null);
    }
  };

  const toggleFlag = (admin: AdminPermissionSet, flag: AdminPermissionFlag) =>
    save(admin, { [flag]: admin[flag] === 1 ? 0 : 1 }, t('adminUsers.flag.failed'));

  const toggleActive = async (admin: AdminPermissionSet) => {
    const name = `${admin.first_name} ${admin.last_name}`;
    const confirmed = await confirmDialog(
      admin.is_active
        ? {
            title: t('adminUsers.disable.title', { name }),
            text: t('adminUsers.disable.text'),
            confirmButtonText: t('adminUsers.disable.confirm'),
            cancelButtonText: t('adminUsers.disable.cancel'),
          }
        : {
            title: t('adminUsers.enable.title', { name }),
            text: t('adminUsers.enable.text'),
            icon: 'question',
            confirmButtonText: t('adminUsers.enable.confirm'),
            cancelButtonText: t('adminUsers.enable.cancel'),
          },
    );
    if (confirmed) await save(admin, { is_active: !admin.is_active }, t('adminUsers.toggleFailed'));
  };

  return { busy, toggleFlag, toggleActive };
}
