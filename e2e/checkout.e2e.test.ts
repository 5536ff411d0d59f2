// a buyer pays a demo product (quantity 3, 4242…) and sees the success
// card; the merchant finds the payment with the right amount and refunds half; 4000 0000 0000 3220
// goes through the approval popup; …0002 shows "Invalid card details.". Then the card-data check:
// every table of the server's database and the server's log hold no full card number and no CVV.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { api, apiSignIn } from './support/api-session.ts';
import { useBrowser } from './support/browser.ts';
import { expectPaymentSucceeded, submitCardPayment } from './support/card-fields.ts';
import { DEMO_PASSWORD, type KassaServer, startServer } from './support/server.ts';
import { describeBrowser } from './support/suite.ts';
import { signInThroughUi } from './support/ui-sign-in.ts';

const CARDS_USED = ['4242424242424242', '4000000000003220', '4000000000000002', '4111111111111111'];
const CVCS_USED = ['737', '123', '246', '369'];

interface Buyer {
  card: string;
  cvc: string;
  email: string;
}

/** Types into the hosted fields page inside the widget's iframe (ids from packages/widget field-specs). */
async function fillCard(page: Page, buyer: Buyer) {
  const frame = page.frameLocator('[data-testid=payment-fields-card] iframe');
  await frame.locator('#card-number').fill(buyer.card);
  await frame.locator('#card-expiry').fill('12 / 30');
  await frame.locator('#card-cvc').fill(buyer.cvc);
  await frame.locator('#billing-first-name').fill('Ada');
  await frame.locator('#billing-last-name').fill('Lovelace');
  await frame.locator('#billing-email').fill(buyer.email);
  await frame.locator('#billing-line1').fill('1 Analytical Way');
  await frame.locator('#billing-city').fill('London');
  await frame.locator('#billing-country').selectOption('GB');
}

const toastText = (page: Page) => page.locator('.swal2-toast .swal2-title').textContent();

/** The server's own process (found by its data dir), so the database can be read after it stops. */
function serverPid(dataDir: string): number {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      const environ = readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
      if (cmdline.includes('apps/api/src/server.ts') && environ.includes(`KASSA_DATA_DIR=${dataDir}`)) {
        return Number(entry);
      }
    } catch {
      // a process that ended meanwhile, or someone else's
    }
  }
  throw new Error(`No server process for ${dataDir}`);
}

