import { COLOR_MODE_STORAGE_KEY } from '@kassa/contract/color-mode';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import kassaLogo from '../../assets/kassa-logo.svg';
import { EMBED_TABS_KEY } from '../../features/auth/embed-session-slice.ts';
import { useSignOut } from '../../features/auth/use-sign-out.ts';
import { useSessionSelector } from '../../lib/session-hooks.ts';
import { bodyOf, mockApi, ok, routeOf } from '../../test/mock-api.ts';
import { makeMerchant, makeUser, renderWithProviders } from '../../test/render-app.tsx';
import { Header } from './header.tsx';
import { displayName, headerLogo } from './header-identity.ts';

/** The header as the shell renders it: the user comes from the session store. */
function HeaderUnderTest({ isLoading = false }: { isLoading?: boolean }) {
  const user = useSessionSelector((s) => s.auth.user);
  const { signOut, isSigningOut } = useSignOut();
  return (
    <Header
      user={user}
      isLoading={isLoading}
      showMenuButton
      onMenuClick={() => {}}
      menuLabel="Collapse sidebar"
      signOut={signOut}
      isSigningOut={isSigningOut}
    />
  );
}

const setReferrer = (value: string) => Object.defineProperty(document, 'referrer', { value, configurable: true });

afterEach(() => setReferrer(''));

describe('header identity (docs/product-rules.md#layout)', () => {
  it('shows "Guest" when the user has no name', () => {
    renderWithProviders(<HeaderUnderTest />);
    expect(screen.getByTestId('header-user-name').textContent).toBe('Guest');
    expect(displayName(makeUser({ first_name: '  ', last_name: '' }))).toBe('Guest');
  });

  it('shows a placeholder, not "Guest", while the profile loads', () => {
    renderWithProviders(<HeaderUnderTest isLoading />);
    expect(screen.getByTestId('header-user-loading')).toBeTruthy();
    expect(screen.queryByText('Guest')).toBeNull();
  });

  it('shows the full name and e-mail', () => {
    renderWithProviders(<HeaderUnderTest />, '/', {
      user: makeUser({ first_name: 'Olive', last_name: 'Owner', email: 'owner@acme.example' }),
    });
    expect(screen.getByTestId('header-user-name').textContent).toBe('Olive Owner');
    expect(screen.getByTestId('header-user-email').textContent).toBe('owner@acme.example');
  });

  it('uses the merchant logo, and the default logo for role 1 or a merchant without one', () => {
    const withLogo = makeUser({ role: 2, merchant: makeMerchant({ logo: '/uploads/acme.png' }) });
    expect(headerLogo(withLogo).src).toBe('/uploads/acme.png');
    expect(headerLogo(makeUser({ role: 2, merchant: makeMerchant({ logo: null }) })).src).toBe(kassaLogo);
    expect(headerLogo(makeUser({ role: 1, merchant: makeMerchant({ logo: '/uploads/acme.png' }) })).src).toBe(
      kassaLogo,
    );
    expect(headerLogo(null).src).toBe(kassaLogo);
  });
});

