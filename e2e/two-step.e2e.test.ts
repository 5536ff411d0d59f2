// Two-step sign-in with an authenticator app, in Chromium against the real server: set the app up on
// the account page, then sign in with a code from it, and with a recovery code. The codes are computed
// from the secret the page shows, as a phone would.
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { totpCodeAt } from '../apps/api/src/modules/auth/totp-code.ts';
import { ARTIFACTS_DIR } from './support/browser.ts';
import { DEMO_PASSWORD } from './support/server.ts';
import { describeBrowser, useDemoSuite } from './support/suite.ts';
import { signInThroughUi } from './support/ui-sign-in.ts';

const EMAIL = 'owner@acme.example';

describeBrowser('two-step sign-in with an authenticator app', () => {
  const suite = useDemoSuite();
  const { browser } = suite;

  it('sets the app up, then signs in with its code and with a recovery code', async () => {
    const page = browser.page();
    await signInThroughUi(page, suite.server.dataDir, EMAIL, DEMO_PASSWORD);
    await page.goto('/change-password');
    await page.getByTestId('totp-setup-start').click();
    const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await page.getByTestId('totp-qr').getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    await page.getByTestId('totp-confirm-code').fill(totpCodeAt(secret, new Date()));
    await page.getByTestId('totp-confirm-submit').click();
    await page.getByTestId('recovery-codes').waitFor();
    const recoveryCodes = await page.getByTestId('recovery-codes-list').locator('li').allTextContents();
    expect(recoveryCodes).toHaveLength(10);
    await page.getByTestId('recovery-codes-done').click();
    await page.getByTestId('totp-on').waitFor();

    const signOut = async () => {
      await page.getByTestId('user-menu-toggle').click();
      await page.getByTestId('sign-out').click();
      await page.waitForURL(/\/login$/);
    };
    const enterPassword = async () => {
      await page.getByTestId('login-email').fill(EMAIL);
      await page.getByTestId('login-password').fill(DEMO_PASSWORD);
      await page.getByTestId('login-submit').click();
      await page.waitForURL(/\/otp/);
    };

    await signOut();
    await enterPassword();
    await page.getByRole('heading', { name: 'Enter the code from your app' }).waitFor();
    // The confirming code's step is spent; the next step's code is within the one step of drift allowed.
    await page.getByTestId('otp-code').fill(totpCodeAt(secret, new Date(Date.now() + 30_000)));
    await page.getByTestId('otp-submit').click();
    await page.getByTestId('header-user-email').waitFor({ state: 'visible' });

    await signOut();
    await enterPassword();
    await page.getByTestId('otp-method-recovery_code').click();
    await page.getByTestId('otp-code').fill(recoveryCodes[0]!);
    await page.getByTestId('otp-submit').click();
    await page.getByTestId('header-user-email').waitFor({ state: 'visible' });
    await expect.poll(() => page.getByTestId('header-user-email').textContent()).toBe(EMAIL);
  });
});

describeBrowser('a second factor the merchant requires', () => {
  const suite = useDemoSuite();
  const { browser } = suite;

  it('the owner turns the rule on, is sent to set up an app, and continues once it is set up', async () => {
    const page = browser.page();
    await signInThroughUi(page, suite.server.dataDir, EMAIL, DEMO_PASSWORD);
    await page.goto('/users');
    await page.getByTestId('second-factor-rule-switch').click();
    await page.getByRole('button', { name: 'Yes, require it' }).click();

    // The owner has no app or passkey either: the next request sends them to the account page.
    await page.waitForURL(/\/change-password$/);
    await page.getByTestId('second-factor-required').waitFor();
    expect(await page.getByTestId('second-factor-required').textContent()).toContain(
      'Your organisation requires an authenticator app or a passkey.',
    );
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'second-factor-required.png'), fullPage: true });
    await page.goto('/transactions');
    await page.waitForURL(/\/change-password$/);

    await page.getByTestId('totp-setup-start').click();
    const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
    await page.getByTestId('totp-confirm-code').fill(totpCodeAt(secret, new Date()));
    await page.getByTestId('totp-confirm-submit').click();
    await page.getByTestId('recovery-codes-done').click();
    await page.getByTestId('second-factor-continue').click();
    await page.waitForURL((url) => !url.pathname.startsWith('/change-password'));
    await page.goto('/users');
    await page.getByTestId('users-table').waitFor();
    expect(await page.getByTestId('second-factor-rule-switch').isChecked()).toBe(true);
  });
});
