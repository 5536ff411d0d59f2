// Every distinct page, for the owner, the clerk (a sub-user), the platform admin, a staff admin and a buyer, at
// 1280×800 and on a 390×844 phone, with the demo data: a full-page screenshot of each goes to
// e2e/artifacts/pages/ for a person to look at, and each page must not scroll sideways, must not cut
// a table cell's text, and must have no serious or critical axe-core violation.
import { expect, it } from 'vitest';
import { api, apiSignIn } from './support/api-session.ts';
import { auditPages, privatePagesOf } from './support/page-audit.ts';
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
});
