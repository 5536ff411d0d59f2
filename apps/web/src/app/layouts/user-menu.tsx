// The header's account menu: the user's identity (phones show it here), the notification setting
// the language (docs/i18n.md) and the password change for a full session, and sign-out.

import { isFullSession } from '@kassa/contract/access';
import type { User } from '@kassa/contract/auth';
import { isLocale, LOCALE_NAMES, LOCALES } from '@kassa/contract/i18n/locales';
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
import { usePortalI18n } from '../../lib/use-portal-i18n.ts';

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
  const { t } = usePortalI18n();
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
      toastApiError(error, t('userMenu.notificationsFailed'));
    }
    dispatch(fetchProfile());
  };

  // Saved with the profile; the portal follows the stored choice (app/portal-i18n.tsx), "" the browser.
  const chooseLanguage = async (value: string) => {
    try {
      await updateProfile({ locale: isLocale(value) ? value : null });
    } catch (error) {
      toastApiError(error, t('userMenu.languageFailed'));
    }
    dispatch(fetchProfile());
  };

  return (
    <Dropdown align="end" show={open} onToggle={(next) => setOpen(next)} autoClose="outside">
      <Dropdown.Toggle variant="link" className="user-menu-toggle" data-testid="user-menu-toggle">
        {/* The name read out starts with what the button shows (its visible text), then says what it opens. */}
        {identity}
        <span className="visually-hidden">{t('userMenu.accountMenu')}</span>
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
                label={t('userMenu.notifications')}
                checked={Boolean(user?.send_notification)}
                onChange={toggleNotifications}
                disabled={!user}
                data-testid="notifications-toggle"
              />
            </div>
            <div className="px-3 pb-2">
              <Form.Label htmlFor="language-select" className="small mb-1">
                {t('userMenu.language')}
              </Form.Label>
              <Form.Select
                id="language-select"
                size="sm"
                value={user?.locale ?? ''}
                onChange={(e) => chooseLanguage(e.target.value)}
                disabled={!user}
                data-testid="language-select"
              >
                <option value="">{t('userMenu.languageBrowser')}</option>
                {LOCALES.map((locale) => (
                  <option key={locale} value={locale} lang={locale}>
                    {LOCALE_NAMES[locale]}
                  </option>
                ))}
              </Form.Select>
            </div>
            <Dropdown.Divider />
            <Dropdown.Item
              as={Link}
              to={PATHS.changePassword}
              onClick={() => setOpen(false)}
              data-testid="change-password-link"
            >
              <Icon name="key" size={18} className="me-2" />
              {t('userMenu.changePassword')}
            </Dropdown.Item>
          </>
        )}
        <Dropdown.Item as="button" onClick={signOut} disabled={isSigningOut} data-testid="sign-out">
          <Icon name="sign-out" size={18} className="me-2" />
          {isSigningOut ? t('userMenu.signingOut') : t('userMenu.signOut')}
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
