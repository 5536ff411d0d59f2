// The owner downloads an invoice as a PDF from the invoice list, as a person does, and the file is
// read back: its text (invoice number, merchant, lines, total) and a picture of its first page in
// e2e/artifacts/. The buyer's public page offers the same document without signing in.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { pdfText } from '../apps/api/test/support/pdf-text.ts';
import { api, apiSignIn } from './support/api-session.ts';
import { ARTIFACTS_DIR } from './support/browser.ts';
import { pdfFirstPageToPng } from './support/pdf-image.ts';
import { DEMO_PASSWORD } from './support/server.ts';
import { describeBrowser, useDemoSuite } from './support/suite.ts';
import { signInThroughUi } from './support/ui-sign-in.ts';

describeBrowser('invoice PDF', () => {
  const suite = useDemoSuite();
  const { browser } = suite;

  it('the owner downloads an invoice PDF from the portal and its text is the invoice', async () => {
    const owner = await apiSignIn(suite.server, 'owner@acme.example', DEMO_PASSWORD);
    const profile = await api<{ name: string }>(suite.server, 'GET', '/auth/merchant-profile/', {
      token: owner.access,
    });
    const number = `PDF-${Date.now()}`;
    const invoice = await api<{ id: string }>(suite.server, 'POST', '/invoice/', {
      token: owner.access,
      body: {
        customer_first_name: 'Grace',
        customer_last_name: 'Hopper',
        customer_email: `grace-${Date.now()}@example.com`,
        business_name: 'Navy Yard',
        invoice_number: number,
        due_date: '2030-06-30',
        currency: 'USD',
        items: [
          { item_type: 2, item_name: 'Expedition tent', quantity: 2, price: 24_900 },
          { item_type: 2, item_name: 'Gift wrapping', quantity: 1, price: 450 },
        ],
        discount_type: 'amount',
        discount_amount: 1_000,
        tax_percentage: '8.25',
        send: true,
      },
    });

    const page = browser.page();
    await signInThroughUi(page, suite.server.dataDir, 'owner@acme.example', DEMO_PASSWORD);
    await page.goto('/invoice');
    const row = page.getByTestId('invoice-row').filter({ hasText: number });
    await row.getByTestId('invoice-actions').click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByTestId('invoice-download-pdf').click(),
    ]);
    expect(download.suggestedFilename()).toBe(`invoice-${number}.pdf`);
    const bytes = readFileSync((await download.path())!);
    const text = await pdfText(bytes);
    // 2 × 249.00 + 4.50 = 502.50; discount $10.00 → 492.50; tax 8.25 % = 40.63125 → 40.63; total 533.13
    for (const expected of [
      profile.name,
      'INVOICE',
      number,
      'BILL TO Grace Hopper Navy Yard',
      'Expedition tent 2 $249.00 $498.00',
      'Gift wrapping 1 $4.50 $4.50',
      'Discount -$10.00',
      'Tax (8.25%) $40.63',
      'Total due $533.13',
    ]) {
      expect(text).toContain(expected);
    }
    await pdfFirstPageToPng(bytes, join(ARTIFACTS_DIR, 'invoice-pdf-page-1.png'));

    // The buyer's copy, from the public page's own link, without the merchant's session.
    const buyerContext = await browser.browser().newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const buyer = await buyerContext.newPage();
      await buyer.goto(`${suite.server.url}/invoice/copy/${invoice.id}`);
      const link = buyer.getByTestId('invoice-pdf-link');
      await link.waitFor({ timeout: 15_000 });
      const [copy] = await Promise.all([buyer.waitForEvent('download'), link.click()]);
      expect(await pdfText(readFileSync((await copy.path())!))).toContain(number);
    } finally {
      await buyerContext.close();
    }
  });
});
