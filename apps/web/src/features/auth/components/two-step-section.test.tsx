import type { TotpStatus } from '@kassa/contract/auth';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { bodyOf, fail, mockApi, ok, routeOf } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { RECOVERY_CODES_SHOWN_ONCE } from './recovery-codes-panel.tsx';
import { TwoStepSection } from './two-step-section.tsx';

vi.mock('../../../lib/toast.ts', () => ({ showToast: vi.fn(), toastApiError: vi.fn(), confirmDialog: vi.fn() }));
vi.mock('../../../lib/clipboard.ts', () => ({ copyToClipboard: vi.fn() }));
const { confirmDialog } = await import('../../../lib/toast.ts');
const { copyToClipboard } = await import('../../../lib/clipboard.ts');

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, i) => `abcd-efgh-${String(i).padStart(4, 'k')}`);
const off: TotpStatus = { enabled: false, confirmed_at: null, recovery_codes_left: 0 };
const on: TotpStatus = { enabled: true, confirmed_at: '2026-11-27T10:00:00.000Z', recovery_codes_left: 10 };
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

beforeEach(() => vi.clearAllMocks());

describe('Two-step sign-in section', () => {
  it('sets up an app: QR code and key, a wrong then a right first code, recovery codes shown once', async () => {
    let status = off;
    const calls = mockApi((config) => {
      switch (routeOf(config)) {
        case 'GET /auth/totp/':
          return ok(status);
        case 'POST /auth/totp/':
          return ok({
            secret: SECRET,
            otpauth_url: `otpauth://totp/Kassa:admin%40kassa.local?secret=${SECRET}&issuer=Kassa`,
            qr_svg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
          });
        case 'POST /auth/totp/confirm/':
          if (bodyOf(config).code !== '123456')
            return fail(400, 'invalid_input', 'That code is not correct. Check the time on your phone and try again.');
          status = on;
          return ok({ recovery_codes: CODES }, 'The authenticator app is set up.');
        default:
          return fail(404, 'not_found', 'no mock');
      }
    });
    renderWithProviders(<TwoStepSection />);
    fireEvent.click(await screen.findByTestId('totp-setup-start'));

    expect((await screen.findByTestId('totp-secret')).textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(screen.getByTestId('totp-qr').getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);

    type('totp-confirm-code', '65432');
    fireEvent.click(screen.getByTestId('totp-confirm-submit'));
    expect((await screen.findByTestId('totp-confirm-error')).textContent).toBe('Enter the 6-digit code');
    type('totp-confirm-code', '654321');
    fireEvent.click(screen.getByTestId('totp-confirm-submit'));
    expect((await screen.findByTestId('totp-confirm-error')).textContent).toBe(
      'That code is not correct. Check the time on your phone and try again.',
    );
    type('totp-confirm-code', '12a3456');
    fireEvent.click(screen.getByTestId('totp-confirm-submit'));

    expect((await screen.findByTestId('recovery-codes')).textContent).toContain(RECOVERY_CODES_SHOWN_ONCE);
    expect(screen.getByTestId('recovery-codes-list').querySelectorAll('li')).toHaveLength(10);
    fireEvent.click(screen.getByTestId('recovery-codes-copy'));
    expect(copyToClipboard).toHaveBeenCalledWith(CODES.join('\n'), 'Recovery codes');
    expect(await screen.findByTestId('totp-on')).toBeTruthy();

    fireEvent.click(screen.getByTestId('recovery-codes-done'));
    expect(screen.queryByTestId('recovery-codes')).toBeNull();
    expect(screen.getByTestId('totp-status').textContent).toContain('10 unused recovery codes left.');
    const confirms = calls.filter((c) => routeOf(c) === 'POST /auth/totp/confirm/');
    expect(confirms.map((c) => bodyOf(c))).toEqual([{ code: '654321' }, { code: '123456' }]);
  });

  it('makes new recovery codes behind a code from the app', async () => {
    const calls = mockApi((config) => {
      switch (routeOf(config)) {
        case 'GET /auth/totp/':
          return ok(on);
        case 'POST /auth/totp/recovery-codes/':
          return ok({ recovery_codes: CODES });
        default:
          return fail(404, 'not_found', 'no mock');
      }
    });
    renderWithProviders(<TwoStepSection />);
    fireEvent.click(await screen.findByTestId('totp-regenerate'));
    type('totp-regenerate-proof', '246810');
    fireEvent.click(screen.getByTestId('totp-regenerate-submit'));
    expect(await screen.findByTestId('recovery-codes')).toBeTruthy();
    const call = calls.find((c) => routeOf(c) === 'POST /auth/totp/recovery-codes/')!;
    expect(bodyOf(call)).toEqual({ code: '246810' });
  });

  it('removes the app only after the password and a confirmation; a wrong password is shown', async () => {
    let status = on;
    const calls = mockApi((config) => {
      switch (routeOf(config)) {
        case 'GET /auth/totp/':
          return ok(status);
        case 'DELETE /auth/totp/':
          if (bodyOf(config).password !== 'Admin-pass-2026!')
            return fail(400, 'invalid_input', 'The password is not correct.', [
              { path: 'password', message: 'The password is not correct.' },
            ]);
          status = off;
          return { status: 200, data: { status: 'success', message: 'The authenticator app was removed.' } };
        default:
          return fail(404, 'not_found', 'no mock');
      }
    });
    renderWithProviders(<TwoStepSection />);
    fireEvent.click(await screen.findByTestId('totp-remove'));

    vi.mocked(confirmDialog).mockResolvedValueOnce(false);
    type('totp-remove-proof', 'Admin-pass-2026!');
    fireEvent.click(screen.getByTestId('totp-remove-submit'));
    await waitFor(() => expect(confirmDialog).toHaveBeenCalledTimes(1));
    expect(calls.filter((c) => routeOf(c) === 'DELETE /auth/totp/')).toHaveLength(0);

    vi.mocked(confirmDialog).mockResolvedValue(true);
    type('totp-remove-proof', 'wrong-password');
    fireEvent.click(screen.getByTestId('totp-remove-submit'));
    expect(await screen.findByText('The password is not correct.')).toBeTruthy();

    type('totp-remove-proof', 'Admin-pass-2026!');
    fireEvent.click(screen.getByTestId('totp-remove-submit'));
    expect(await screen.findByTestId('totp-setup-start')).toBeTruthy();
    expect(screen.queryByTestId('totp-on')).toBeNull();
    const removals = calls.filter((c) => routeOf(c) === 'DELETE /auth/totp/');
    expect(removals.map((c) => bodyOf(c))).toEqual([{ password: 'wrong-password' }, { password: 'Admin-pass-2026!' }]);
  });
});