describe('account dropdown', () => {
  it('is hidden, arrow included, when the referrer is an outside page', () => {
    setReferrer('https://parent.example.com/shop');
    renderWithProviders(<HeaderUnderTest />, '/', { user: makeUser() });
    expect(screen.queryByTestId('user-menu-toggle')).toBeNull();
    expect(document.querySelector('.dropdown-toggle')).toBeNull();
    expect(screen.getByTestId('header-user-name').textContent).toBe('Ada Admin');
  });

  it('is shown for a referrer on our own origin', () => {
    setReferrer(`${window.location.origin}/merchants`);
    renderWithProviders(<HeaderUnderTest />, '/', { user: makeUser() });
    expect(screen.getByTestId('user-menu-toggle')).toBeTruthy();
  });

  it('offers an embedded session no account change, which the server refuses to it', async () => {
    // No referrer (a parent page may send none), so the menu shows; the embed limits are stored.
    window.localStorage.setItem(EMBED_TABS_KEY, JSON.stringify(['PR']));
    renderWithProviders(<HeaderUnderTest />, '/products', { user: makeUser({ role: 2, merchant: makeMerchant() }) });
    fireEvent.click(screen.getByTestId('user-menu-toggle'));
    expect(await screen.findByTestId('sign-out')).toBeTruthy();
    expect(screen.queryByTestId('change-password-link')).toBeNull();
    expect(screen.queryByTestId('notifications-toggle')).toBeNull();
    window.localStorage.removeItem(EMBED_TABS_KEY);
  });

  it('Sign Out shows "Signing Out..." while pending, then clears the session and goes to login', async () => {
    Cookies.set('token', 'access-token');
    Cookies.set('refresh', 'refresh-token');
    window.localStorage.setItem('kassa.sidebarCollapsed', '1');
    let finishLogout: () => void = () => {};
    const calls = mockApi(
      () =>
        new Promise((resolve) => {
          finishLogout = () => resolve(ok(null, 'Signed out.'));
        }),
    );
    const { store } = renderWithProviders(<HeaderUnderTest />, '/merchants', { user: makeUser() });

    fireEvent.click(screen.getByTestId('user-menu-toggle'));
    fireEvent.click(await screen.findByTestId('sign-out'));
    expect((await screen.findByTestId('sign-out')).textContent).toBe('Signing Out...');
    expect(routeOf(calls[0]!)).toBe('POST /auth/logout/');
    expect(bodyOf(calls[0]!)).toEqual({ refresh_token: 'refresh-token' });

    await act(async () => finishLogout());
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
    expect(Cookies.get('token')).toBeUndefined();
    expect(Cookies.get('refresh')).toBeUndefined();
    expect(window.localStorage.length).toBe(0);
    expect(store.getState().auth).toMatchObject({ user: null, isAuth: false, adminPermission: null, token: null });
  });

  it('a failed logout call is only logged; the user is still signed out', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    Cookies.set('token', 'access-token');
    mockApi(() => ({ status: 500, data: { status: 'error', code: 'internal', message: 'Boom' } }));
    renderWithProviders(<HeaderUnderTest />, '/merchants', { user: makeUser() });
    fireEvent.click(screen.getByTestId('user-menu-toggle'));
    fireEvent.click(await screen.findByTestId('sign-out'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
    expect(log).toHaveBeenCalled();
    expect(Cookies.get('token')).toBeUndefined();
    log.mockRestore();
  });

  it('the Notifications toggle flips locally, sends the update, then refetches the profile', async () => {
    const user = makeUser({ send_notification: false });
    let answerPatch: () => void = () => {};
    const calls = mockApi((config) =>
      config.method === 'patch'
        ? new Promise((resolve) => {
            answerPatch = () => resolve(ok({ ...user, send_notification: true }));
          })
        : ok({ ...user, send_notification: true }),
    );
    const { store } = renderWithProviders(<HeaderUnderTest />, '/', { user });
    fireEvent.click(screen.getByTestId('user-menu-toggle'));
    const toggle = (await screen.findByTestId('notifications-toggle')) as HTMLInputElement;
    expect(toggle.checked).toBe(false);

    fireEvent.click(toggle);
    // Flipped before the server answers.
    expect(store.getState().auth.user?.send_notification).toBe(true);
    await waitFor(() => expect(calls.map(routeOf)).toEqual(['PATCH /auth/profile/']));
    expect(store.getState().auth.user?.send_notification).toBe(true);
    expect(bodyOf(calls[0]!)).toEqual({ send_notification: true });

    await act(async () => answerPatch());
    await waitFor(() => expect(calls.map(routeOf)).toEqual(['PATCH /auth/profile/', 'GET /auth/profile/']));
    expect(((await screen.findByTestId('notifications-toggle')) as HTMLInputElement).checked).toBe(true);
  });
});

describe('theme switch', () => {
  afterEach(() => {
    window.localStorage.removeItem(COLOR_MODE_STORAGE_KEY);
    document.documentElement.removeAttribute('data-bs-theme');
  });

  it('picks dark, keeps it in this browser, and goes back to the system setting', async () => {
    renderWithProviders(<HeaderUnderTest />, '/', { user: makeUser() });
    fireEvent.click(screen.getByTestId('color-mode-toggle'));
    fireEvent.click(await screen.findByTestId('color-mode-dark'));
    expect(document.documentElement.getAttribute('data-bs-theme')).toBe('dark');
    expect(window.localStorage.getItem(COLOR_MODE_STORAGE_KEY)).toBe('dark');
    expect(screen.getByTestId('color-mode-toggle').textContent).toContain('Theme: Dark');
    fireEvent.click(screen.getByTestId('color-mode-toggle'));
    fireEvent.click(await screen.findByTestId('color-mode-system'));
    expect(window.localStorage.getItem(COLOR_MODE_STORAGE_KEY)).toBeNull();
    // jsdom's system is light.
    expect(document.documentElement.getAttribute('data-bs-theme')).toBe('light');
  });
});
