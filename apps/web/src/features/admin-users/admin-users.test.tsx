import type { AdminPermissionSet } from '@kassa/contract/auth';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { backOfficeSession, pageOf, renderBackOffice } from '../../test/back-office.tsx';
import { declineThenConfirm } from '../../test/confirm-flow.ts';
import { bodyOf, ok, routeOf, sentBody } from '../../test/mock-api.ts';

vi.mock('../../lib/toast.ts', () => ({ showToast: vi.fn(), toastApiError: vi.fn(), confirmDialog: vi.fn() }));
const toast = await import('../../lib/toast.ts');

const sam: AdminPermissionSet = {
  user_id: 'u-4',
  first_name: 'Sam',
  last_name: 'Staff',
  email: 'staffadmin@kassa.local',
  is_active: true,
  view_merchant: 1,
  view_catalog: 0,
  view_transactions: 1,
  view_industry_type: 0,
};

const routes = (extra = {}) => ({ 'GET /superadmin/admin/': () => ok(pageOf([sam])), ...extra });

beforeEach(() => vi.clearAllMocks());

describe('Admin users', () => {
  it('shows each staff admin with the four flags as switches, and flips one', async () => {
    const calls = backOfficeSession(
      routes({ 'PATCH /superadmin/admin/u-4/': () => ok({ ...sam, view_catalog: 1 }, 'Saved.') }),
    );
    renderBackOffice('/admin-users');
    await screen.findByTestId('admin-user-row');
    const flags = screen.getAllByRole('checkbox') as HTMLInputElement[];
    expect(flags.map((f) => f.checked)).toEqual([true, false, true, false]);
    fireEvent.click(screen.getByTestId('flag-view_catalog'));
    expect(await sentBody(calls, 'PATCH /superadmin/admin/u-4/')).toEqual({ view_catalog: 1 });
  });

  it('invites a staff admin with the chosen flags', async () => {
    const calls = backOfficeSession(
      routes({ 'POST /superadmin/admin/': () => ok(sam, 'Staff admin created. An invitation was sent.') }),
    );
    renderBackOffice('/admin-users');
    fireEvent.click(await screen.findByTestId('new-admin-user'));
    fireEvent.change(await screen.findByTestId('admin-first-name'), { target: { value: 'Rita' } });
    fireEvent.change(screen.getByTestId('admin-last-name'), { target: { value: 'Review' } });
    fireEvent.change(screen.getByTestId('admin-email'), { target: { value: 'Rita@Kassa.local' } });
    fireEvent.click(screen.getByTestId('admin-flag-view_catalog'));
    fireEvent.click(screen.getByTestId('admin-user-submit'));
    await waitFor(() =>
      expect(toast.showToast).toHaveBeenCalledWith('success', 'Staff admin created. An invitation was sent.'),
    );
    expect(bodyOf(calls.find((c) => routeOf(c) === 'POST /superadmin/admin/')!)).toEqual({
      first_name: 'Rita',
      last_name: 'Review',
      email: 'rita@kassa.local',
      view_merchant: 0,
      view_catalog: 1,
      view_transactions: 0,
      view_industry_type: 0,
    });
  });

  it('disables only after confirming', async () => {
    const calls = backOfficeSession(
      routes({ 'PATCH /superadmin/admin/u-4/': () => ok({ ...sam, is_active: false }, 'Disabled.') }),
    );
    renderBackOffice('/admin-users');
    await declineThenConfirm(
      () => screen.findByTestId('toggle-admin-user'),
      () => calls.some((c) => c.method === 'patch'),
    );
    await waitFor(() => expect(calls.some((c) => c.method === 'patch')).toBe(true));
    expect(bodyOf(calls.find((c) => c.method === 'patch')!)).toEqual({ is_active: false });
  });

  it('signs a staff admin out everywhere only after confirming', async () => {
    const calls = backOfficeSession(
      routes({
        'POST /auth/sessions/users/u-4/sign-out/': () =>
          ok({ signed_out: 2 }, 'The user was signed out on every device.'),
      }),
    );
    renderBackOffice('/admin-users');
    await declineThenConfirm(
      () => screen.findByTestId('sign-out-everywhere'),
      () => calls.some((c) => routeOf(c) === 'POST /auth/sessions/users/u-4/sign-out/'),
    );
    await waitFor(() =>
      expect(toast.showToast).toHaveBeenCalledWith('success', 'The user was signed out on every device.'),
    );
  });
});
