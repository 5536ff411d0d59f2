import { APP } from '@kassa/contract/access';
import type { MerchantUser } from '@kassa/contract/merchant-users';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { declineThenConfirm } from '../../test/confirm-flow.ts';
import { mockApi, ok, routeOf, sentBody, waitForCall } from '../../test/mock-api.ts';
import { accessOf, makeClerk, renderMerchantPage } from '../../test/render-merchant-page.tsx';
import { UsersPage } from './users-page.tsx';

vi.mock('../../lib/toast.ts', () => ({ showToast: vi.fn(), toastApiError: vi.fn(), confirmDialog: vi.fn() }));
const { confirmDialog, showToast } = await import('../../lib/toast.ts');

const CLERK_ID = '3b1f2e4d-6c8a-4b9e-8d7f-1a2b3c4d5e6f';
const user = (over: Partial<MerchantUser>): MerchantUser => ({
  id: 'u-owner',
  email: 'owner@acme.example',
  first_name: 'Olivia',
  last_name: 'Owner',
  role: 2,
  is_active: true,
  invitation_pending: false,
  last_login_at: null,
  created_at: '2026-11-01T10:00:00.000Z',
  ...over,
});
const users = [
  user({}),
  user({ id: 'u-staff', email: 'staff@acme.example', first_name: 'Sam', last_name: 'Staff', role: 5 }),
  user({ id: CLERK_ID, email: 'clerk@acme.example', first_name: 'Cleo', last_name: 'Clerk', role: 3 }),
];
const list = ok({ count: users.length, page: 1, page_size: 20, results: users });

// What the server answers for the clerk: Products view, Invoices view and create.
const clerkAccess = [
  { app_key: 1, app: 'Dashboard', access: [] },
  { app_key: 2, app: 'Virtual Terminal', access: [] },
  { app_key: 3, app: 'Products', access: [1] },
  { app_key: 4, app: 'Payment Connections', access: [] },
  { app_key: 5, app: 'Quick Payments', access: [] },
  { app_key: 6, app: 'Invoices', access: [1, 2] },
  { app_key: 7, app: 'Connections', access: [] },
  { app_key: 8, app: 'Users', access: [] },
];

// The owner's page also reads the second-factor rule; these tests are about the list.
const RULE = 'GET /auth/merchant-second-factor-rule/';
const mockUsersApi = (handler: Parameters<typeof mockApi>[0]) =>
  mockApi((config) => (routeOf(config) === RULE ? ok({ require_second_factor: false }) : handler(config)));

beforeEach(() => vi.mocked(confirmDialog).mockReset());

