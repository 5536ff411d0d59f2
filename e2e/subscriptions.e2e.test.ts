// Subscriptions in the browser with a test clock: the owner creates a clock on the Test clocks page, a
// test customer attached to it saves 4000 0000 0000 0341 (saves fine, declines every later charge) on
// the public add-card page, the owner subscribes them to a monthly price with a one-day trial from the
// customer page, advances the clock past the trial: the renewal fails and the subscription is past due;
// the customer replaces the card through the dunning e-mail's link, the owner advances the clock to the
// first retry, and the subscription is active again. And subscribing at checkout: the owner gives a
// product a monthly price and picks it as the product's recurring price on the product form; a buyer
// opens its checkout, sees the amount, the interval and the authorisation, ticks it and pays with the
// sandbox card; the owner sees the subscription active. Screenshots at 1280 and 390 px go to e2e/artifacts.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { api, apiSignIn } from './support/api-session.ts';
import { ARTIFACTS_DIR } from './support/browser.ts';
import { ADA, cardFrame, expectPaymentSucceeded, fillCardFields } from './support/card-fields.ts';
import { extractLink, waitForMail } from './support/outbox.ts';
import { DEMO_PASSWORD } from './support/server.ts';
import { describeBrowser, useDemoSuite } from './support/suite.ts';
import { signInThroughUi } from './support/ui-sign-in.ts';

const run = Date.now();

