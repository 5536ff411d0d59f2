// What every page must pass whatever it shows: no sideways scroll, no table cell that cuts its
// text, and no serious or critical accessibility violation found by axe-core (injected from
// node_modules, never from a CDN). Each check returns readable findings so one run lists them all.
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

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
  return page.evaluate(() => {
    const found: string[] = [];
    const clipper = (el: Element): Element | null => {
      for (let node = el.parentElement; node && node !== document.body; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (node.hasAttribute('data-scroller')) return null;
        if (style.overflowX !== 'visible') return node;
      }
      return null;
    };
    for (const cell of Array.from(document.querySelectorAll('td, th'))) {
      const el = cell as HTMLElement;
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      const text = (el.innerText || '').trim().replace(/\s+/g, ' ').slice(0, 40);
      if (!text) continue;
      if (el.scrollWidth > el.clientWidth + 1) {
        found.push(`cell "${text}" is cut (${el.scrollWidth} px of text in ${el.clientWidth} px)`);
        continue;
      }
      for (const inner of Array.from(el.querySelectorAll<HTMLElement>('*'))) {
        if (inner.scrollWidth > inner.clientWidth + 1 && getComputedStyle(inner).overflowX !== 'visible') {
          found.push(`cell "${text}" cuts "${(inner.innerText || '').trim().slice(0, 30)}"`);
          break;
        }
      }
      const box = clipper(el);
      if (box) {
        const edge = box.getBoundingClientRect();
        if (rect.right > edge.right + 1 || rect.left < edge.left - 1) {
          found.push(`cell "${text}" lies outside its ${Math.round(edge.width)} px box`);
        }
      }
    }
    return [...new Set(found)];
  });
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
