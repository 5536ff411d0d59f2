import { OTP_RESEND_INTERVAL_S, resendOtpResult } from '@kassa/contract/auth';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { describe, expect, it, vi } from 'vitest';
import { bodyOf, fail, mockApi, ok, okPage, routeOf } from '../../../test/mock-api.ts';
import { makeUser, renderApp } from '../../../test/render-app.tsx';

const type = async (testId: string, value: string) =>
  fireEvent.change(await screen.findByTestId(testId), { target: { value } });
const location = () => screen.getByTestId('location').textContent;
const admin = makeUser();

describe('login → one-time code → landing', () => {
  it('signs in with the code and lands on Merchants', async () => {
    const calls = mockApi((config) => {
      switch (routeOf(config)) {
        case 'POST /auth/login/':
          return ok({
            otp_required: true,
            otp_token: 'challenge-token-123',
            email_hint: 'a***@kassa.local',
            methods: ['email'],
          });
        case 'POST /auth/verify-otp/':
          return bodyOf(config).code === '123456'
            ? ok({ access: 'access-1', refresh: 'refresh-1', user: admin })
            : fail(400, 'invalid_input', 'That code is not right.');
        case 'GET /auth/profile/':
          return ok(admin);
        default:
          return okPage([]);
      }
    });
    renderApp('/login');

    await type('login-email', ' Admin@Kassa.local ');
    await type('login-password', 'Admin-pass-2026!');
    fireEvent.click(screen.getByTestId('login-submit'));

    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeTruthy();
    expect(location()).toBe('/otp');
    expect(screen.getByTestId('otp-email-hint').textContent).toBe('a***@kassa.local');
    expect(bodyOf(calls[0]!)).toEqual({ email: 'admin@kassa.local', password: 'Admin-pass-2026!' });
    expect(JSON.parse(window.sessionStorage.getItem('kassa.otpChallenge')!)).toMatchObject({
      otp_token: 'challenge-token-123',
    });
    expect(screen.getByTestId('otp-resend').hasAttribute('disabled')).toBe(true);

    await type('otp-code', '000000');
    fireEvent.click(screen.getByTestId('otp-submit'));
    expect((await screen.findByTestId('otp-error')).textContent).toBe('That code is not right.');

    await type('otp-code', '12a3456');
    expect((screen.getByTestId('otp-code') as HTMLInputElement).value).toBe('123456');
    fireEvent.click(screen.getByTestId('otp-submit'));

    expect(await screen.findByRole('heading', { name: 'Merchants' })).toBeTruthy();
    expect(location()).toBe('/merchants');
    const verify = calls.filter((c) => routeOf(c) === 'POST /auth/verify-otp/').at(-1)!;
    expect(bodyOf(verify)).toEqual({ otp_token: 'challenge-token-123', code: '123456' });
    expect(Cookies.get('token')).toBe('access-1');
    expect(Cookies.get('refresh')).toBe('refresh-1');
    expect(window.sessionStorage.getItem('kassa.otpChallenge')).toBeNull();
    expect(screen.getByTestId('header-user-name').textContent).toBe('Ada Admin');
  });

  it('signs in at once when the server skips the code (KASSA_OTP=off)', async () => {
    mockApi((config) =>
      routeOf(config) === 'POST /auth/login/'
        ? ok({ otp_required: false, access: 'access-2', refresh: 'refresh-2', user: admin })
        : ok(admin),
    );
    renderApp('/login');
    await type('login-email', 'admin@kassa.local');
    await type('login-password', 'pw');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByRole('heading', { name: 'Merchants' })).toBeTruthy();
    expect(Cookies.get('token')).toBe('access-2');
  });

  it('shows validation errors from the contract schema without calling the API', async () => {
    const calls = mockApi(() => ok(null));
    renderApp('/login');
    await type('login-email', 'not-an-email');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('Enter a valid e-mail address')).toBeTruthy();
    expect(screen.getByText('Enter your password')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it("shows the server's message for wrong credentials and stays on login", async () => {
    mockApi(() => fail(401, 'unauthorized', 'The e-mail or password is not right.'));
    renderApp('/login');
    await type('login-email', 'admin@kassa.local');
    await type('login-password', 'wrong');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect((await screen.findByTestId('login-error')).textContent).toBe('The e-mail or password is not right.');
    expect(location()).toBe('/login');
  });

  it('a new code keeps the challenge and waits as long as the server says before the next', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      window.sessionStorage.setItem(
        'kassa.otpChallenge',
        JSON.stringify({ otp_token: 'challenge-token-123', email_hint: 'a***@kassa.local' }),
      );
      const calls = mockApi((config) =>
        routeOf(config) === 'POST /auth/resend-otp/'
          ? ok(resendOtpResult.parse({ email_hint: 'a***@kassa.local', resend_in: 45 }), 'A new code is on its way.')
          : ok(admin),
      );
      renderApp('/otp');
      const resend = await screen.findByTestId('otp-resend');
      expect(resend.textContent).toBe(`Resend code in ${OTP_RESEND_INTERVAL_S}s`);
      // The countdown schedules its next second after each render.
      for (let s = 0; s <= OTP_RESEND_INTERVAL_S; s++) await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(resend.textContent).toBe('Resend code');
      fireEvent.click(resend);
      expect((await screen.findByTestId('otp-notice')).textContent).toBe('A new code is on its way.');
      expect(bodyOf(calls.find((c) => routeOf(c) === 'POST /auth/resend-otp/')!)).toEqual({
        otp_token: 'challenge-token-123',
      });
      expect(resend.textContent).toBe('Resend code in 45s');
      expect(resend.hasAttribute('disabled')).toBe(true);
      expect(JSON.parse(window.sessionStorage.getItem('kassa.otpChallenge')!)).toMatchObject({
        otp_token: 'challenge-token-123',
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('an account with an app signs in with its code, or switches to a recovery code', async () => {
    const calls = mockApi((config) => {
      switch (routeOf(config)) {
        case 'POST /auth/login/':
          return ok({
            otp_required: true,
            otp_token: 'challenge-token-app',
            email_hint: 'a***@kassa.local',
            methods: ['totp', 'recovery_code'],
          });
        case 'POST /auth/verify-otp/': {
          const body = bodyOf(config);
          return body.method === 'recovery_code' && body.code === 'abcd-efgh-jkmn'
            ? ok({ access: 'access-2', refresh: 'refresh-2', user: admin })
            : fail(400, 'invalid_input', 'That code is not correct. 4 tries left.');
        }
        case 'GET /auth/profile/':
          return ok(admin);
        default:
          return okPage([]);
      }
    });
    renderApp('/login');
    await type('login-email', 'admin@kassa.local');
    await type('login-password', 'Admin-pass-2026!');
    fireEvent.click(screen.getByTestId('login-submit'));

    expect(await screen.findByRole('heading', { name: 'Enter the code from your app' })).toBeTruthy();
    // No code was mailed: nothing to resend, no e-mail to switch to.
    expect(screen.queryByTestId('otp-resend')).toBeNull();
    expect(screen.queryByTestId('otp-method-email')).toBeNull();
    await type('otp-code', '654321');
    fireEvent.click(screen.getByTestId('otp-submit'));
    expect((await screen.findByTestId('otp-error')).textContent).toBe('That code is not correct. 4 tries left.');
    const first = calls.filter((c) => routeOf(c) === 'POST /auth/verify-otp/').at(-1)!;
    expect(bodyOf(first)).toEqual({ otp_token: 'challenge-token-app', code: '654321', method: 'totp' });

    fireEvent.click(screen.getByTestId('otp-method-recovery_code'));
    expect(await screen.findByRole('heading', { name: 'Use a recovery code' })).toBeTruthy();
    expect(screen.getByTestId('otp-method-totp').textContent).toBe('Use your authenticator app');
    await type('otp-code', 'abcd-efgh-jkmn');
    fireEvent.click(screen.getByTestId('otp-submit'));
    expect(await screen.findByRole('heading', { name: 'Merchants' })).toBeTruthy();
    const last = calls.filter((c) => routeOf(c) === 'POST /auth/verify-otp/').at(-1)!;
    expect(bodyOf(last)).toEqual({ otp_token: 'challenge-token-app', code: 'abcd-efgh-jkmn', method: 'recovery_code' });
  });

  it('an account without an app is offered no other method', async () => {
    window.sessionStorage.setItem(
      'kassa.otpChallenge',
      JSON.stringify({ otp_token: 'challenge-token-123', email_hint: 'a***@kassa.local', methods: ['email'] }),
    );
    mockApi(() => ok(admin));
    renderApp('/otp');
    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeTruthy();
    expect(screen.queryByTestId('otp-methods')).toBeNull();
  });

  it('/otp without a challenge goes back to login', async () => {
    mockApi(() => ok(null));
    renderApp('/otp');
    expect(await screen.findByRole('heading', { name: 'Sign in to Kassa' })).toBeTruthy();
  });
});

describe('password pages', () => {
  it('forgot password always shows the same confirmation', async () => {
    const calls = mockApi(() => ok(null, 'If the address has an account, a link is on its way.'));
    renderApp('/forgot-password');
    await type('forgot-email', 'nobody@example.com');
    fireEvent.click(screen.getByTestId('forgot-submit'));
    expect((await screen.findByTestId('forgot-password-sent')).textContent).toContain('nobody@example.com');
    expect(bodyOf(calls[0]!)).toEqual({ email: 'nobody@example.com' });
  });

  it('reset password sends the token from the link and returns to login', async () => {
    const calls = mockApi(() => ok(null, 'Your password has been reset.'));
    renderApp('/reset-password?token=reset-token-abcdef');
    await type('reset-password', 'a-new-password');
    await type('reset-confirm-password', 'a-different-one');
    fireEvent.click(screen.getByTestId('reset-submit'));
    expect(await screen.findByText('The passwords do not match')).toBeTruthy();
    expect(calls).toHaveLength(0);

    await type('reset-confirm-password', 'a-new-password');
    fireEvent.click(screen.getByTestId('reset-submit'));
    await waitFor(() => expect(location()).toBe('/login'));
    expect(bodyOf(calls[0]!)).toEqual({ token: 'reset-token-abcdef', password: 'a-new-password' });
  });

  it('an invitation link signs the new user in once the password is set', async () => {
    const invited = makeUser({ id: 'u-9', email: 'dora@dune-coffee.example' });
    const calls = mockApi((config) =>
      routeOf(config) === 'POST /auth/reset-password/'
        ? ok({ access: 'access-9', refresh: 'refresh-9', user: invited }, 'Your password is set. Welcome to Kassa.')
        : ok(invited),
    );
    renderApp('/reset-password?token=invite-token-abcdef');
    await type('reset-password', 'Dune-roastery-2026!');
    await type('reset-confirm-password', 'Dune-roastery-2026!');
    fireEvent.click(screen.getByTestId('reset-submit'));
    // Straight in: no login page, no second password, no code.
    await waitFor(() => expect(location()).toBe('/merchants'));
    expect(Cookies.get('token')).toBe('access-9');
    expect(calls.map(routeOf)).not.toContain('POST /auth/login/');
  });

  it('reset password without a token explains the link is not valid', async () => {
    renderApp('/reset-password');
    expect(await screen.findByRole('heading', { name: 'This link is not valid' })).toBeTruthy();
  });
});
