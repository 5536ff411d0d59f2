// Every distinct page, for the owner, the clerk (a sub-user), the platform admin and a buyer, at
// 1280×800 and on a 390×844 phone, with the demo data: a full-page screenshot of each goes to
// e2e/artifacts/pages/ for a person to look at, and each page must not scroll sideways, must not cut
// a table cell's text, and must have no serious or critical axe-core violation.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { api, apiSignIn } from './support/api-session.ts';
import { ARTIFACTS_DIR, useBrowser } from './support/browser.ts';
import { axeViolations, clippedCells, settle, sidewaysScroll } from './support/page-audit.ts';
import { DEMO_PASSWORD, type KassaServer, startServer } from './support/server.ts';
import { describeBrowser } from './support/suite.ts';

const SHOTS_DIR = join(ARTIFACTS_DIR, 'pages');
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

interface Tokens {
  access: string;
  refresh: string;
}

const slug = (path: string) =>
  path
    .replace(/^\//, '')
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/-$/, '') || 'home';

async function signedInPage(
  browser: Browser,
  server: KassaServer,
  tokens: Tokens | null,
  width: number,
  height: number,
) {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width, height } });
  if (tokens) {
    await context.addCookies([
      { name: 'token', value: tokens.access, url: server.url },
      { name: 'refresh', value: tokens.refresh, url: server.url },
    ]);
  }
  const page = await context.newPage();
  return { context, page };
}

/** The private pages a user can reach: its menu, plus the pages one click deeper. */
async function discoverPages(page: Page, extra: (page: Page) => Promise<string[]>): Promise<string[]> {
  await page.goto('/');
  await page.getByTestId('header-user-email').waitFor();
  await settle(page);
  const landing = new URL(page.url()).pathname;
  const menu = await page
    .locator('[data-testid="sidebar"] a[href]')
    .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  return [...new Set([landing, ...menu, ...(await extra(page)), '/change-password'])];
}

/** The href of the first link matching `selector` on `path`, or nothing when the list is empty. */
async function firstLink(page: Page, path: string, selector: string): Promise<string[]> {
  await page.goto(path);
  await settle(page);
  const href = await page
    .locator(selector)
    .first()
    .getAttribute('href', { timeout: 5_000 })
    .catch(() => null);
  return href ? [new URL(href, page.url()).pathname + new URL(href, page.url()).search] : [];
}

async function auditPages(browser: Browser, server: KassaServer, who: string, tokens: Tokens | null, paths: string[]) {
  mkdirSync(SHOTS_DIR, { recursive: true });
  const problems: string[] = [];
  for (const viewport of VIEWPORTS) {
    const { context, page } = await signedInPage(browser, server, tokens, viewport.width, viewport.height);
    try {
      for (const path of paths) {
        await page.goto(path);
        await settle(page);
        await page.screenshot({ path: join(SHOTS_DIR, `${who}-${viewport.width}-${slug(path)}.png`), fullPage: true });
        const found = [...(await sidewaysScroll(page)), ...(await clippedCells(page)), ...(await axeViolations(page))];
        for (const problem of found) problems.push(`${who} ${viewport.width} ${path}: ${problem}`);
      }
    } finally {
      await context.close();
    }
  }
  return problems;
}

describeBrowser('every page at 1280 and 390 px: no sideways scroll, no cut cells, no serious axe violations', () => {
  let server: KassaServer;
  beforeAll(async () => {
    server = await startServer({ demo: true });
  });
  afterAll(() => server?.stop());
  const browser = useBrowser({ baseURL: () => server.url });

  it.each([
    ['owner', 'owner@acme.example'],
    ['clerk', 'clerk@acme.example'],
    ['admin', 'admin@kassa.local'],
  ])(
    '%s pages',
    async (who, email) => {
      const tokens = await apiSignIn(server, email, DEMO_PASSWORD);
      const { context, page } = await signedInPage(browser.browser(), server, tokens, 1280, 800);
      const paths = await discoverPages(page, async (p) => {
        const deeper: string[] = [];
        if (who !== 'clerk') deeper.push(...(await firstLink(p, '/transactions', 'a[href^="/transactions/"]')));
        if (who === 'admin') deeper.push(...(await firstLink(p, '/merchants', 'a[href^="/merchant-detail/"]')));
        if (who === 'owner') deeper.push('/welcome', '/add-edit-invoice');
        return deeper;
      });
      await context.close();
      expect(paths.length).toBeGreaterThan(3);
      const problems = await auditPages(browser.browser(), server, who, tokens, paths);
      expect(problems).toEqual([]);
    },
    600_000,
  );

  it('buyer pages', async () => {
    const owner = await apiSignIn(server, 'owner@acme.example', DEMO_PASSWORD);
    const products = await api<{ results: { id: string }[] }>(server, 'GET', '/product/', { token: owner.access });
    const invoices = await api<{ results: { id: string; status: string }[] }>(server, 'GET', '/invoice/', {
      token: owner.access,
    });
    const quick = await api<{ results: { id: string }[] }>(server, 'GET', '/quick-payment/', { token: owner.access });
    const open = invoices.results.find((invoice) => invoice.status !== 'paid' && invoice.status !== 'draft');
    const paths = [
      '/login',
      '/forgot-password',
      `/checkout/${products.results[0]!.id}`,
      `/quickpayment/checkout/${quick.results[0]!.id}`,
      ...(open ? [`/invoice/checkout/${open.id}`, `/invoice/copy/${open.id}`] : []),
    ];
    const problems = await auditPages(browser.browser(), server, 'buyer', null, paths);
    expect(problems).toEqual([]);
  }, 600_000);
});
