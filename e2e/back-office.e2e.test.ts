// "Done when", in Chromium against the real server with demo data: the admin registers a
// merchant, the invitation link from the outbox sets the owner's password, the owner signs in; the
// admin blocks the merchant and the owner's next sign-in is refused with the message; the staff
// admin sees Merchants and Transactions but not Catalog or Industry Type.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { extractLink, waitForMail } from './support/outbox.ts';
import { DEMO_PASSWORD } from './support/server.ts';
import { describeBrowser, useDemoSuite } from './support/suite.ts';
import { signInThroughUi } from './support/ui-sign-in.ts';

const OWNER_EMAIL = 'dora@dune-coffee.example';
const OWNER_PASSWORD = 'Dune-roastery-2026!';
const BLOCKED_MESSAGE = 'This merchant account is blocked. Contact the platform administrator.';

async function tryPassword(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

describeBrowser('platform back office', () => {
  const suite = useDemoSuite();
  const { browser } = suite;

  it('registers a merchant whose owner sets a password from the invitation, signs in, and is refused once blocked', async () => {
    const admin = browser.page();
    await signInThroughUi(admin, suite.server.dataDir, suite.server.admin.email, suite.server.admin.password);
    await admin.waitForURL(/\/merchants$/);
    await admin.getByTestId('merchant-row').first().waitFor();

    await admin.getByTestId('register-merchant').click();
    await admin.getByTestId('merchant-name').fill('Dune Coffee Roasters');
    await admin.getByTestId('merchant-email').fill('hello@dune-coffee.example');
    await admin.getByTestId('merchant-phone').fill('+1 415 555 2671');
    await admin.getByTestId('merchant-city').fill('Oakland');
    await admin.getByTestId('merchant-industry').selectOption({ label: 'Food & Beverage' });
    await admin.getByTestId('merchant-owner-first-name').fill('Dora');
    await admin.getByTestId('merchant-owner-last-name').fill('Dune');
    await admin.getByTestId('merchant-owner-email').fill(OWNER_EMAIL);
    const invitedAfter = Date.now();
    await admin.getByTestId('merchant-form-submit').click();
    await admin.waitForURL(/\/merchant-detail\/[0-9a-f-]{36}$/);
    await expect.poll(() => admin.getByTestId('merchant-name').textContent()).toBe('Dune Coffee Roasters');
    await expect.poll(() => admin.getByTestId('merchant-phone-value').textContent()).toBe('+1 415 555 2671');

    // The owner, in a browser of their own, follows the link from the invitation.
    const mail = await waitForMail(suite.server.dataDir, OWNER_EMAIL, {
      after: invitedAfter - 1_000,
      subject: /invited/i,
    });
    const link = new URL(extractLink(mail, '/reset-password'));
    const ownerContext = await browser.browser().newContext({ baseURL: suite.server.url });
    const owner = await ownerContext.newPage();
    await owner.goto(`${link.pathname}${link.search}`);
    await owner.getByTestId('reset-password').fill(OWNER_PASSWORD);
    await owner.getByTestId('reset-confirm-password').fill(OWNER_PASSWORD);
    await owner.getByTestId('reset-submit').click();
    // The invitation link proved the mailbox: setting the password signs the owner in.
    await expect.poll(() => owner.getByTestId('header-user-email').textContent()).toBe(OWNER_EMAIL);
    expect(owner.url()).not.toMatch(/\/(login|otp)$/);
    await ownerContext.close();

    // The admin blocks the merchant, confirming in the dialog.
    await admin.getByTestId('block-merchant').click();
    await admin.getByRole('button', { name: 'Yes, block merchant' }).click();
    await admin.getByTestId('merchant-blocked').waitFor();
    await admin.getByTestId('unblock-merchant').waitFor();
    await expect.poll(() => admin.getByTestId('merchant-audit').textContent()).toContain('Merchant blocked');

    const retryContext = await browser.browser().newContext({ baseURL: suite.server.url });
    const retry = await retryContext.newPage();
    await tryPassword(retry, OWNER_EMAIL, OWNER_PASSWORD);
    await expect.poll(() => retry.getByTestId('login-error').textContent()).toContain(BLOCKED_MESSAGE);
    expect(retry.url()).toMatch(/\/login$/);
    await retryContext.close();
  });

  it('shows the staff admin Merchants and Transactions but not Catalog or Industry Type', async () => {
    const page = browser.page();
    await signInThroughUi(page, suite.server.dataDir, 'staffadmin@kassa.local', DEMO_PASSWORD);
    await page.waitForURL(/\/merchants$/);
    await page.getByTestId('merchant-row').first().waitFor();
    expect(await page.getByTestId('nav-merchants').count()).toBe(1);
    expect(await page.getByTestId('nav-transactions').count()).toBe(1);
    expect(await page.getByTestId('nav-catalog').count()).toBe(0);
    expect(await page.getByTestId('nav-industry-types').count()).toBe(0);
    // Read-only: no register button on the list, no actions on a merchant.
    expect(await page.getByTestId('register-merchant').count()).toBe(0);
    await page.getByTestId('merchant-row').first().click();
    await page.getByTestId('merchant-profile').waitFor();
    expect(await page.getByTestId('merchant-actions').count()).toBe(0);
  });
});
