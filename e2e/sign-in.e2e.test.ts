// sign-in with the mailed one-time code, landing by role, the clerk's menu,
// sign-out, the logged-out redirect and the 404 page, in Chromium against the real server.
import { expect, it } from 'vitest';
import { DEMO_PASSWORD } from './support/server.ts';
import { describeBrowser, useDemoSuite } from './support/suite.ts';
import { signInThroughUi } from './support/ui-sign-in.ts';

describeBrowser('sign-in and the app shell', () => {
  const suite = useDemoSuite();
  const { browser } = suite;

  it('signs the admin in with the code from the outbox and lands on Merchants', async () => {
    const page = browser.page();
    await signInThroughUi(page, suite.server.dataDir, 'admin@kassa.local', DEMO_PASSWORD);
    await page.waitForURL(/\/merchants$/);
    await expect.poll(() => page.getByTestId('header-user-email').textContent()).toBe('admin@kassa.local');
    for (const entry of ['nav-merchants', 'nav-catalog', 'nav-transactions', 'nav-admin-users', 'nav-industry-types']) {
      await expect.poll(() => page.getByTestId(entry).count(), { message: entry }).toBe(1);
    }
  });

  it('gives the staff admin only what its permissions allow', async () => {
    const page = browser.page();
    await signInThroughUi(page, suite.server.dataDir, 'staffadmin@kassa.local', DEMO_PASSWORD);
    await page.waitForURL(/\/merchants$/);
    expect(await page.getByTestId('nav-merchants').count()).toBe(1);
    expect(await page.getByTestId('nav-transactions').count()).toBe(1);
    expect(await page.getByTestId('nav-catalog').count()).toBe(0);
    expect(await page.getByTestId('nav-industry-types').count()).toBe(0);
    expect(await page.getByTestId('nav-admin-users').count()).toBe(0);
  });

  it('shows the clerk only the permitted Payment Hub entries', async () => {
    const page = browser.page();
    await signInThroughUi(page, suite.server.dataDir, 'clerk@acme.example', DEMO_PASSWORD);
    // The menu fills in once the user's app access has loaded.
    await page.getByTestId('nav-app-pr').waitFor();
    expect(await page.getByTestId('nav-app-inv').count()).toBe(1);
    // Products view is a paying app's view: the clerk sees the transactions it brings in.
    expect(await page.getByTestId('nav-transactions').count()).toBe(1);
    for (const hidden of [
      'nav-app-vt',
      'nav-app-qp',
      'nav-app-pcon',
      'nav-dashboard',
      'nav-user-management',
      'nav-merchants',
    ]) {
      expect(await page.getByTestId(hidden).count(), hidden).toBe(0);
    }
  });

  it('signs out to the login page, after which private pages send back to login', async () => {
    const page = browser.page();
    await signInThroughUi(page, suite.server.dataDir, 'owner@acme.example', DEMO_PASSWORD);
    await page.getByTestId('user-menu-toggle').click();
    await page.getByTestId('sign-out').click();
    await page.waitForURL(/\/login$/);
    await page.goto('/transactions');
    await page.waitForURL(/\/login$/);
    await page.getByTestId('login-email').waitFor();
  });

  it('sends a logged-out visit to /transactions to the login page', async () => {
    const page = browser.page();
    await page.goto('/transactions');
    await page.waitForURL(/\/login$/);
  });

  it('shows _404 for an unknown path', async () => {
    const page = browser.page();
    await page.goto('/no/such/page');
    await expect.poll(() => page.getByTestId('not-found').textContent()).toContain('_404');
  });

  it('refuses a wrong password with the same message as an unknown e-mail', async () => {
    const page = browser.page();
    const attempt = async (email: string, password: string) => {
      await page.goto('/login');
      await page.getByTestId('login-email').fill(email);
      await page.getByTestId('login-password').fill(password);
      await page.getByTestId('login-submit').click();
      const error = page.getByTestId('login-error');
      await error.waitFor();
      return error.textContent();
    };
    const wrong = await attempt('owner@acme.example', 'not-the-password');
    const unknown = await attempt('nobody@nowhere.example', 'not-the-password');
    expect(wrong).toContain('Incorrect e-mail or password.');
    expect(unknown).toBe(wrong);
  });
});