describe('User Management page', () => {
  it('lists the users with their roles and offers no disable on the owner or oneself', async () => {
    mockUsersApi(() => list);
    renderMerchantPage(<UsersPage />);
    const rows = await screen.findAllByTestId('user-row');
    expect(rows.map((row) => within(row).getByTestId('user-role-cell').textContent)).toEqual([
      'Owner',
      'Staff',
      'Sub-user',
    ]);
    expect(within(rows[0]!).queryByTestId('user-disable')).toBeNull();
    expect(within(rows[1]!).getByTestId('user-disable')).toBeTruthy();
    expect(within(rows[1]!).queryByTestId('user-access')).toBeNull();
    expect(within(rows[2]!).getByTestId('user-access')).toBeTruthy();
  });

  it('saves the access matrix as one PUT with every app and view implied', async () => {
    const calls = mockUsersApi((config) => {
      const route = routeOf(config);
      if (route === `GET /auth/access/${CLERK_ID}/`) return ok(clerkAccess);
      if (route === `PUT /auth/access/${CLERK_ID}/`) return ok(clerkAccess, 'Access updated.');
      return list;
    });
    renderMerchantPage(<UsersPage />);
    const rows = await screen.findAllByTestId('user-row');
    fireEvent.click(within(rows[2]!).getByTestId('user-access'));
    await screen.findByTestId('access-matrix');
    expect((screen.getByTestId('access-6-2') as HTMLInputElement).checked).toBe(true);

    // Quick Payments edit ticks view too; clearing Invoices view clears its create.
    fireEvent.click(screen.getByTestId('access-5-3'));
    fireEvent.click(screen.getByTestId('access-6-1'));
    fireEvent.click(screen.getByTestId('access-3-4'));
    fireEvent.click(screen.getByTestId('access-save'));

    expect(await sentBody(calls, `PUT /auth/access/${CLERK_ID}/`)).toEqual({
      access: [
        { app_key: 1, access: [] },
        { app_key: 2, access: [] },
        { app_key: 3, access: [1, 4] },
        { app_key: 4, access: [] },
        { app_key: 5, access: [1, 3] },
        { app_key: 6, access: [] },
        { app_key: 7, access: [] },
        { app_key: 8, access: [] },
      ],
    });
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('success', 'Access updated.'));
  });

  it('invites a sub-user with its first access', async () => {
    const calls = mockUsersApi((config) =>
      routeOf(config) === 'POST /users/' ? ok(users[2], 'Invitation sent.') : list,
    );
    renderMerchantPage(<UsersPage />);
    fireEvent.click(await screen.findByTestId('user-invite'));
    fireEvent.change(screen.getByTestId('user-first-name'), { target: { value: 'Nia' } });
    fireEvent.change(screen.getByTestId('user-last-name'), { target: { value: 'New' } });
    fireEvent.change(screen.getByTestId('user-email'), { target: { value: 'Nia@Acme.example' } });
    fireEvent.click(screen.getByTestId('access-3-2'));
    fireEvent.click(screen.getByTestId('user-submit'));
    const body = await sentBody(calls, 'POST /users/');
    expect(body).toMatchObject({ first_name: 'Nia', last_name: 'New', email: 'nia@acme.example', role: 3 });
    expect((body.access as { app_key: number; access: number[] }[]).find((a) => a.app_key === 3)).toEqual({
      app_key: 3,
      access: [1, 2],
    });
  });

  it('lets a sub-user invite only sub-users, with no access it does not hold', async () => {
    mockUsersApi(() => list);
    renderMerchantPage(<UsersPage />, {
      user: makeClerk(),
      access: accessOf({ [APP.PRODUCTS]: [1, 2], [APP.USERS]: [1, 2] }),
    });
    fireEvent.click(await screen.findByTestId('user-invite'));
    const roles = within(screen.getByTestId('user-role')).getAllByRole('option');
    expect(roles.map((option) => option.textContent)).toEqual(['Sub-user (chosen apps)']);
    expect(screen.getByTestId('access-3-2')).toHaveProperty('disabled', false);
    expect(screen.getByTestId('access-3-3')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('access-2-1')).toHaveProperty('disabled', true);
  });

  it("lets a sub-user change a colleague's access only with codes it holds, or the colleague already has", async () => {
    mockUsersApi((config) => (routeOf(config) === `GET /auth/access/${CLERK_ID}/` ? ok(clerkAccess) : list));
    renderMerchantPage(<UsersPage />, {
      user: makeClerk(),
      access: accessOf({ [APP.PRODUCTS]: [1, 2], [APP.USERS]: [1, 3] }),
    });
    const rows = await screen.findAllByTestId('user-row');
    fireEvent.click(within(rows[2]!).getByTestId('user-access'));
    await screen.findByTestId('access-matrix');
    expect(screen.getByTestId('access-3-2')).toHaveProperty('disabled', false);
    expect(screen.getByTestId('access-3-3')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('access-2-1')).toHaveProperty('disabled', true);
    // Invoices create is the colleague's already: it may stay or go, though the editor lacks it.
    expect(screen.getByTestId('access-6-2')).toHaveProperty('disabled', false);
    expect(screen.getByTestId('access-6-3')).toHaveProperty('disabled', true);
  });

  it('disables a user only after the confirm dialog', async () => {
    const calls = mockUsersApi((config) => (config.method === 'delete' ? ok(null, 'User disabled.') : list));
    renderMerchantPage(<UsersPage />);
    const rows = await screen.findAllByTestId('user-row');
    await declineThenConfirm(
      () => within(rows[1]!).getByTestId('user-disable'),
      () => calls.some((c) => c.method === 'delete'),
    );
    await waitForCall(calls, 'DELETE /users/u-staff/');
  });

  it('lets the owner require a second factor of every user, after a confirm', async () => {
    let on = false;
    const calls = mockApi((config) => {
      if (routeOf(config) === RULE) return ok({ require_second_factor: on });
      if (routeOf(config) === 'PUT /auth/merchant-second-factor-rule/') {
        on = true;
        return ok({ require_second_factor: true }, 'A second factor is now required.');
      }
      return list;
    });
    renderMerchantPage(<UsersPage />);
    const toggle = async () => {
      const input = await screen.findByTestId('second-factor-rule-switch');
      return input.tagName === 'INPUT' ? input : within(input).getByRole('switch');
    };
    expect(((await toggle()) as HTMLInputElement).checked).toBe(false);
    await declineThenConfirm(toggle, () => calls.some((c) => c.method === 'put'));
    expect(await sentBody(calls, 'PUT /auth/merchant-second-factor-rule/')).toEqual({ require_second_factor: true });
    await waitFor(async () => expect(((await toggle()) as HTMLInputElement).checked).toBe(true));
    expect(showToast).toHaveBeenCalledWith('success', 'A second factor is now required.');
  });
});
