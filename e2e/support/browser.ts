// Chromium through playwright-core (no browser download: Debian's binary, see browser-path.ts).
// useBrowser() gives each test a fresh context and page, keeps the browser for the file, and on a
// failed test writes a screenshot and the page's console errors to e2e/artifacts/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { browserPath } from './browser-path.ts';
import { ROOT } from './server.ts';

export const ARTIFACTS_DIR = join(ROOT, 'e2e', 'artifacts');

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  const executablePath = browserPath();
  if (!executablePath) throw new Error('No Chromium: set KASSA_E2E_BROWSER or install chromium');
  return chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
}

export interface UseBrowserOptions extends Omit<BrowserContextOptions, 'baseURL'> {
  /** Read before each test, so it can name a server started in beforeAll: `() => server.url`. */
  baseURL?: () => string;
}

export interface BrowserSession {
  browser(): Browser;
  context(): BrowserContext;
  page(): Page;
  /** Console errors and uncaught page errors of the current test (CSP violations show up here). */
  errors(): string[];
}

export function useBrowser(opts: UseBrowserOptions = {}): BrowserSession {
  const { baseURL, ...contextOptions } = opts;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  let errors: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    errors = [];
    context = await browser!.newContext({
      viewport: { width: 1280, height: 800 },
      ...contextOptions,
      baseURL: baseURL?.(),
    });
    page = await context.newPage();
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail' && page) {
      mkdirSync(ARTIFACTS_DIR, { recursive: true });
      const name = `${ctx.task.file.name.replace(/^.*\//, '')}-${ctx.task.name}`.replace(/[^a-z0-9.-]+/gi, '_');
      await page.screenshot({ path: join(ARTIFACTS_DIR, `${name}.png`), fullPage: true }).catch(() => undefined);
      writeFileSync(join(ARTIFACTS_DIR, `${name}.log`), `url: ${page.url()}\n${errors.join('\n')}\n`);
    }
    await context?.close();
    context = undefined;
    page = undefined;
  });

  const need = <T>(value: T | undefined, what: string): T => {
    if (!value) throw new Error(`${what} is only available inside a test of a useBrowser() suite`);
    return value;
  };
  return {
    browser: () => need(browser, 'browser()'),
    context: () => need(context, 'context()'),
    page: () => need(page, 'page()'),
    errors: () => errors,
  };
}
