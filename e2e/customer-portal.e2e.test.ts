// The customer portal in the browser (docs/product-rules.md#customer-portal): a customer asks for a
// sign-in link on the merchant's billing page, opens it from the mail outbox, sees their subscription
// and cancels it at the end of the period after a confirmation; the owner then sees the subscription
// ending at the end of its period. Screenshots at 1280 and 390 px go to e2e/artifacts.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { api, apiSignIn } from './support/api-session.ts';
import { ARTIFACTS_DIR } from './support/browser.ts';
import { extractLink, waitForMail } from './support/outbox.ts';
import { DEMO_PASSWORD } from './support/server.ts';
import { describeBrowser, useDemoSuite } from './support/suite.ts';
import { signInThroughUi } from './support/ui-sign-in.ts';

const run = Date.now();

async function shoot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: join(ARTIFACTS_DIR, `customer-portal-${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

describeBrowser('customer portal: a customer cancels a subscription at the end of its period', () => {
  const suite = useDemoSuite();
  const { browser } = suite;

  it('signs in with an e-mailed link, cancels at period end, and the owner sees it', async () => {
    const token = (await apiSignIn(suite.server, 'owner@acme.example', DEMO_PASSWORD)).access;
    const call = <T>(method: string, path: string, body?: unknown) =>
      api<T>(suite.server, method, path, { token, body });
    const products = await call<{ results: { id: string; currency: string }[] }>('GET', '/product/?search=Summit');
    const product = products.results[0]!;
    const price = await call<{ id: string }>('POST', '/price/', {
      product_id: product.id,
      amount: 1_900,
      currency: product.currency,
      interval: 'month',
      mode: 'test',
    });
    const email = `portal-${run}@example.com`;
    const customer = await call<{ id: string }>('POST', '/customer/', { name: 'Grace Hopper', email, mode: 'test' });
    const sub = await call<{ id: string; merchant_id: string }>('POST', '/subscription/', {
      customer_id: customer.id,
      price_id: price.id,
      collection_method: 'send_invoice',
    });

    const page = browser.page();
    await page.goto(`/billing/${sub.merchant_id}`);
    await page.getByLabel('E-mail address').fill(email);
    const asked = Date.now();
    await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
    await page.getByTestId('portal-link-sent').waitFor({ timeout: 15_000 });
    await shoot(page, 'sign-in');

    const mail = await waitForMail(suite.server.dataDir, email, { after: asked - 2_000, subject: /Sign in/ });
    await page.goto(extractLink(mail, /\/billing\/sign-in\//));
    const row = page.getByTestId(`subscription-${sub.id}`);
    await row.waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('portal-customer').textContent()).toContain('Grace Hopper');
    expect(await row.getByTestId('subscription-status').textContent()).toBe('Active');
    await shoot(page, 'signed-in');

    await row.getByRole('button', { name: 'Cancel at period end' }).click();
    await row.getByRole('button', { name: 'Yes, cancel' }).click();
    await expect
      .poll(() => row.getByTestId('subscription-when').textContent(), { timeout: 15_000 })
      .toMatch(/^Ends on /);
    await shoot(page, 'canceled');

    // The link was used: opening it again says so in words.
    await page.goto(extractLink(mail, /\/billing\/sign-in\//));
    await page.getByTestId('checkout-unavailable').waitFor({ timeout: 15_000 });

    const owner = browser.page();
    await signInThroughUi(owner, suite.server.dataDir, 'owner@acme.example', DEMO_PASSWORD);
    await owner.goto(`/subscriptions/${sub.id}`);
    await expect.poll(() => owner.getByText('At the end of this period').count(), { timeout: 15_000 }).toBe(1);
  });
});
