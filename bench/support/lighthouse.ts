// Lighthouse's mobile performance score (its default config is the mobile preset: Moto G Power
// emulation, slow 4G) in Debian's Chromium. Headless Chromium sometimes loses the first navigation
// (NO_NAVSTART); one retry is enough.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS } from '../../e2e/support/browser.ts';

/** Performance score 0–100 of `url` on the mobile preset. */
export async function lighthousePerformance(url: string, attempts = 2): Promise<number> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROMIUM_ARGS,
  });
  try {
    for (let attempt = 1; ; attempt++) {
      const result = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error' });
      const code = result?.lhr.runtimeError?.code;
      const score = result?.lhr.categories.performance?.score;
      if (code === 'NO_NAVSTART' && attempt < attempts) continue;
      if (code || score === null || score === undefined) {
        throw new Error(`Lighthouse could not score ${url}: ${code ?? 'no performance score'}`);
      }
      return Math.round(score * 100);
    }
  } finally {
    chrome.kill();
  }
}
