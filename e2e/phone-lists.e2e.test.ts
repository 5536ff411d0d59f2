// On a phone (390 px) a list is a stack of cards, and a sortable list keeps its sort controls above
// the cards: the owner sorts the payments by amount and sees them in that order, without anything
// scrolling sideways.
import { expect, it } from 'vitest';
import { DEMO_PASSWORD } from './support/server.ts';
import { describeBrowser, useDemoSuite } from './support/suite.ts';
import { signInThroughUi } from './support/ui-sign-in.ts';

const cents = (text: string | null) => Math.round(Number((text ?? '').replace(/[^0-9.]/g, '')) * 100);

describeBrowser('lists on a phone', () => {
  const suite = useDemoSuite({ viewport: { width: 1280, height: 900 } });
  const { browser } = suite;

  it('keeps the sort controls reachable above the cards, and sorting by amount orders the cards', async () => {
    const page = browser.page();
    await signInThroughUi(page, suite.server.dataDir, 'owner@acme.example', DEMO_PASSWORD);
    await page.setViewportSize({ width: 390, height: 844 });
    for (const [path, sortField] of [
      ['/transactions', 'amount'],
      ['/products', 'name'],
    ] as const) {
      await page.goto(path);
      const control = page.getByTestId(`sort-${sortField}`);
      await control.waitFor({ timeout: 15_000 });
      const box = await control.boundingBox();
      expect(box, `${path}: sort-${sortField} is visible`).not.toBeNull();
      expect(box?.width ?? 0).toBeGreaterThan(20);
      expect((box?.x ?? -1) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    }

    await page.goto('/transactions');
    await page.getByTestId('transaction-row').first().waitFor({ timeout: 15_000 });
    await page.getByTestId('sort-amount').click();
    await expect
      .poll(async () => {
        const amounts = (await page.getByTestId('transaction-amount').allTextContents()).map(cents);
        return amounts.length > 2 && amounts.every((a, i) => i === 0 || (amounts[i - 1] ?? 0) <= a);
      })
      .toBe(true);
  });
});
