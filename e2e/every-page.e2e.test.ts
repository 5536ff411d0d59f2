// Every distinct page, for the owner, the clerk (a sub-user), the platform admin, a staff admin and a buyer, at
// 1280×800 and on a 390×844 phone (the customer portal signed in as a customer too, and in dark mode), with the demo data: a full-page screenshot of each goes to
// e2e/artifacts/pages/ for a person to look at, and each page must not scroll sideways, must not cut
// a table cell's text, and must have no serious or critical axe-core violation.
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { expect, it } from 'vitest';
import { api, apiSignIn } from './support/api-session.ts';
import { ARTIFACTS_DIR } from './support/browser.ts';
import { extractLink, waitForMail } from './support/outbox.ts';
import { auditPages, axeViolations, privatePagesOf, settle } from './support/page-audit.ts';
import { DEMO_PASSWORD } from './support/server.ts';
import { describeBrowser, useDemoSuite } from './support/suite.ts';

describeBrowser('every page at 1280 and 390 px: no sideways scroll, no cut cells, no serious axe violations', () => {
  const suite = useDemoSuite();
  const { browser } = suite;

  it.each([
    ['owner', 'owner@acme.example'],
    ['clerk', 'clerk@acme.example'],
    ['admin', 'admin@kassa.local'],
    ['staff-admin', 'staffadmin@kassa.local'],
  ])(
    '%s pages',
    async (who, email) => {
      const tokens = await apiSignIn(suite.server, email, DEMO_PASSWORD);
      const paths = await privatePagesOf(browser.browser(), suite.server, who, tokens);
      expect(paths.length).toBeGreaterThan(3);
      const problems = await auditPages(browser.browser(), suite.server, who, tokens, paths);
      expect(problems).toEqual([]);
    },
    600_000,
  );

  it('buyer pages', async () => {
    const owner = await apiSignIn(suite.server, 'owner@acme.example', DEMO_PASSWORD);
    const products = await api<{ results: { id: string }[] }>(suite.server, 'GET', '/product/', {
      token: owner.access,
    });
    const invoices = await api<{ results: { id: string; status: string }[] }>(suite.server, 'GET', '/invoice/', {
      token: owner.access,
    });
    const quick = await api<{ results: { id: string }[] }>(suite.server, 'GET', '/quick-payment/', {
      token: owner.access,
    });
    const open = invoices.results.find((invoice) => invoice.status !== 'paid' && invoice.status !== 'draft');
    const paths = [
      '/login',
      '/forgot-password',
      `/checkout/${products.results[0]!.id}`,
      `/quickpayment/checkout/${quick.results[0]!.id}`,
      ...(open ? [`/invoice/checkout/${open.id}`, `/invoice/copy/${open.id}`] : []),
    ];
    const problems = await auditPages(browser.browser(), suite.server, 'buyer', null, paths);
    expect(problems).toEqual([]);
  }, 600_000);

  it('the customer portal, signed in as a customer, and in dark mode', async () => {
    const owner = await apiSignIn(suite.server, 'owner@acme.example', DEMO_PASSWORD);
    const call = <T>(method: string, path: string, body?: unknown) =>
      api<T>(suite.server, method, path, { token: owner.access, body });
    const products = await call<{ results: { id: string; currency: string }[] }>('GET', '/product/?search=Summit');
    const price = await call<{ id: string }>('POST', '/price/', {
      product_id: products.results[0]!.id,
      amount: 4_900,
      currency: products.results[0]!.currency,
      interval: 'month',
      interval_count: 3,
      mode: 'test',
    });
    const customer = await call<{ id: string }>('POST', '/customer/', {
      name: 'Margaret Hamilton-Featherstonehaugh',
      email: `portal-pages-${Date.now()}@example.com`,
      mode: 'test',
    });
    const sub = await call<{ merchant_id: string }>('POST', '/subscription/', {
      customer_id: customer.id,
      price_id: price.id,
      collection_method: 'send_invoice',
    });
    const portal = `/billing/${sub.merchant_id}`;
    /** A fresh one-time sign-in link's path: each browser context signs in with its own. */
    const signInPath = async (customerId = customer.id) =>
      new URL((await call<{ url: string }>('POST', `/customer/${customerId}/portal-link/`, { send_email: false })).url)
        .pathname;

    // A customer whose first charge was declined: an incomplete subscription with "Pay now"
    // (docs/product-rules.md#incomplete-subscriptions), its card saved from the e-mailed add-card link.
    const unpaidEmail = `portal-unpaid-${Date.now()}@example.com`;
    const unpaid = await call<{ id: string }>('POST', '/customer/', {
      name: 'Bartholomew Incomplete-Payer',
      email: unpaidEmail,
      mode: 'test',
    });
    const asked = Date.now();
    await call('POST', `/customer/${unpaid.id}/payment-method/replace-link/`, {});
    const cardMail = await waitForMail(suite.server.dataDir, unpaidEmail, { after: asked - 2_000 });
    const addCardToken = extractLink(cardMail, /\/card\/add\//)
      .split('/')
      .pop()!;
    const saved = await fetch(`${suite.server.url}/apiv1/pay/add-card/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-add-card-token': addCardToken },
      // Saves fine, declines every charge (the sandbox's 0341 card).
      body: JSON.stringify({ card: { number: '4000000000000341', exp_month: 11, exp_year: 2031, cvc: '321' } }),
    });
    expect(saved.status, await saved.text()).toBe(200);
    const incomplete = await call<{ id: string; status: string }>('POST', '/subscription/', {
      customer_id: unpaid.id,
      price_id: price.id,
    });
    expect(incomplete.status).toBe('incomplete');

    const problems: string[] = [];
    for (const width of [1280, 390]) {
      problems.push(
        ...(await auditPages(browser.browser(), suite.server, 'customer', null, [await signInPath(), portal], [width])),
        ...(await auditPages(
          browser.browser(),
          suite.server,
          'customer-incomplete',
          null,
          [await signInPath(unpaid.id), portal],
          [width],
        )),
      );
    }
    expect(problems.filter((p) => !p.includes('/billing/sign-in/'))).toEqual([]);

    const context = await (browser.browser() as Browser).newContext({
      baseURL: suite.server.url,
      viewport: { width: 390, height: 844 },
      colorScheme: 'dark',
      bypassCSP: true,
    });
    try {
      const page = await context.newPage();
      await page.goto(await signInPath());
      await page.waitForURL(`**${portal}`, { timeout: 20_000 });
      await page.getByTestId('portal-subscriptions').getByRole('listitem').first().waitFor({ timeout: 20_000 });
      await settle(page);
      await page.screenshot({ path: join(ARTIFACTS_DIR, 'pages', 'customer-390-dark-billing.png'), fullPage: true });
      expect(await axeViolations(page)).toEqual([]);

      // "Pay now" on the phone: the declined card says so, and the way to add another card follows.
      await page.emulateMedia({ colorScheme: 'light' });
      await page.goto(await signInPath(unpaid.id));
      await page.waitForURL(`**${portal}`, { timeout: 20_000 });
      const row = page.getByTestId(`subscription-${incomplete.id}`);
      await row.getByTestId('subscription-pay').click();
      await row.getByRole('alert').waitFor({ timeout: 20_000 });
      // The pointer off the buttons: the screenshot shows them as the customer reads them, not hovered.
      await page.mouse.move(0, 0);
      await settle(page);
      await page.screenshot({
        path: join(ARTIFACTS_DIR, 'pages', 'customer-incomplete-390-pay-now-declined.png'),
        fullPage: true,
      });
      expect(await row.getByRole('alert').textContent()).toMatch(/declined/i);
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  }, 600_000);
});
