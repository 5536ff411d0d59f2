// Under an organisation's second-factor rule without one, the API refuses everything but the set-up
// routes: the app brings the user to the account page, says why, and lets them go on once enrolled.
import type { TotpStatus } from '@kassa/contract/auth';
import { SECOND_FACTOR_REQUIRED_MESSAGE } from '@kassa/contract/second-factor-rules';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok, okPage, routeOf } from '../../../test/mock-api.ts';
import { makeUser, renderApp, signIn } from '../../../test/render-app.tsx';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const admin = makeUser();
// The lazy pages load on first visit: slow on a busy machine.
const SLOW = { timeout: 15_000 };
const location = () => screen.getByTestId('location').textContent;

describe('a required second factor', () => {
  it('sends the user to set one up, then lets them continue to the page they wanted', async () => {
    let status: TotpStatus = { enabled: false, confirmed_at: null, recovery_codes_left: 0 };
    mockApi((config) => {
      switch (routeOf(config)) {
        case 'GET /auth/profile/':
          return ok(admin);
        case 'GET /auth/totp/':
          return ok(status);
        case 'GET /auth/passkeys/':
          return ok({ passkeys: [] });
        case 'GET /auth/sessions/':
          return ok({ sessions: [] });
        case 'POST /auth/totp/':
          return ok({
            secret: SECRET,
            otpauth_url: `otpauth://totp/Kassa:admin%40kassa.local?secret=${SECRET}&issuer=Kassa`,
            qr_svg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
          });
        case 'POST /auth/totp/confirm/':
          status = { enabled: true, confirmed_at: '2026-11-28T05:00:00.000Z', recovery_codes_left: 10 };
          return ok({ recovery_codes: Array.from({ length: 10 }, (_, i) => `abcd-efgh-${i}`) });
        default:
          return status.enabled ? okPage([]) : fail(403, 'second_factor_required', SECOND_FACTOR_REQUIRED_MESSAGE);
      }
    });
    signIn();
    renderApp('/merchants');

    expect((await screen.findByTestId('second-factor-required', {}, SLOW)).textContent).toContain(
      SECOND_FACTOR_REQUIRED_MESSAGE,
    );
    expect(location()).toBe('/change-password');
    expect(screen.queryByTestId('second-factor-continue')).toBeNull();

    fireEvent.click(await screen.findByTestId('totp-setup-start'));
    fireEvent.change(await screen.findByTestId('totp-confirm-code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('totp-confirm-submit'));
    fireEvent.click(await screen.findByTestId('recovery-codes-done'));

    fireEvent.click(await screen.findByTestId('second-factor-continue', {}, SLOW));
    expect(await screen.findByRole('heading', { name: 'Merchants' }, SLOW)).toBeTruthy();
    expect(location()).toBe('/merchants');
  }, 60_000);
});
