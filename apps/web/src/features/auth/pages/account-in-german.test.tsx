// A user who chose German sees the account page, the header and the sidebar in German, with dates
// written the German way (docs/i18n.md); a signed-out visitor whose browser asks for German signs in
// in German.
import { formatMoment } from '@kassa/contract/date-display';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, okPage, routeOf } from '../../../test/mock-api.ts';
import { makeUser, renderApp, signIn } from '../../../test/render-app.tsx';

const SIGNED_IN = '2026-11-27T09:30:00.000Z';
const LAST_SEEN = '2026-11-28T16:05:00.000Z';
const germanUser = makeUser({ first_name: 'Greta', last_name: 'Gruber', locale: 'de' });
// The lazy pages and the German catalogue load on first use: slow on a busy machine.
const SLOW = { timeout: 15_000 };

afterEach(() => vi.unstubAllGlobals());

describe('the account pages in German', () => {
  it('shows the password page, two-step sign-in and the signed-in devices in German, dates as in Germany', async () => {
    mockApi((config) => {
      switch (routeOf(config)) {
        case 'GET /auth/profile/':
          return ok(germanUser);
        case 'GET /auth/totp/':
          return ok({ enabled: true, confirmed_at: SIGNED_IN, recovery_codes_left: 1 });
        case 'GET /auth/passkeys/':
          return ok({ passkeys: [] });
        case 'GET /auth/sessions/':
          return ok({
            sessions: [
              {
                id: '5b0c2a56-1d1f-4c51-9a55-0d3c1c1c0001',
                browser: 'Firefox 128',
                os: 'Linux',
                place: 'Unknown',
                signed_in_at: SIGNED_IN,
                last_seen_at: LAST_SEEN,
                is_current: true,
              },
            ],
          });
        default:
          return okPage([]);
      }
    });
    signIn();
    renderApp('/change-password');

    expect(await screen.findByRole('heading', { name: 'Passwort ändern' }, SLOW)).toBeTruthy();
    expect(
      screen.getByText('Wenn Sie Ihr Passwort ändern, werden Sie auf allen anderen Geräten abgemeldet.'),
    ).toBeTruthy();
    expect(screen.getByLabelText('Aktuelles Passwort')).toBeTruthy();
    expect(screen.getByTestId('change-password-submit').textContent).toBe('Passwort aktualisieren');

    expect((await screen.findByTestId('totp-status', {}, SLOW)).textContent).toBe(
      'Bei der Anmeldung wird ein Code aus Ihrer Authenticator-App abgefragt. 1 unbenutzter Wiederherstellungscode übrig.',
    );
    expect(screen.getByTestId('passkeys-empty').textContent).toBe('Sie haben noch keine Passkeys.');

    const device = await screen.findByTestId('session-row', {}, SLOW);
    expect(within(device).getByTestId('session-current').textContent).toBe('Dieses Gerät');
    const details = device.querySelector('.small')!.textContent!;
    // "27.11.2026, 10:30": the day before the month, dots between, whatever the machine's time zone.
    expect(details).toBe(
      `Angemeldet ${formatMoment(new Date(SIGNED_IN), 'de')} · zuletzt gesehen ${formatMoment(new Date(LAST_SEEN), 'de')} · Ort unbekannt`,
    );
    expect(details).toMatch(/Angemeldet \d{2}\.\d{2}\.2026, \d{2}:\d{2}/);

    // The frame around the page speaks German too.
    expect(screen.getByTestId('nav-merchants').textContent).toBe('Händler');
    expect(screen.getByRole('navigation', { name: 'Hauptnavigation' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('de');
  }, 60_000);

  it('signs a German-speaking visitor in in German', async () => {
    vi.stubGlobal('navigator', { ...navigator, languages: ['de-DE', 'de'] });
    mockApi(() => okPage([]));
    renderApp('/login');

    expect(await screen.findByRole('heading', { name: 'Bei Kassa anmelden' }, SLOW)).toBeTruthy();
    expect(screen.getByLabelText('E-Mail-Adresse')).toBeTruthy();
    expect(screen.getByTestId('login-submit').textContent).toBe('Anmelden');
    expect(screen.getByText('Passwort vergessen?')).toBeTruthy();
    expect(screen.getByTestId('passkey-sign-in').textContent).toBe('Mit einem Passkey anmelden');
  }, 60_000);
});
