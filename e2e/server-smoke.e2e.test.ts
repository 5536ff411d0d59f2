// The server the harness starts is the one `npm start` runs: API, security headers and the built web
// app with its single-page fallback, and Chromium renders the login page under the real CSP.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { useBrowser } from './support/browser.ts';
import { type KassaServer, startServer } from './support/server.ts';
import { describeBrowser } from './support/suite.ts';

describeBrowser('server smoke', () => {
  let server: KassaServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server?.stop());
  const browser = useBrowser({ baseURL: () => server.url });

  it('answers the health check', async () => {
    const res = await fetch(`${server.url}/apiv1/health/`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'success', result: { database: 'ok', migrations: 'current' } });
  });

  it('serves the web app at / with the Content-Security-Policy', async () => {
    const res = await fetch(`${server.url}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await res.text();
    expect(html).toContain('<div id="root">');
    // The built page, not the Vite source: scripts come from hashed assets.
    expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/[^"]+\.js">/);
  });

  it('answers an unknown deep path with the same page (single-page fallback)', async () => {
    const [root, deep] = await Promise.all([fetch(`${server.url}/`), fetch(`${server.url}/some/deep/path-42`)]);
    expect(deep.status).toBe(200);
    expect(deep.headers.get('content-security-policy')).toContain("object-src 'none'");
    expect(await deep.text()).toBe(await root.text());
    const api = await fetch(`${server.url}/apiv1/nope/`);
    expect(api.status).toBe(404);
  });

  it('opens the API reference at /apiv1/docs in Chromium, built from the served document', async () => {
    // The document of the app as `npm start` builds it, web app routes included.
    const json = await fetch(`${server.url}/apiv1/docs/json`);
    expect(json.status).toBe(200);
    const doc = (await json.json()) as { paths: Record<string, unknown> };
    expect(doc.paths).toHaveProperty(['/apiv1/product/']);
    expect(Object.keys(doc.paths).some((path) => path.startsWith('/assets/'))).toBe(false);

    const page = browser.page();
    await page.goto('/apiv1/docs');
    // Swagger UI loaded the document: its title, the first operation and the webhook catalogue, and
    // not its "Failed to load API definition" box.
    await page.locator('.swagger-ui .info .title').getByText('Kassa API').waitFor({ state: 'visible' });
    await page.locator('.swagger-ui [data-path="/apiv1/health/"]').waitFor({ state: 'visible' });
    await page.locator('.swagger-ui [data-path="payment.refunded"]').waitFor({ state: 'visible' });
    expect(await page.locator('.swagger-ui .errors-wrapper').count()).toBe(0);
    expect(browser.errors()).toEqual([]);
  });

  it('renders the login page in Chromium without script errors', async () => {
    const page = browser.page();
    await page.goto('/login');
    await expect.poll(() => page.title()).toMatch(/Kassa/);
    await page.locator('input[type="password"]').waitFor({ state: 'visible' });
    await page.locator('#page-loader').waitFor({ state: 'detached' });
    expect(browser.errors()).toEqual([]);
  });
});
