// the owner creates an invoice with a product line and a custom line
// and sends it; the public link from the outbox shows the invoice (docs/product-rules.md#public-invoice); the buyer pays it with
// 4242…; the invoice shows paid and the dashboard's gross volume grew by its total. The clerk sees
// only Products, Invoices and their Transactions in the Payment Hub, and only the controls its access
// allows. The master's owner follows a sub-merchant from Sub-merchants to its dashboard, and sets a
// logo on Setup that the header then shows.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { fillCardFields, submitCardPayment } from './support/card-fields.ts';
import { extractLink, waitForMail } from './support/outbox.ts';
import { DEMO_PASSWORD } from './support/server.ts';
import { describeBrowser, useDemoSuite } from './support/suite.ts';
import { signInThroughUi } from './support/ui-sign-in.ts';

/** A 1×1 PNG: what the server's byte check accepts as an image. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** "$8,373.38" → 837338 (USD cents). */
const cents = (text: string | null) => Math.round(Number((text ?? '').replace(/[^0-9.]/g, '')) * 100);

async function grossVolume(page: Page): Promise<number> {
  await page.goto('/dashboard');
  const value = page.getByTestId('kpi-gross_volume-value');
  await value.waitFor({ timeout: 15_000 });
  return cents(await value.textContent());
}

