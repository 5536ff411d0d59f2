// the example parent page on another origin embeds the portal (with a
// one-time embed session its server mints with an API key), the
// embedded session lands on its allowed tab (Products), its sidebar shows only that entry, and
// another section (Invoices) is refused by the server with 403, a payment opens without the Refund
// the server would refuse it (refunds go through the Virtual Terminal); the owner opens a financing partner
// through SSO from the Financing Hub and the demo partner shows the verified merchant.
import type { ApiKeyWithSecret } from '@kassa/contract/developers';
import type { EmbedDetails } from '@kassa/contract/embed';
import type { FinancialConnectionView } from '@kassa/contract/financing';
import type { IndustryType } from '@kassa/contract/industry-types';
import type { TransactionDetail, TransactionItem } from '@kassa/contract/transactions';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type RunningEmbedParent, startEmbedParent } from '../apps/api/src/demo/embed-parent.ts';
import { type RunningPartner, startFinancingPartner } from '../apps/api/src/demo/financing-partner.ts';
import { api, apiSignIn } from './support/api-session.ts';
import { useBrowser } from './support/browser.ts';
import { DEMO_PASSWORD, type KassaServer, startServer } from './support/server.ts';
import { describeBrowser } from './support/suite.ts';

const PARTNER_SECRET = 'e2e-partner-shared-secret-0123456789';

