// Dark mode in Chromium: a browser whose system asks for dark gets the dark theme on the portal and the
// buyer pages, the hosted card fields follow the page that embeds them, the header's switch picks light,
// dark or system and the choice survives a reload; three pages (dashboard, a product checkout, the
// invoice list) in dark have no serious or critical axe violation (colour contrast included).
// Screenshots go to e2e/artifacts/dark-mode-*.png for a person to look at.
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { api, apiSignIn } from './support/api-session.ts';
import { ARTIFACTS_DIR } from './support/browser.ts';
import { axeViolations, settle, type Tokens } from './support/page-audit.ts';
import { DEMO_PASSWORD } from './support/server.ts';
import { describeBrowser, useDemoSuite } from './support/suite.ts';

const themeOf = (page: Page) => page.evaluate(() => document.documentElement.getAttribute('data-bs-theme'));

describeBrowser('dark mode: system setting, header switch, buyer pages and hosted fields', () => {
  const suite = useDemoSuite();
  const { browser } = suite;

  /** A page in a browser whose system setting is `colorScheme`, signed in when tokens are given. */
  async function pageWith(colorScheme: 'light' | 'dark', tokens: Tokens | null) {
    const context = await (browser.browser() as Browser).newContext({
      baseURL: suite.server.url,
      viewport: { width: 1280, height: 800 },
      colorScheme,
      // axe-core goes in as an inline script, which the app's CSP rightly refuses.
      bypassCSP: true,
    });
    if (tokens) {
      await context.addCookies([
        { name: 'token', value: tokens.access, url: suite.server.url },
        { name: 'refresh', value: tokens.refresh, url: suite.server.url },
      ]);
    }
    return { context, page: await context.newPage() };
  }

  async function look(page: Page, path: string, name: string) {
    await page.goto(path);
    await settle(page);
    await page.screenshot({ path: join(ARTIFACTS_DIR, `dark-mode-${name}.png`), fullPage: true });
    return axeViolations(page);
  }

  it('follows a dark system on the dashboard, a checkout and the invoice list, with no contrast problem', async () => {
    const tokens = await apiSignIn(suite.server, 'owner@acme.example', DEMO_PASSWORD);
    const products = await api<{ results: { id: string }[] }>(suite.server, 'GET', '/product/', {
      token: tokens.access,
    });
    const { context, page } = await pageWith('dark', tokens);
    try {
      const problems: string[] = [];
      problems.push(...(await look(page, '/dashboard', 'dashboard')).map((p) => `dashboard: ${p}`));
      expect(await themeOf(page)).toBe('dark');
      problems.push(...(await look(page, '/invoice', 'invoices')).map((p) => `invoices: ${p}`));
      expect(await themeOf(page)).toBe('dark');

      const buyer = await pageWith('dark', null);
      try {
        const checkout = `/checkout/${products.results[0]!.id}`;
        await buyer.page.goto(checkout);
        // The hosted card fields take the checkout page's theme.
        const fields = buyer.page.frameLocator('[data-testid=payment-fields-card] iframe');
        await fields.locator('#card-number').waitFor({ timeout: 15_000 });
        expect(await fields.locator('html').getAttribute('data-bs-theme')).toBe('dark');
        problems.push(...(await look(buyer.page, checkout, 'checkout')).map((p) => `checkout: ${p}`));
        expect(await themeOf(buyer.page)).toBe('dark');
      } finally {
        await buyer.context.close();
      }
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);

  it('the header switch picks dark on a light system, remembers it, and goes back to the system', async () => {
    const tokens = await apiSignIn(suite.server, 'owner@acme.example', DEMO_PASSWORD);
    const { context, page } = await pageWith('light', tokens);
    try {
      await page.goto('/dashboard');
      await settle(page);
      expect(await themeOf(page)).toBe('light');
      await page.getByTestId('color-mode-toggle').click();
      await page.screenshot({ path: join(ARTIFACTS_DIR, 'dark-mode-switch-menu.png') });
      await page.getByTestId('color-mode-dark').click();
      expect(await themeOf(page)).toBe('dark');
      await page.reload();
      await settle(page);
      expect(await themeOf(page)).toBe('dark');
      await page.getByTestId('color-mode-toggle').click();
      await page.getByTestId('color-mode-system').click();
      expect(await themeOf(page)).toBe('light');
    } finally {
      await context.close();
    }
  }, 120_000);
});
