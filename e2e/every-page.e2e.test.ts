// Every distinct page, for the owner, the clerk (a sub-user), the platform admin, a staff admin and a buyer, at
// 1280×800 and on a 390×844 phone (the customer portal signed in as a customer too, and in dark mode), with the demo data: a full-page screenshot of each goes to
// e2e/artifacts/pages/ for a person to look at, and each page must not scroll sideways, must not cut
// a table cell's text, and must have no serious or critical axe-core violation.
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { expect, it } from 'vitest';
import { api, apiSignIn } from './support/api-session.ts';
import { ARTIFACTS_DIR } from './support/browser.ts';
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
    const signInPath = async () =>
      new URL((await call<{ url: string }>('POST', `/customer/${customer.id}/portal-link/`, { send_email: false })).url)
        .pathname;
    const problems: string[] = [];
    for (const width of [1280, 390]) {
      problems.push(
        ...(await auditPages(browser.browser(), suite.server, 'customer', null, [await signInPath(), portal], [width])),
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
    } finally {
      await context.close();
    }
  }, 600_000);
});