describeBrowser('embedded portal and Financing Hub SSO', () => {
  let server: KassaServer;
  let parent: RunningEmbedParent;
  let partner: RunningPartner;
  let owner: { access: string; refresh: string };

  beforeAll(async () => {
    server = await startServer({ demo: true });
    owner = await apiSignIn(server, 'owner@acme.example', DEMO_PASSWORD);
    // The parent page runs on its own port: another origin than Kassa's. It is opened as
    // http://127.0.0.1:<port>, the same site as Kassa, because Chromium's test contexts block
    // third-party storage: a cross-site iframe there gets no localStorage, which the portal needs.
    await api<EmbedDetails>(server, 'POST', '/auth/embed-data/', {
      token: owner.access,
      body: { allowed_domains: ['127.0.0.1'], allowed_segments: ['PR'] },
    });
    // The parent's server holds an API key with embed:write and mints a one-time session per page load.
    const key = await api<ApiKeyWithSecret>(server, 'POST', '/developers/api-keys/', {
      token: owner.access,
      body: { name: 'Parent shop', mode: 'test', scopes: ['embed:write'] },
    });
    parent = await startEmbedParent({ port: 0, kassaUrl: server.url, apiKey: key.secret, domain: '127.0.0.1' });
    partner = await startFinancingPartner({ port: 0, secret: PARTNER_SECRET });
  });
  afterAll(async () => {
    await parent?.close();
    await partner?.close();
    await server?.stop();
  });
  const browser = useBrowser({ baseURL: () => server.url });

  it('the parent page embeds the portal on its allowed tab only; another section gets 403', async () => {
    const page = browser.page();
    await page.goto(parent.url.replace('//localhost:', '//127.0.0.1:'));
    const frame = page.frameLocator('#kassa-portal');
    await expect.poll(() => frame.getByTestId('page-title').textContent(), { timeout: 20_000 }).toBe('Products');
    const portal = page.frames().find((f) => f.url().startsWith(server.url))!;
    expect(new URL(portal.url()).pathname).toBe('/products');

    // The sidebar holds only the allowed entry and the transactions it brings in (the API opens them
    // through an allowed paying app); the header's menu is hidden for an outside referrer.
    const navLinks = frame.getByTestId('sidebar').locator('[data-testid^="nav-"]:not([data-testid^="nav-group"])');
    await expect.poll(() => navLinks.count()).toBe(2);
    expect(await frame.getByTestId('nav-app-pr').count()).toBe(1);
    expect(await frame.getByTestId('nav-transactions').count()).toBe(1);
    expect(await frame.getByTestId('nav-app-inv').count()).toBe(0);
    expect(await frame.getByTestId('user-menu-toggle').count()).toBe(0);

    // docs/product-rules.md#api-calls, docs/product-rules.md#constants: the embed access cookie — 1 day, Secure, SameSite None.
    const cookie = (await browser.context().cookies()).find((c) => c.name === 'token')!;
    expect(cookie.secure).toBe(true);
    expect(cookie.sameSite).toBe('None');
    const lifetime = cookie.expires - Date.now() / 1000;
    expect(lifetime).toBeGreaterThan(23 * 3600);
    expect(lifetime).toBeLessThanOrEqual(24 * 3600 + 60);

    // Going to Invoices inside the frame: the page checks the same rule as the menu and shows
    // Unauthorized without asking, and the server refuses the section's data all the same.
    await portal.evaluate(() => {
      window.history.pushState({}, '', '/invoice');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect.poll(() => frame.getByTestId('unauthorized').count(), { timeout: 15_000 }).toBe(1);
    const refused = await portal.evaluate(async () => {
      const token = document.cookie
        .split('; ')
        .find((c) => c.startsWith('token='))
        ?.slice('token='.length);
      const res = await fetch('/apiv1/invoice/', {
        headers: { authorization: `Bearer ${decodeURIComponent(token ?? '')}` },
      });
      return { status: res.status, message: ((await res.json()) as { message?: string }).message };
    });
    expect(refused).toEqual({ status: 403, message: 'This embedded session does not include that section.' });
  });

  it('the embedded session reads a refundable payment without Refund: refunds need the Virtual Terminal', async () => {
    const page = await api<{ results: TransactionItem[] }>(server, 'POST', '/transaction/transaction-details/', {
      token: owner.access,
      body: { status: ['capture_succeeded'], page: 1, page_size: 20 },
    });
    const paid = page.results[0]!;
    const detail = await api<TransactionDetail>(server, 'GET', `/transaction/${paid.id}/`, { token: owner.access });
    expect(detail.refundable_amount).toBeGreaterThan(0);

    const browserPage = browser.page();
    await browserPage.goto(parent.url.replace('//localhost:', '//127.0.0.1:'));
    const frame = browserPage.frameLocator('#kassa-portal');
    await expect.poll(() => frame.getByTestId('page-title').textContent(), { timeout: 20_000 }).toBe('Products');
    const portal = browserPage.frames().find((f) => f.url().startsWith(server.url))!;
    await portal.evaluate((path) => {
      window.history.pushState({}, '', path);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, `/transactions/${paid.id}`);
    await expect.poll(() => frame.getByTestId('detail-refundable').count(), { timeout: 15_000 }).toBe(1);
    expect(await frame.getByTestId('refund-open').count()).toBe(0);
  });

  it('the owner opens a financing partner through SSO and the partner shows the verified merchant', async () => {
    const admin = await apiSignIn(server, server.admin.email, server.admin.password);
    const industries = await api<{ results: IndustryType[] }>(
      server,
      'GET',
      '/connection/industry-type/?page_size=1000',
      {
        token: admin.access,
      },
    );
    const retail = industries.results.find((i) => i.name === 'Retail')!;
    await api<FinancialConnectionView>(server, 'POST', '/admin/merchant/financial-connection/', {
      token: admin.access,
      body: {
        name: 'Demo Capital',
        description: 'Working capital for retailers.',
        sso_url: partner.ssoUrl,
        shared_secret: PARTNER_SECRET,
        industry_type_ids: [retail.id],
        is_active: true,
      },
    });

    const context = browser.context();
    await context.addCookies([
      { name: 'token', value: owner.access, url: server.url },
      { name: 'refresh', value: owner.refresh, url: server.url },
    ]);
    const page = browser.page();
    await page.goto('/connections');
    const card = page.getByTestId('partner-card').filter({ hasText: 'Demo Capital' });
    await card.waitFor({ timeout: 15_000 });
    const [partnerPage] = await Promise.all([context.waitForEvent('page'), card.getByTestId('partner-open').click()]);
    await partnerPage.waitForURL(/\/welcome\//, { timeout: 15_000 });
    expect(await partnerPage.locator('h1#welcome').textContent()).toBe('Welcome, Acme Outfitters');
    expect(await partnerPage.textContent('body')).toContain('Signature verified');
  });
});
