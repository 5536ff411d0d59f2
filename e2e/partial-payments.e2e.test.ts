// An invoice paid in two parts (docs/product-rules.md#partial-payments): the owner creates an invoice
// with a 30 % deposit and sends it; the buyer opens the mailed link, pays the deposit with the sandbox
// card 4242 4242 4242 4242, comes back and pays the rest; the invoice shows paid, with both payments
// on its page. Screenshots of the buyer's and the owner's pages at 1280 and 390 px go to e2e/artifacts.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { ARTIFACTS_DIR } from './support/browser.ts';
import { fillCardFields, submitCardPayment } from './support/card-fields.ts';
import { extractLink, waitForMail } from './support/outbox.ts';
import { DEMO_PASSWORD } from './support/server.ts';
import { describeBrowser, useDemoSuite } from './support/suite.ts';
import { signInThroughUi } from './support/ui-sign-in.ts';

async function shoot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: join(ARTIFACTS_DIR, `partial-payments-${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describeBrowser('invoices paid in parts: a 30 % deposit, then the rest', () => {
  const suite = useDemoSuite();
  const { browser } = suite;
  const customer = `noor-${Date.now()}@example.com`;

  it('the buyer pays the deposit, then the balance; the invoice is paid with both payments listed', async () => {
    const page = browser.page();
    await signInThroughUi(page, suite.server.dataDir, 'owner@acme.example', DEMO_PASSWORD);
    await page.getByTestId('nav-app-inv').click();
    await page.getByTestId('invoice-new').click();
    await page.waitForURL(/\/add-edit-invoice$/);
    await expect.poll(() => page.getByTestId('inv-number').inputValue()).not.toBe('');
    const invoiceNumber = await page.getByTestId('inv-number').inputValue();
    await page.getByTestId('inv-first-name').fill('Noor');
    await page.getByTestId('inv-last-name').fill('Haddad');
    await page.getByTestId('inv-email').fill(customer);
    await page.getByTestId('item-type-0').selectOption('2');
    await page.getByTestId('item-name-0').fill('Kitchen repair');
    await page.getByTestId('item-price-0').fill('1000.00');
    await expect.poll(() => page.getByTestId('total-total').textContent()).toBe('$1,000.00');
    await page.getByTestId('inv-deposit').fill('30');
    expect(await page.getByTestId('inv-deposit-kind').inputValue()).toBe('percent');
    await shoot(page, 'owner-form');

    const sentAt = Date.now();
    await page.getByTestId('inv-save-send').click();
    await page.waitForURL(/\/invoice$/);
    const row = page.getByTestId('invoice-row').filter({ hasText: invoiceNumber });
    await expect.poll(() => row.getByTestId('invoice-status').textContent()).toBe('sent');

    const mail = await waitForMail(suite.server.dataDir, customer, { after: sentAt - 1_000, timeoutMs: 10_000 });
    const link = extractLink(mail, '/invoice/copy/');
    const invoiceId = new URL(link).pathname.split('/').filter(Boolean).at(-1)!;

    const buyerContext = await browser.browser().newContext({ viewport: { width: 1280, height: 900 } });
    /** Pays `expected` on the checkout: the amount field's suggestion, or with no field when only the balance is payable. */
    const payPart = async (buyer: Page, expected: string, hasAmountField: boolean) => {
      await buyer.getByTestId('pay-invoice-link').click();
      await buyer.getByTestId('page-title').waitFor({ timeout: 15_000 });
      if (hasAmountField) {
        await expect
          .poll(() => buyer.getByTestId('invoice-pay-amount').inputValue(), { timeout: 15_000 })
          .toBe(expected);
      } else {
        expect(await buyer.getByTestId('invoice-pay-amount').count()).toBe(0);
      }
      await fillCardFields(
        buyer,
        { number: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '737' },
        {
          firstName: 'Noor',
          lastName: 'Haddad',
          email: customer,
          line1: '1 Cedar Street',
          city: 'Boston',
          country: 'US',
        },
      );
      expect(await buyer.getByTestId('payment-submit-card').textContent()).toBe(`Pay $${expected}`);
      await shoot(buyer, `checkout-${expected}`);
      await submitCardPayment(buyer);
    };
    try {
      const buyer = await buyerContext.newPage();
      await buyer.goto(link);
      await expect
        .poll(() => buyer.getByTestId('invoice-number').textContent(), { timeout: 15_000 })
        .toBe(invoiceNumber);
      expect(await buyer.getByTestId('pay-invoice-link').textContent()).toBe('Pay $300.00 or another part');
      await shoot(buyer, 'public-before');

      // The deposit first: the amount field suggests it.
      await payPart(buyer, '300.00', true);
      await shoot(buyer, 'deposit-paid');

      await buyer.goto(link);
      await expect
        .poll(() => buyer.getByTestId('invoice-amount-paid').textContent(), { timeout: 15_000 })
        .toBe('$300.00');
      expect(await buyer.getByTestId('invoice-balance-due').textContent()).toBe('$700.00');
      expect(await buyer.getByTestId('invoice-payments').textContent()).toContain('$300.00 by card ending 4242');
      await shoot(buyer, 'public-partly-paid');

      // Then the rest: after the deposit, without partial payments, the whole balance.
      await payPart(buyer, '700.00', false);

      await buyer.goto(link);
      await expect.poll(() => buyer.getByTestId('invoice-paid').textContent(), { timeout: 15_000 }).toBe('Paid');
      expect(await buyer.getByTestId('invoice-balance-due').textContent()).toBe('$0.00');
      await shoot(buyer, 'public-paid');
    } finally {
      await buyerContext.close();
    }

    await page.goto('/invoice');
    await expect.poll(() => row.getByTestId('invoice-status').textContent(), { timeout: 10_000 }).toBe('paid');
    await page.goto(`/add-edit-invoice?id=${invoiceId}`);
    await expect
      .poll(() => page.getByTestId('invoice-amount-paid').textContent(), { timeout: 15_000 })
      .toBe('$1,000.00');
    expect(await page.getByTestId('invoice-balance-due').textContent()).toBe('$0.00');
    const timeline = await page.getByTestId('invoice-timeline').textContent();
    expect(timeline).toContain('paid $300.00');
    expect(timeline).toContain('paid $700.00');
    await shoot(page, 'owner-paid');
  });
});
