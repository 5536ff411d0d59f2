// "Sign out everywhere" for another user: the platform admin on the admin users list (a merchant
// owner may do the same for its users through the API). Every session of that user ends at once.
import type { SignedOutCount } from '@kassa/contract/passkeys';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { apiPost } from '../lib/api-client.ts';
import { confirmDialog, showToast, toastApiError } from '../lib/toast.ts';

export function SignOutEverywhereButton({ userId, name }: { userId: string; name: string }) {
  const [pending, setPending] = useState(false);
  const signOut = async () => {
    const sure = await confirmDialog({
      title: `Sign ${name} out everywhere?`,
      text: 'Every device they are signed in on has to sign in again. Their account stays active.',
      confirmButtonText: 'Yes, sign out',
      cancelButtonText: 'No',
    });
    if (!sure) return;
    setPending(true);
    try {
      const response = await apiPost<SignedOutCount>(`/auth/sessions/users/${userId}/sign-out/`);
      showToast('success', response.message ?? 'The user was signed out on every device.');
    } catch (e) {
      toastApiError(e, 'Could not sign the user out. Please try again.');
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
      Sign out everywhere
    </Button>
  );
}