describeBrowser('merchant portal: invoice from draft to paid, clerk access', () => {
  const suite = useDemoSuite();
  const { browser } = suite;
  const customer = `grace-${Date.now()}@example.com`;

  it('owner invoices a product and a custom line, the buyer pays from the mailed link, the dashboard grows', async () => {
    const page = browser.page();
    await signInThroughUi(page, suite.server.dataDir, 'owner@acme.example', DEMO_PASSWORD);
    const volumeBefore = await grossVolume(page);

    await page.getByTestId('nav-app-inv').click();
    await page.getByTestId('invoice-new').click();
    await page.waitForURL(/\/add-edit-invoice$/);
    // The number comes from GET /invoice/invoice-number-suggestion/.
    await expect.poll(() => page.getByTestId('inv-number').inputValue()).not.toBe('');
    const invoiceNumber = await page.getByTestId('inv-number').inputValue();
    await page.getByTestId('inv-first-name').fill('grace');
    await page.getByTestId('inv-last-name').fill('Hopper');
    await page.getByTestId('inv-email').fill(customer);
    await page.getByTestId('inv-business').fill('Navy Yard');
    await page.getByTestId('inv-description').fill('Gear for the expedition.');

    await page.getByTestId('item-product-0').selectOption({ label: 'Trail Runner Jacket — $129.00' });
    await expect.poll(() => page.getByTestId('item-price-0').inputValue()).toBe('129.00');
    await page.getByTestId('item-quantity-0').fill('2');
    await page.getByTestId('item-add').click();
    await page.getByTestId('item-type-1').selectOption('2');
    await page.getByTestId('item-name-1').fill('Gift wrapping');
    await page.getByTestId('item-price-1').fill('4.50');
    await page.getByTestId('inv-tax').fill('8.25');
    // 2 × 129.00 + 4.50 = 262.50; tax 8.25 % = 21.65625 → 21.66; total 284.16.
    await expect.poll(() => page.getByTestId('total-total').textContent()).toBe('$284.16');
    expect(await page.getByTestId('total-tax').textContent()).toBe('$21.66');

    const sentAt = Date.now();
    await page.getByTestId('inv-save-send').click();
    await page.waitForURL(/\/invoice$/);
    const row = page.getByTestId('invoice-row').filter({ hasText: invoiceNumber });
    await expect.poll(() => row.getByTestId('invoice-status').textContent()).toBe('sent');
    expect(await row.getByTestId('invoice-total').textContent()).toBe('$284.16');

    const mail = await waitForMail(suite.server.dataDir, customer, { after: sentAt - 1_000, timeoutMs: 10_000 });
    const link = extractLink(mail, '/invoice/copy/');

    // The buyer: a browser without the merchant's session.
    const buyerContext = await browser.browser().newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const buyer = await buyerContext.newPage();
      await buyer.goto(link);
      await expect
        .poll(() => buyer.getByTestId('invoice-number').textContent(), { timeout: 15_000 })
        .toBe(invoiceNumber);
      expect(await buyer.getByTestId('invoice-greeting').textContent()).toContain('Grace');
      expect(await buyer.getByTestId('invoice-bill-to').textContent()).toContain('Navy Yard');
      expect(await buyer.getByTestId('invoice-items').textContent()).toContain('Trail Runner Jacket');
      expect(await buyer.getByTestId('invoice-items').textContent()).toContain('Gift wrapping');
      expect(await buyer.getByTestId('invoice-total').textContent()).toBe('$284.16');

      await buyer.getByTestId('pay-invoice-link').click();
      await fillCardFields(
        buyer,
        { number: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '737' },
        {
          firstName: 'Grace',
          lastName: 'Hopper',
          email: customer,
          line1: '1 Navy Yard',
          city: 'Washington',
          country: 'US',
        },
      );
      await submitCardPayment(buyer);
    } finally {
      await buyerContext.close();
    }

    await page.goto('/invoice');
    await page.getByTestId('status-paid').click();
    await expect.poll(() => row.getByTestId('invoice-status').textContent(), { timeout: 10_000 }).toBe('paid');
    expect(await grossVolume(page)).toBe(volumeBefore + 28_416);
  });

  it('the clerk sees only Products, Invoices and Transactions, and no controls beyond its access', async () => {
    const page = browser.page();
    await signInThroughUi(page, suite.server.dataDir, 'clerk@acme.example', DEMO_PASSWORD);
    await page.getByTestId('sidebar').waitFor();
    await expect.poll(() => page.getByTestId('nav-app-pr').count()).toBe(1);
    expect(await page.getByTestId('nav-app-inv').count()).toBe(1);
    for (const hidden of ['nav-app-vt', 'nav-app-qp', 'nav-app-pcon']) {
      expect(await page.getByTestId(hidden).count(), hidden).toBe(0);
    }

    // Products: view only — rows but no New, Edit or Delete.
    await page.getByTestId('nav-app-pr').click();
    await page.getByTestId('product-row').first().waitFor();
    expect(await page.getByTestId('product-new').count()).toBe(0);
    expect(await page.getByTestId('product-edit').count()).toBe(0);
    expect(await page.getByTestId('product-delete').count()).toBe(0);

    // Invoices: view and create — New invoice, but no delete or void.
    await page.getByTestId('nav-app-inv').click();
    await page.getByTestId('invoice-row').first().waitFor();
    expect(await page.getByTestId('invoice-new').count()).toBe(1);
    await page.getByTestId('invoice-actions').first().click();
    await page.getByTestId('invoice-copy-link').first().waitFor();
    expect(await page.getByTestId('invoice-delete').count()).toBe(0);

    // Transactions: from the menu, the list of what its merchant was paid.
    await page.getByTestId('nav-transactions').click();
    await page.waitForURL(/\/transactions$/);
    await page.getByTestId('transaction-row').first().waitFor();
  });

  it("the master's owner opens a sub-merchant's dashboard from Sub-merchants", async () => {
    const page = browser.page();
    await signInThroughUi(page, suite.server.dataDir, 'owner@acme.example', DEMO_PASSWORD);
    await page.getByTestId('nav-sub-merchants').click();
    const row = page.getByTestId('own-sub-merchant-row').filter({ hasText: 'Bolt Bikes' });
    await row.waitFor();
    expect(await row.getByTitle('Payment Hub: Active').count()).toBe(1);
    await row.getByTestId('sub-merchant-dashboard').click();
    await page.waitForURL(/\/dashboard\?merchant_id=[0-9a-f-]{36}$/);
    const selector = page.getByTestId('dashboard-merchant');
    await expect.poll(() => selector.locator('option:checked').textContent()).toBe('Bolt Bikes');
    await page.getByTestId('kpi-gross_volume-value').waitFor({ timeout: 15_000 });
  });

  it('the owner uploads a logo on Setup and the header shows it', async () => {
    const page = browser.page();
    await signInThroughUi(page, suite.server.dataDir, 'owner@acme.example', DEMO_PASSWORD);
    await page.goto('/setup');
    await page.getByTestId('setup-logo-input').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await expect
      .poll(() => page.getByTestId('setup-logo').getAttribute('src'))
      .toMatch(/^\/apiv1\/uploads\/[0-9a-f-]{36}\.png$/);
    const uploaded = await page.getByTestId('setup-logo').getAttribute('src');
    await page.getByTestId('setup-submit').click();
    await expect.poll(() => page.getByTestId('header-logo').getAttribute('src')).toBe(uploaded);
  });
});
