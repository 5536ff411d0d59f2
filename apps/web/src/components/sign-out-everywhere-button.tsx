// "Sign out everywhere" for another user: the platform admin on the admin users list (a merchant
// owner may do the same for its users through the API). Every session of that user ends at once.
import type { SignedOutCount } from '@kassa/contract/passkeys';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { apiPost, apiSuccessMessage } from '../lib/api-client.ts';
import { confirmDialog, showToast, toastApiError } from '../lib/toast.ts';
import { usePortalI18n } from '../lib/use-portal-i18n.ts';

export function SignOutEverywhereButton({ userId, name }: { userId: string; name: string }) {
  const { t } = usePortalI18n();
  const [pending, setPending] = useState(false);
  const signOut = async () => {
    const sure = await confirmDialog({
      title: t('components.signOutEverywhere.title', { name }),
      text: t('components.signOutEverywhere.text'),
      confirmButtonText: t('components.signOutEverywhere.confirm'),
      cancelButtonText: t('components.no'),
    });
    if (!sure) return;
    setPending(true);
    try {
      const response = await apiPost<SignedOutCount>(`/auth/sessions/users/${userId}/sign-out/`);
      showToast('success', apiSuccessMessage(response.message, t('components.signOutEverywhere.done')));
    } catch (e) {
      toastApiError(e, t('components.signOutEverywhere.failed'));
    } finally {
      setPending(false);
    }
  };
  return (
    <Button
      size="sm"
      variant="link"
      disabled={pending}
      onClick={() => void signOut()}
      data-testid="sign-out-everywhere"
    >
      {t('components.signOutEverywhere.button')}
    </Button>
  );
}
