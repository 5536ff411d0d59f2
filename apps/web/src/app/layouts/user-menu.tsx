// The header's account menu: the user's identity (phones show it here), the notification setting
// and the password change for a full session, and sign-out.
import { isFullSession } from '@kassa/contract/access';
import type { User } from '@kassa/contract/auth';
import { type ReactNode, useState } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { Icon } from '../../components/icon.tsx';
import { PATHS } from '../../config/paths.ts';
import { updateProfile } from '../../features/auth/api/auth-api.ts';
import { fetchProfile, notificationToggled } from '../../features/auth/auth-slice.ts';
import { useSessionDispatch, useSessionSelector } from '../../lib/session-hooks.ts';
import { toastApiError } from '../../lib/toast.ts';

export function UserMenu({
  user,
  name,
  identity,
  signOut,
  isSigningOut,
}: {
  user: User | null;
  name: string;
  /** What the toggle shows: the header's identity badge. */
  identity: ReactNode;
  signOut: () => void;
  isSigningOut: boolean;
}) {
  const dispatch = useSessionDispatch();
  const [open, setOpen] = useState(false);
  // The notification setting and the password are account changes, which the server refuses to an
  // embedded session (requireFullSession): a parent site may send no referrer, so the menu can show.
  const mayChangeAccount = isFullSession({ segments: useSessionSelector((s) => s.embedSession.allowedTabs) });

  // docs/product-rules.md#layout: flip locally, send the update, then refresh the profile (which also undoes a failed flip).
  const toggleNotifications = async () => {
    if (!user) return;
    const next = !user.send_notification;
    dispatch(notificationToggled(next));
    try {
      await updateProfile({ send_notification: next });
    } catch (error) {
      toastApiError(error, 'Could not update the notification setting.');
    }
    dispatch(fetchProfile());
  };

  return (
    <Dropdown align="end" show={open} onToggle={(next) => setOpen(next)} autoClose="outside">
      <Dropdown.Toggle variant="link" className="user-menu-toggle" data-testid="user-menu-toggle">
        {/* The name read out starts with what the button shows (its visible text), then says what it opens. */}
        {identity}
        <span className="visually-hidden"> — account menu</span>
      </Dropdown.Toggle>
      <Dropdown.Menu className="user-menu" data-testid="user-menu">
        {/* Phones hide the name beside the avatar; the menu shows it instead. */}
        <div className="user-menu-identity d-md-none">
          <div className="fw-semibold">{name}</div>
          <div className="small text-body-secondary">{user?.email ?? ''}</div>
        </div>
        {mayChangeAccount && (
          <>
            <div className="px-3 py-2">
              <Form.Check
                type="switch"
                id="notifications-toggle"
                label="Notifications"
                checked={Boolean(user?.send_notification)}
                onChange={toggleNotifications}
                disabled={!user}
                data-testid="notifications-toggle"
              />
            </div>
            <Dropdown.Divider />
            <Dropdown.Item
              as={Link}
              to={PATHS.changePassword}
              onClick={() => setOpen(false)}
              data-testid="change-password-link"
            >
              <Icon name="key" size={18} className="me-2" />
              Change Password
            </Dropdown.Item>
          </>
        )}
        <Dropdown.Item as="button" onClick={signOut} disabled={isSigningOut} data-testid="sign-out">
          <Icon name="sign-out" size={18} className="me-2" />
          {isSigningOut ? 'Signing Out...' : 'Sign Out'}
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