async function shoot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: join(ARTIFACTS_DIR, `subscriptions-${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The customer saves `number` on the public add-card page a link in `mail` opens. */
async function saveCardFromMail(page: Page, link: string, number: string) {
  await page.goto(link);
  await fillCardFields(page, { number, expiry: '11 / 31', cvc: '321' });
  await cardFrame(page).locator('#billing-first-name').fill('Ada');
  await cardFrame(page).locator('#billing-last-name').fill('Lovelace');
  await page.getByTestId('payment-submit-card').click();
  await expect
    .poll(() => page.getByTestId('card-saved').textContent(), { timeout: 20_000 })
    .toContain(number.slice(-4));
}

describeBrowser('subscriptions: a test clock through a failed renewal and a recovery', () => {
  const suite = useDemoSuite();
  const { browser } = suite;

  it('the owner advances a test clock through a failed renewal, and a replaced card recovers it', async () => {
    const token = (await apiSignIn(suite.server, 'owner@acme.example', DEMO_PASSWORD)).access;
    const call = <T>(method: string, path: string, body?: unknown) =>
      api<T>(suite.server, method, path, { token, body });
    const products = await call<{ results: { id: string; currency: string }[] }>('GET', '/product/?search=Summit');
    const product = products.results[0]!;
    const price = await call<{ id: string }>('POST', '/price/', {
      product_id: product.id,
      amount: 2_500,
      currency: product.currency,
      interval: 'month',
      trial_days: 1,
      mode: 'test',
    });

    const page = browser.page();
    await signInThroughUi(page, suite.server.dataDir, 'owner@acme.example', DEMO_PASSWORD);
    await page.goto('/subscriptions/test-clocks');
    await page.getByLabel('Name').fill(`Clock ${run}`);
    await page.getByLabel('Starts at (UTC)').fill('2026-03-01T00:00');
    await page.getByRole('button', { name: 'Create test clock' }).click();
    const clockCard = page.getByTestId('test-clock').filter({ hasText: `Clock ${run}` });
    await clockCard.waitFor({ timeout: 15_000 });
    const clocks = await call<{ results: { id: string; name: string }[] }>('GET', '/test-clock/');
    const clockId = clocks.results.find((c) => c.name === `Clock ${run}`)!.id;

    const email = `subs-${run}@example.com`;
    const customer = await call<{ id: string }>('POST', '/customer/', {
      name: 'Ada Lovelace',
      email,
      mode: 'test',
      test_clock_id: clockId,
    });
    const linkSent = Date.now();
    await call('POST', `/customer/${customer.id}/payment-method/replace-link/`, {});
    const cardMail = await waitForMail(suite.server.dataDir, email, {
      after: linkSent - 2_000,
      subject: /Update your card/,
    });
    await saveCardFromMail(page, extractLink(cardMail, /\/card\/add\//), '4000 0000 0000 0341');

    await page.goto(`/customers/${customer.id}`);
    await page.getByTestId('subscribe-price').selectOption(price.id);
    await page.getByTestId('subscribe').click();
    const subs = page.getByTestId('customer-subscriptions');
    await expect
      .poll(() => subs.getByTestId('subscription-status').first().textContent(), { timeout: 15_000 })
      .toBe('trialing');
    await shoot(page, 'customer-page');

    // Past the one-day trial: the first renewal declines.
    const failedAt = Date.now();
    await page.goto('/subscriptions/test-clocks');
    await clockCard.getByTestId('test-clock-to').fill('2026-03-02T01:00');
    await clockCard.getByTestId('test-clock-advance').click();
    await expect
      .poll(() => clockCard.getByTestId('test-clock-happened').textContent(), { timeout: 30_000 })
      .toMatch(/declined/i);
    await shoot(page, 'clock-failed');
    const list = await call<{ results: { id: string; status: string }[] }>(
      'GET',
      `/subscription/?customer_id=${customer.id}`,
    );
    const subId = list.results[0]!.id;
    await page.goto(`/subscriptions/${subId}`);
    await expect
      .poll(() => page.getByTestId('subscription-status').textContent(), { timeout: 15_000 })
      .toBe('past due');
    await shoot(page, 'past-due');

    // The dunning e-mail links to a new card; the retry a day later charges it.
    const dunning = await waitForMail(suite.server.dataDir, email, { after: failedAt - 2_000, subject: /failed/ });
    await saveCardFromMail(page, extractLink(dunning, /\/card\/add\//), '4242 4242 4242 4242');
    await page.goto('/subscriptions/test-clocks');
    await clockCard.getByTestId('test-clock-to').fill('2026-03-03T01:00');
    await clockCard.getByTestId('test-clock-advance').click();
    await expect
      .poll(() => clockCard.getByTestId('test-clock-happened').textContent(), { timeout: 30_000 })
      .toMatch(/was paid/);
    await page.goto(`/subscriptions/${subId}`);
    await expect.poll(() => page.getByTestId('subscription-status').textContent(), { timeout: 15_000 }).toBe('active');
    expect(await page.getByTestId('subscription-invoice-row').count()).toBe(1);
    await shoot(page, 'recovered');
    await page.goto('/subscriptions');
    await page.getByTestId('subscription-row').first().waitFor({ timeout: 15_000 });
    // The figures above the list: the recovered renewal counts, and the subscription's 25.00 a month.
    await expect
      .poll(() => page.getByTestId('metric-recovery-value').textContent(), { timeout: 15_000 })
      .toBe('1 of 1');
    expect(await page.getByTestId('metric-mrr-value').textContent()).toContain('25.00');
    await shoot(page, 'list');
  });

  it('the owner picks a product’s monthly price in the portal, and a buyer subscribes on its checkout', async () => {
    const token = (await apiSignIn(suite.server, 'owner@acme.example', DEMO_PASSWORD)).access;
    const call = <T>(method: string, path: string, body?: unknown) =>
      api<T>(suite.server, method, path, { token, body });
    const name = `Climbing club ${run}`;
    const product = await call<{ id: string }>('POST', '/product/', {
      name,
      price_per_unit: 1_200,
      currency: 'USD',
    });

    const owner = browser.page();
    await signInThroughUi(owner, suite.server.dataDir, 'owner@acme.example', DEMO_PASSWORD);
    await owner.goto(`/products?search=${encodeURIComponent(name)}`);
    const row = owner.getByTestId('product-row').filter({ hasText: name });
    await row.getByTestId('product-edit').click();
    const form = owner.getByTestId('product-form-modal');
    await form.getByTestId('price-amount').fill('12');
    await form.getByTestId('price-interval').selectOption('month');
    await form.getByTestId('price-add').click();
    const picker = form.getByTestId('recurring-price');
    await expect
      .poll(() => picker.locator('option').allTextContents(), { timeout: 15_000 })
      .toEqual(['None: a one-time payment', '$12.00 every month']);
    await picker.selectOption({ label: '$12.00 every month' });
    await shoot(owner, 'product-recurring-price');
    await form.getByTestId('product-submit').click();
    await form.waitFor({ state: 'hidden', timeout: 15_000 });
    const saved = await call<{ recurring_price_id: string | null }>('GET', `/product/${product.id}/`);
    expect(saved.recurring_price_id).toBeTruthy();

    // The buyer: the amount and interval on the page, the authorisation in the card fields.
    const buyer = browser.page();
    await buyer.goto(`/checkout/${product.id}`);
    await expect
      .poll(() => buyer.getByTestId('recurring-terms').textContent(), { timeout: 20_000 })
      .toContain('$12.00 every month');
    const email = `club-${run}@example.com`;
    await fillCardFields(buyer, { number: '4242 4242 4242 4242', expiry: '11 / 31', cvc: '321' }, ADA(email));
    const frame = cardFrame(buyer);
    expect(await frame.locator('#subscription-terms').textContent()).toContain('$12.00 every month');
    const consent = frame.locator('label', { has: frame.locator('#subscribe-consent') });
    expect(await consent.textContent()).toContain('to charge my card $12.00 every month until I cancel');
    await frame.locator('#subscribe-consent').check();
    await shoot(buyer, 'checkout-consent');
    await buyer.getByTestId('payment-submit-card').click();
    await expectPaymentSucceeded(buyer);
    expect(await buyer.getByTestId('result-card').textContent()).toContain('$12.00');
    await shoot(buyer, 'checkout-subscribed');

    const customers = await call<{ results: { id: string }[] }>(
      'GET',
      `/customer/?search=${encodeURIComponent(email)}`,
    );
    const list = await call<{ results: { id: string; status: string }[] }>(
      'GET',
      `/subscription/?customer_id=${customers.results[0]!.id}`,
    );
    expect(list.results).toHaveLength(1);
    await owner.goto(`/subscriptions/${list.results[0]!.id}`);
    await expect.poll(() => owner.getByTestId('subscription-status').textContent(), { timeout: 15_000 }).toBe('active');
    await shoot(owner, 'subscribed-at-checkout');
  });
});
