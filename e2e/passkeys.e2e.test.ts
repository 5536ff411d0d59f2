// Passkeys and signed-in devices in Chromium against the real server. The passkey is made by
// Chromium's virtual authenticator (DevTools protocol WebAuthn domain), so the browser, the page's
// @simplewebauthn/browser calls and the server's checks all run for real. The server is reached as
// http://localhost:<port>: WebAuthn wants a domain, not an IP address, as the relying party.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { DEMO_PASSWORD } from './support/server.ts';
import { describeBrowser, useDemoSuite } from './support/suite.ts';
import { signInThroughUi } from './support/ui-sign-in.ts';

const EMAIL = 'owner@acme.example';
/** Screenshots of the account page, kept after the run for a person to look at. */
const SHOTS = join(tmpdir(), 'kassa-e2e-passkeys');

describeBrowser('passkeys and signed-in devices', () => {
  const suite = useDemoSuite({}, { publicHost: 'localhost' });
  const { browser } = suite;

  it('signs another device out from the account page', async () => {
    const page = browser.page();
    await signInThroughUi(page, suite.server.dataDir, EMAIL, DEMO_PASSWORD);
    const other = await browser.browser().newContext({ baseURL: suite.server.url });
    try {
      const otherPage = await other.newPage();
      await signInThroughUi(otherPage, suite.server.dataDir, EMAIL, DEMO_PASSWORD);

      await page.goto('/change-password');
      const rows = page.getByTestId('session-row');
      await page.getByTestId('sessions-section').waitFor();
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
      await expect.poll(() => page.getByTestId('session-current').count()).toBe(1);
      await page.getByTestId('session-sign-out').click();
      await page.getByRole('button', { name: 'Yes, sign it out' }).click();
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(1);
      await page.screenshot({ path: join(SHOTS, 'sessions.png'), fullPage: true });

      // The other browser finds itself signed out at its next step.
      await otherPage.goto('/change-password');
      await otherPage.waitForURL(/\/login/, { timeout: 20_000 });
    } finally {
      await other.close();
    }
  });

  it('registers a passkey with the virtual authenticator, then signs in with it alone', async () => {
    const page = browser.page();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
      },
    });

    await signInThroughUi(page, suite.server.dataDir, EMAIL, DEMO_PASSWORD);
    await page.goto('/change-password');
    await page.getByTestId('passkeys-empty').waitFor();
    await page.getByTestId('passkey-add-start').click();
    await page.getByTestId('passkey-add-input').fill('Test laptop');
    await page.getByTestId('passkey-add-submit').click();
    await page.getByTestId('passkey-row').waitFor();
    expect(await page.getByTestId('passkey-row').first().textContent()).toContain('Test laptop');
    await page.screenshot({ path: join(SHOTS, 'passkeys.png'), fullPage: true });

    await page.getByTestId('user-menu-toggle').click();
    await page.getByTestId('sign-out').click();
    await page.waitForURL(/\/login$/);
    await page.getByTestId('passkey-sign-in').click();
    await page.getByTestId('header-user-email').waitFor({ state: 'visible' });
    await expect.poll(() => page.getByTestId('header-user-email').textContent()).toBe(EMAIL);

    await page.goto('/change-password');
    await page.getByTestId('passkey-row').waitFor();
    expect(await page.getByTestId('passkey-row').first().textContent()).not.toContain('Never');
  });
});