async function stopProcess(pid: number) {
  process.kill(pid, 'SIGTERM');
  for (let i = 0; i < 100; i++) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Server ${pid} did not stop`);
}

/** Every row of every public table as JSON (PGlite: one process at a time, so the server is stopped). */
async function dumpDatabase(dataDir: string): Promise<string> {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create({ dataDir: join(dataDir, 'pglite') });
  try {
    const tables = await db.query<{ tablename: string }>(
      "select tablename from pg_tables where schemaname = 'public' order by tablename",
    );
    expect(tables.rows.map((t) => t.tablename)).toContain('transactions');
    const parts: string[] = [];
    for (const { tablename } of tables.rows) {
      const rows = await db.query<{ row: unknown }>(`select row_to_json(t) as row from public."${tablename}" t`);
      parts.push(`${tablename}: ${JSON.stringify(rows.rows.map((r) => r.row))}`);
    }
    return parts.join('\n');
  } finally {
    await db.close();
  }
}

describeBrowser('checkout, refund and card data', () => {
  let server: KassaServer;
  let productId: string;
  const run = Date.now();
  const buyer = (card: string, cvc: string, tag: string): Buyer => ({
    card,
    cvc,
    email: `e2e-${tag}-${run}@example.com`,
  });
  const paid = buyer('4242 4242 4242 4242', '737', 'paid');

  beforeAll(async () => {
    server = await startServer({ demo: true });
    const owner = await apiSignIn(server, 'owner@acme.example', DEMO_PASSWORD);
    const products = await api<{ results: { id: string; name: string; price_per_unit: number }[] }>(
      server,
      'GET',
      '/product/?search=Summit',
      { token: owner.access },
    );
    const product = products.results.find((p) => p.name === 'Summit Backpack 32L');
    if (!product) throw new Error('The demo product Summit Backpack 32L is missing');
    expect(product.price_per_unit).toBe(8_999);
    productId = product.id;
  });
  afterAll(() => server?.stop());
  const browser = useBrowser({ baseURL: () => server.url });

  const openCheckout = async (page: Page) => {
    await page.goto(`/checkout/${productId}`);
    await page.frameLocator('[data-testid=payment-fields-card] iframe').locator('#card-number').waitFor();
  };

  it('a buyer pays three backpacks with 4242 and sees the success card', async () => {
    const page = browser.page();
    await openCheckout(page);
    // The amount is fixed in the signed session: the page opens a new one for quantity 3.
    const reopened = page.waitForResponse(
      (r) => r.url().includes('/get-checkout-token/') && r.request().postData() === JSON.stringify({ quantity: 3 }),
    );
    await page.getByTestId('quantity-plus').click();
    await page.getByTestId('quantity-plus').click();
    await expect.poll(() => page.getByTestId('checkout-total').textContent()).toBe('$269.97');
    expect((await reopened).ok()).toBe(true);
    await page.frameLocator('[data-testid=payment-fields-card] iframe').locator('#card-number').waitFor();
    await fillCard(page, paid);
    await submitCardPayment(page);
    expect(await page.getByTestId('result-status').textContent()).toBe('Success');
    await expect.poll(() => toastText(page)).toBe('Transaction completed successfully.');
  });

  it('the merchant finds the payment with its amount and refunds half', async () => {
    const page = browser.page();
    await signInThroughUi(page, server.dataDir, 'owner@acme.example', DEMO_PASSWORD);
    await page.goto('/transactions');
    await page.getByTestId('transactions-search').fill(paid.email);
    await expect.poll(() => page.getByTestId('transaction-row').count(), { timeout: 10_000 }).toBe(1);
    expect(await page.getByTestId('transaction-amount').textContent()).toBe('$269.97');
    expect(await page.getByTestId('transaction-status').textContent()).toBe('Succeeded');
    await page.getByTestId('transaction-link').click();
    await expect.poll(() => page.getByTestId('detail-amount').textContent()).toBe('$269.97');

    await page.getByTestId('refund-open').click();
    await page.getByTestId('refund-amount').fill('134.98');
    await page.getByTestId('refund-continue').click();
    await page.getByTestId('refund-confirm').click();
    await expect.poll(() => toastText(page), { timeout: 10_000 }).toBe('Refunded $134.98.');
    // A long message (an unbroken e-mail address) wraps inside the toast, which opens below the
    // header instead of over the account menu and the navigation.
    const toast = await page.evaluate(() => {
      const title = document.querySelector<HTMLElement>('.swal2-toast .swal2-title');
      const popup = document.querySelector<HTMLElement>('.swal2-toast');
      const header = document.querySelector<HTMLElement>('.app-header');
      if (!title || !popup || !header) return null;
      title.textContent = 'Receipt sent to grace.hopper.rear.admiral.navy.yard.washington@dune.example.com.';
      const box = popup.getBoundingClientRect();
      return {
        clipped: title.scrollWidth > title.clientWidth,
        right: box.right,
        top: box.top,
        headerBottom: header.getBoundingClientRect().bottom,
        viewport: window.innerWidth,
      };
    });
    expect(toast).not.toBeNull();
    expect(toast?.clipped).toBe(false);
    expect(toast?.right).toBeLessThanOrEqual(toast?.viewport ?? 0);
    expect(toast?.top).toBeGreaterThanOrEqual(toast?.headerBottom ?? Number.POSITIVE_INFINITY);
    await expect.poll(() => page.getByTestId('detail-refundable').textContent()).toBe('$134.99');
    expect(await page.getByTestId('transaction-status').textContent()).toBe('Partially refunded');
  });

  it('4000 0000 0000 3220 asks the buyer to approve in a popup', async () => {
    const page = browser.page();
    await openCheckout(page);
    await fillCard(page, buyer('4000 0000 0000 3220', '246', 'approval'));
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('payment-submit-card').click()]);
    await popup.locator('#approve-button').click();
    await expectPaymentSucceeded(page);
    await expect.poll(() => popup.isClosed(), { timeout: 10_000 }).toBe(true);
  });

  it('4000 0000 0000 0002 says "Invalid card details." and keeps the form', async () => {
    const page = browser.page();
    await openCheckout(page);
    await fillCard(page, buyer('4000 0000 0000 0002', '369', 'declined'));
    await page.getByTestId('payment-submit-card').click();
    await expect.poll(() => toastText(page), { timeout: 20_000 }).toBe('Invalid card details.');
    expect(await page.getByTestId('result-card').count()).toBe(0);
    expect(await page.getByTestId('payment-submit-card').count()).toBe(1);
  });

  it('4111 1111 1111 1111 with CVV 123 pays too', async () => {
    const page = browser.page();
    await openCheckout(page);
    await fillCard(page, buyer('4111 1111 1111 1111', '123', 'visa'));
    await page.getByTestId('payment-submit-card').click();
    await expect.poll(() => page.getByTestId('result-status').textContent(), { timeout: 20_000 }).toBe('Success');
  });

  it('keeps no full card number and no CVV in any table or in the log ( card data)', async () => {
    const log = server.readLog();
    await stopProcess(serverPid(server.dataDir));
    const dump = await dumpDatabase(server.dataDir);
    expect(dump).toContain('"card_last4":"4242"');
    expect(dump).toContain('"card_last4":"1111"');
    for (const text of [dump, log]) {
      for (const card of CARDS_USED) {
        expect(text).not.toContain(card);
        expect(text).not.toContain(card.replace(/(\d{4})(?=\d)/g, '$1 '));
      }
      // A CVV as a JSON string value or a key=value pair (a bare 123 is also a log's responseTime).
      for (const cvc of CVCS_USED) expect(text).not.toMatch(new RegExp(`"${cvc}"|(cvc|cvv)=${cvc}\\b`, 'i'));
      expect(text).not.toMatch(/"(cvc|cvv|card_number|cardnumber)"\s*:/i);
    }
  });
});
