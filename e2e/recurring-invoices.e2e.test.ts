// Recurring invoices in the browser: the owner opens a customer's page, bills them monthly from today
// (the form's lines are the invoice form's), the server's tick makes the first invoice within seconds,
// the e-mail is in the outbox, and the buyer pays it on its page; the recurring invoice's page then
// lists it paid and shows the next send dates. Screenshots at 1280 and 390 px go to e2e/artifacts.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { api, apiSignIn } from './support/api-session.ts';
import { ARTIFACTS_DIR } from './support/browser.ts';
import { fillCardFields, submitCardPayment } from './support/card-fields.ts';
import { extractLink, waitForMail } from './support/outbox.ts';
import { DEMO_PASSWORD } from './support/server.ts';
import { describeBrowser, useDemoSuite } from './support/suite.ts';
import { signInThroughUi } from './support/ui-sign-in.ts';

async function shoot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: join(ARTIFACTS_DIR, `recurring-${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

describeBrowser('recurring invoices: monthly from today, first invoice e-mailed and paid', () => {
  const suite = useDemoSuite();
  const { browser } = suite;
  const email = `member-${Date.now()}@example.com`;

  it('the owner bills a customer monthly; the first invoice is made, mailed and paid by the buyer', async () => {
    const token = (await apiSignIn(suite.server, 'owner@acme.example', DEMO_PASSWORD)).access;
    const customer = await api<{ id: string }>(suite.server, 'POST', '/customer/', {
      token,
      body: { name: 'Grace Hopper', email, mode: 'test' },
    });

    const page = browser.page();
    await signInThroughUi(page, suite.server.dataDir, 'owner@acme.example', DEMO_PASSWORD);
    await page.goto(`/customers/${customer.id}`);
    await page.getByTestId('customer-recurring').waitFor();
    await page.getByTestId('customer-recurring-new').click();
    await page.waitForURL(/\/recurring-invoices\/new\?customer_id=/);
    await page.getByTestId('item-type-0').selectOption('2');
    await page.getByTestId('item-name-0').fill('Gym membership');
    await page.getByTestId('item-price-0').fill('39.00');
    await page.getByTestId('rec-description').fill('Thank you for training with us.');
    // Monthly from today is the form's default; the preview shows the first dates.
    expect(await page.getByTestId('rec-interval').inputValue()).toBe('month');
    await expect.poll(() => page.getByTestId('rec-preview').textContent()).not.toContain('—');
    await expect.poll(() => page.getByTestId('total-total').textContent()).toBe('$39.00');
    await shoot(page, 'form');

    const savedAt = Date.now();
    await page.getByTestId('rec-save').click();
    await page.waitForURL(/\/recurring-invoices\/[0-9a-f-]{36}$/);
    expect(await page.getByTestId('recurring-status').textContent()).toBe('Active');
    expect(await page.getByTestId('recurring-total').textContent()).toBe('$39.00');

    // The tick runs every few seconds in the server: the first invoice appears without any click.
    const made = page.getByTestId('made-invoice');
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByTestId('made-invoices').waitFor();
          return made.count();
        },
        { timeout: 45_000, interval: 2_000 },
      )
      .toBe(1);
    expect(await page.getByTestId('recurring-made').textContent()).toBe('1');
    expect((await page.getByTestId('recurring-upcoming').locator('li').count()) > 0).toBe(true);
    expect(await made.getByTestId('invoice-status').textContent()).toBe('sent');
    await shoot(page, 'page');

    const mail = await waitForMail(suite.server.dataDir, email, { after: savedAt - 1_000, timeoutMs: 30_000 });
    expect(mail.subject).toMatch(/^Invoice .+ from /);
    const link = extractLink(mail, '/invoice/copy/');

    const buyerContext = await browser.browser().newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const buyer = await buyerContext.newPage();
      await buyer.goto(link);
      await expect.poll(() => buyer.getByTestId('invoice-total').textContent(), { timeout: 15_000 }).toBe('$39.00');
      expect(await buyer.getByTestId('invoice-items').textContent()).toContain('Gym membership');
      await buyer.getByTestId('pay-invoice-link').click();
      await fillCardFields(
        buyer,
        { number: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '737' },
        { firstName: 'Grace', lastName: 'Hopper', email, line1: '1 Navy Yard', city: 'Washington', country: 'US' },
      );
      await submitCardPayment(buyer);
    } finally {
      await buyerContext.close();
    }

    await expect
      .poll(
        async () => {
          await page.reload();
          await made.first().waitFor();
          return made.getByTestId('invoice-status').textContent();
        },
        { timeout: 15_000, interval: 1_000 },
      )
      .toBe('paid');

    await page.goto('/recurring-invoices');
    const row = page.getByTestId('recurring-row').filter({ hasText: email });
    await row.waitFor();
    await shoot(page, 'list');
  }, 180_000);
});
