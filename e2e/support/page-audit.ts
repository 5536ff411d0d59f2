// What every page must pass whatever it shows: no sideways scroll, no table cell that cuts its
// text, and no serious or critical accessibility violation found by axe-core (injected from
// node_modules, never from a CDN). Each check returns readable findings so one run lists them all.
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { ARTIFACTS_DIR } from './browser.ts';

const require = createRequire(import.meta.url);
const AXE_PATH = require.resolve('axe-core/axe.min.js');

/** The document is wider than the window: the page scrolls sideways. */
export async function sidewaysScroll(page: Page): Promise<string[]> {
  const { doc, view } = await page.evaluate(() => ({
    doc: document.documentElement.scrollWidth,
    view: window.innerWidth,
  }));
  return doc > view ? [`the page is ${doc} px wide in a ${view} px window`] : [];
}

/**
 * Table cells whose text is cut: the cell's own content overflows it (ellipsis), or the cell lies
 * past the right edge of an ancestor that hides or scrolls its overflow. A scroller marked
 * `data-scroller` (a deliberate one, with a visible edge) may hold cells past its edge.
 */
export async function clippedCells(page: Page): Promise<string[]> {
  // A string, not a function: the test runner's transform would wrap named inner functions in a
  // helper that does not exist in the page.
  return page.evaluate<string[]>(`(() => {
    const found = [];
    const clipper = (el) => {
      for (let node = el.parentElement; node && node !== document.body; node = node.parentElement) {
        if (node.hasAttribute('data-scroller')) return null;
        if (getComputedStyle(node).overflowX !== 'visible') return node;
      }
      return null;
    };
    for (const el of document.querySelectorAll('td, th')) {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      const text = (el.innerText || '').trim().replace(/\\s+/g, ' ').slice(0, 40);
      if (!text) continue;
      if (el.scrollWidth > el.clientWidth + 1) {
        found.push('cell "' + text + '" is cut (' + el.scrollWidth + ' px of text in ' + el.clientWidth + ' px)');
        continue;
      }
      for (const inner of el.querySelectorAll('*')) {
        // A visually hidden label (1 px, clipped) is for screen readers and cuts nothing anyone sees.
        if (inner.clientWidth <= 1) continue;
        if (inner.scrollWidth > inner.clientWidth + 1 && getComputedStyle(inner).overflowX !== 'visible') {
          found.push('cell "' + text + '" cuts "' + (inner.innerText || '').trim().slice(0, 30) + '"');
          break;
        }
      }
      const box = clipper(el);
      // A visually hidden header row (1 px, clipped) is read by screen readers, not seen.
      if (box && box.getBoundingClientRect().width > 1) {
        const edge = box.getBoundingClientRect();
        if (rect.right > edge.right + 1 || rect.left < edge.left - 1) {
          found.push('cell "' + text + '" lies outside its ' + Math.round(edge.width) + ' px box');
        }
      }
    }
    return [...new Set(found)];
  })()`);
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/** axe-core's serious and critical violations, one line per rule with the first elements it names. */
export async function axeViolations(page: Page): Promise<string[]> {
  const hasAxe = await page.evaluate(() => 'axe' in window);
  if (!hasAxe) await page.addScriptTag({ path: AXE_PATH });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<unknown> } }).axe;
    const result = (await axe.run(document, { resultTypes: ['violations'] })) as { violations: AxeViolation[] };
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target })),
    }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => JSON.stringify(n.target))
          .join(', ')}${v.nodes.length > 3 ? ` (+${v.nodes.length - 3})` : ''}`,
    );
}

/** Waits until the page's requests are done and its loading placeholders are gone. */
export async function settle(page: Page) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page
    .waitForFunction(() => !document.querySelector('.placeholder-glow, .spinner-border, [aria-busy="true"]'), null, {
      timeout: 10_000,
    })
    .catch(() => undefined);
  await page.waitForTimeout(250);
}

const SHOTS_DIR = join(ARTIFACTS_DIR, 'pages');
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

export interface Tokens {
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
  server: { url: string },
  tokens: Tokens | null,
  width: number,
  height: number,
) {
  // bypassCSP: axe-core goes in as an inline script, which the app's CSP rightly refuses.
  const context = await browser.newContext({ baseURL: server.url, viewport: { width, height }, bypassCSP: true });
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

/** Screenshots and checks every path at each width; returns one line per problem found. */
export async function auditPages(
  browser: Browser,
  server: { url: string },
  who: string,
  tokens: Tokens | null,
  paths: string[],
  widths: readonly number[] = VIEWPORTS.map((v) => v.width),
) {
  mkdirSync(SHOTS_DIR, { recursive: true });
  const problems: string[] = [];
  for (const viewport of VIEWPORTS.filter((v) => widths.includes(v.width))) {
    const { context, page } = await signedInPage(browser, server, tokens, viewport.width, viewport.height);
    try {
      for (const path of paths) {
        try {
          await page.goto(path);
          await settle(page);
          await page.screenshot({
            path: join(SHOTS_DIR, `${who}-${viewport.width}-${slug(path)}.png`),
            fullPage: true,
          });
          const found = [
            ...(await sidewaysScroll(page)),
            ...(await clippedCells(page)),
            ...(await axeViolations(page)),
          ];
          for (const problem of found) problems.push(`${who} ${viewport.width} ${path}: ${problem}`);
        } catch (error) {
          problems.push(`${who} ${viewport.width} ${path}: could not check the page: ${(error as Error).message}`);
        }
      }
    } finally {
      await context.close();
    }
  }
  return problems;
}

/** Every private page `who` can reach from its menu, plus the pages one click deeper. */
export async function privatePagesOf(browser: Browser, server: { url: string }, who: string, tokens: Tokens) {
  const { context, page } = await signedInPage(browser, server, tokens, 1280, 800);
  try {
    return await discoverPages(page, async (p) => {
      const deeper: string[] = [];
      if (who !== 'clerk') deeper.push(...(await firstLink(p, '/transactions', 'a[href^="/transactions/"]')));
      if (who.endsWith('admin')) deeper.push(...(await firstLink(p, '/merchants', 'a[href^="/merchant-detail/"]')));
      if (who === 'owner') deeper.push('/welcome', '/add-edit-invoice');
      return deeper;
    });
  } finally {
    await context.close();
  }
}
