// What a merchant trying Kassa out hit, checked where they saw it: on a 390 px phone the
// buyer's card number and its placeholder show whole beside the brand badge, a test-mode merchant's
// checkout says "Test mode", and the Unauthorized page does not scroll sideways; on a desktop the API
// keys table keeps a masked key on one line. Screenshots go to e2e/artifacts/.
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { api, apiSignIn } from './support/api-session.ts';
import { ARTIFACTS_DIR } from './support/browser.ts';
import { cardFrame } from './support/card-fields.ts';
import { DEMO_PASSWORD } from './support/server.ts';
import { describeBrowser, useDemoSuite } from './support/suite.ts';
import { signInThroughUi } from './support/ui-sign-in.ts';

const PHONE = { width: 390, height: 844 };
const shot = (name: string) => ({ path: join(ARTIFACTS_DIR, `merchant-hits-${name}.png`), fullPage: true });

describeBrowser('what a new merchant hit, fixed', () => {
  const suite = useDemoSuite({ viewport: PHONE });
  const { browser } = suite;

  it('a buyer on a phone sees the whole card number and placeholder, and the Test mode marker', async () => {
    const owner = await apiSignIn(suite.server, 'owner@acme.example', DEMO_PASSWORD);
    const products = await api<{ results: { id: string }[] }>(suite.server, 'GET', '/product/?search=Summit', {
      token: owner.access,
    });
    const page = browser.page();
    await page.goto(`/checkout/${products.results[0]!.id}`);
    const number = cardFrame(page).locator('#card-number');
    await number.waitFor({ timeout: 20_000 });
    // The placeholder first: nothing typed, no brand, the whole "1234 1234 1234 1234" fits.
    const fits = () =>
      number.evaluate((input: HTMLInputElement) => {
        const style = getComputedStyle(input);
        const room = input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
        const probe = document.createElement('span');
        probe.style.font = style.font;
        probe.style.fontVariantNumeric = style.fontVariantNumeric;
        probe.style.whiteSpace = 'pre';
        probe.textContent = input.value || input.placeholder;
        document.body.append(probe);
        const needed = probe.getBoundingClientRect().width;
        probe.remove();
        return { room, needed };
      });
    const empty = await fits();
    expect(empty.needed).toBeLessThanOrEqual(empty.room);
    await number.fill('4242 4242 4242 4242');
    await expect.poll(() => cardFrame(page).locator('#card-brand').textContent()).toBe('Visa');
    const typed = await fits();
    expect(typed.needed, `${typed.needed} px of digits in ${typed.room} px`).toBeLessThanOrEqual(typed.room);
    await number.fill('3782 822463 10005');
    await expect.poll(() => cardFrame(page).locator('#card-brand').textContent()).toBe('Amex');
    const amex = await fits();
    expect(amex.needed).toBeLessThanOrEqual(amex.room);

    // The demo merchants take cards through the built-in sandbox: test money, said on the page.
    expect(await page.getByTestId('test-mode-marker').textContent()).toContain('Test mode');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot(shot('checkout-390'));
  });

  it('the Unauthorized page fits a phone, and the API keys table keeps a key on one line', async () => {
    const page = browser.page();
    // Signed in on a desktop, where the header shows the e-mail the helper waits for.
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInThroughUi(page, suite.server.dataDir, 'owner@acme.example', DEMO_PASSWORD);
    await page.setViewportSize(PHONE);
    await page.goto('/unauthorized');
    const heading = page.getByTestId('unauthorized');
    await heading.waitFor({ timeout: 15_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const box = await heading.boundingBox();
    expect((box?.x ?? -1) + (box?.width ?? PHONE.width + 1)).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot(shot('unauthorized-390'));

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/developers');
    await page.getByTestId('api-key-create').click();
    await page.getByTestId('key-name').fill('Till in the back room with a long name');
    await page.getByTestId('key-mode-test').check();
    await page.getByTestId('scope-payment_links:write').check();
    await page.getByTestId('create-key-submit').click();
    await page.getByTestId('secret-done').click({ timeout: 10_000 });
    const masked = page.getByTestId('api-key-masked').first();
    await masked.waitFor();
    const lineHeight = await masked.evaluate((el) => Number.parseFloat(getComputedStyle(el).lineHeight) || 21);
    const keyBox = await masked.boundingBox();
    expect(keyBox?.height ?? 999).toBeLessThan(lineHeight * 1.5);
    await page.screenshot(shot('api-keys-1280'));
  });
});
