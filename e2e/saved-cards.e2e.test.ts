// Saved cards in the browser: a buyer ticks "Save this card" on the merchant's own page (a checkout the
// merchant's server minted with its buyer id), comes back with the same buyer id and pays with one click; the owner charges the saved card from the customer page, e-mails a
// link to add a card, the customer saves 4000 0000 0000 0341 (saves fine, declines every later charge)
// on the public add-card page, and the owner's charge of it shows the decline; a clerk without Virtual Terminal access
// sees no Customers, not even at their addresses. Every flow runs on PGlite and, when DATABASE_URL is set, on
// PostgreSQL. Screenshots of each page at 1280 and 390 px go to e2e/artifacts.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { api, apiSignIn } from './support/api-session.ts';
import { ARTIFACTS_DIR } from './support/browser.ts';
import { cardFrame, fillCardFields } from './support/card-fields.ts';
import { type DemoSuite, describeBrowserOnEachDatabase } from './support/each-database.ts';
import { extractLink, waitForMail } from './support/outbox.ts';
import { DEMO_PASSWORD } from './support/server.ts';
import { signInThroughUi } from './support/ui-sign-in.ts';

const run = Date.now();

async function shoot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: join(ARTIFACTS_DIR, `saved-cards-${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

describeBrowserOnEachDatabase(
  'saved cards: save at checkout, one-click pay, merchant charges, add-card link',
  { name: 'saved_cards' },
  savedCardFlows,
);

function savedCardFlows(suite: DemoSuite) {
  const { browser } = suite;
  let ownerToken = '';
  let productId = '';

  const owner = async () => {
    if (ownerToken) return ownerToken;
    ownerToken = (await apiSignIn(suite.server, 'owner@acme.example', DEMO_PASSWORD)).access;
    const products = await api<{ results: { id: string; name: string }[] }>(
      suite.server,
      'GET',
      '/product/?search=Summit',
      {
        token: ownerToken,
      },
    );
    productId = products.results[0]!.id;
    return ownerToken;
  };

  /**
   * The merchant's own page: its server mints a checkout for `buyerId` (the buyer id is the merchant's,
   * so it names a customer — a buyer id in a browser's address would name no one) and mounts the widget.
   * Served at a path of the server's origin: Chromium keeps any other origin from loading a loopback
   * script (Private Network Access), and the widget works the same on any origin.
   */
  async function openShop(page: Page, buyerId: string, email: string) {
    const session = await api<{ token_card: string; merchant_id: string; embed_data_card: { amount: number } }>(
      suite.server,
      'POST',
      `/product/get-checkout-token/${productId}/`,
      { token: await owner(), body: { quantity: 1, buyer_id: buyerId } },
    );
    const options = {
      element: '#fields',
      form: '#shop-form',
      apiHost: new URL(suite.server.url).host,
      merchantAccountId: session.merchant_id,
      token: session.token_card,
      amount: session.embed_data_card.amount,
      currency: 'USD',
      country: 'US',
      store: 'ask',
      billingDetails: { firstName: 'Ada', lastName: 'Lovelace', email },
    };
    const shop = `${suite.server.url}/e2e-shop/checkout`;
    await page.unroute(shop);
    await page.route(shop, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html><body><h1>Shop</h1><form id="shop-form"><div id="fields"></div>
<button type="submit" id="shop-pay">Pay</button></form><p id="outcome"></p>
<script src="${suite.server.url}/pay/widget.js"></script>
<script>Kassa.mount(Object.assign(${JSON.stringify(options)}, {
  onComplete: function (t) { document.getElementById('outcome').textContent = t.status; }
}));</script></body></html>`,
      }),
    );
    await page.goto(shop);
    return page.frameLocator('#fields iframe');
  }

  const paidOnShop = (page: Page) =>
    expect.poll(() => page.locator('#outcome').textContent(), { timeout: 20_000 }).toBe('capture_succeeded');

  /** The buyer pays one backpack on the merchant's page opened for `buyerId`, ticking "Save this card". */
  async function saveAtCheckout(page: Page, buyerId: string, card: string, email: string) {
    await owner();
    const frame = await openShop(page, buyerId, email);
    await frame.locator('#card-number').waitFor({ timeout: 15_000 });
    await frame.locator('#card-number').fill(card);
    await frame.locator('#card-expiry').fill('12 / 30');
    await frame.locator('#card-cvc').fill('123');
    // The name and e-mail come from the merchant's page; the address is the buyer's to type.
    for (const [field, value] of [
      ['#billing-line1', '1 Analytical Way'],
      ['#billing-city', 'London'],
    ] as const) {
      if (await frame.locator(field).count()) await frame.locator(field).fill(value);
    }
    const box = frame.locator('#save-card');
    await box.waitFor({ timeout: 15_000 });
    expect(await box.isChecked()).toBe(false);
    await box.check();
    await page.locator('#shop-pay').click();
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'saved-cards-save-on-shop-1280.png'), fullPage: true });
    await paidOnShop(page);
  }

  const customerOf = async (reference: string) => {
    const list = await api<{ results: { id: string; reference: string | null }[] }>(
      suite.server,
      'GET',
      `/customer/?search=${encodeURIComponent(reference)}&mode=test`,
      { token: await owner() },
    );
    const found = list.results.find((c) => c.reference === reference);
    if (!found) throw new Error(`No customer ${reference}`);
    return found.id;
  };

  it('a buyer saves the card at checkout, then pays with one click on the merchant’s page', async () => {
    const page = browser.page();
    const reference = `buyer-${run}`;
    await saveAtCheckout(page, reference, '4242 4242 4242 4242', `save-${run}@example.com`);

    // The buyer comes back: the merchant's server mints a checkout for the same buyer id, the customer is bound.
    const frame = await openShop(page, reference, `save-${run}@example.com`);
    const saved = frame.locator('input[name="saved-card"]').first();
    await saved.waitFor({ timeout: 15_000 });
    expect(await saved.isChecked()).toBe(true);
    expect(await frame.locator('label.kf-choice').first().textContent()).toContain('Visa •••• 4242, expires 12/30');
    expect(await frame.locator('#card-number').isVisible()).toBe(false);
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'saved-cards-one-click-1280.png'), fullPage: true });
    await page.locator('#shop-pay').click();
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'saved-cards-save-on-shop-1280.png'), fullPage: true });
    await paidOnShop(page);
  });

  it('the owner charges a saved card, sends an add-card link, and sees the added card decline', async () => {
    const page = browser.page();
    const reference = `charge-${run}`;
    const email = `charge-${run}@example.com`;
    await saveAtCheckout(page, reference, '4242 4242 4242 4242', email);

    await signInThroughUi(page, suite.server.dataDir, 'owner@acme.example', DEMO_PASSWORD);
    const customerPage = `/customers/${await customerOf(reference)}`;
    await page.goto(customerPage);
    await page.getByTestId('saved-card').first().waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('saved-card-name').first().textContent()).toBe('Visa •••• 4242');
    await shoot(page, 'customer-page');
    await page.getByTestId('card-charge').first().click();
    await page.getByTestId('charge-amount').fill('12.50');
    await shoot(page, 'charge-modal');
    await page.getByTestId('charge-submit').click();
    await expect
      .poll(() => page.getByTestId('charge-result-title').textContent(), { timeout: 20_000 })
      .toBe('$12.50 charged.');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('customer-payment').count(), { timeout: 15_000 }).toBe(2);

    // The link to add a card: the customer saves one on the public page, nothing charged.
    const sentAt = Date.now();
    await page.getByTestId('card-add-link').click();
    const mail = await waitForMail(suite.server.dataDir, email, { after: sentAt - 2_000, subject: /Update your card/ });
    await page.goto(extractLink(mail, /\/card\/add\//));
    await fillCardFields(page, { number: '4000 0000 0000 0341', expiry: '11 / 31', cvc: '321' });
    await cardFrame(page).locator('#billing-first-name').fill('Ada');
    await cardFrame(page).locator('#billing-last-name').fill('Lovelace');
    await shoot(page, 'add-card');
    await page.getByTestId('payment-submit-card').click();
    await expect
      .poll(() => page.getByTestId('card-saved').textContent(), { timeout: 20_000 })
      .toContain('•••• 0341, expires 11/31');
    await shoot(page, 'add-card-saved');

    // That card declines when charged: the owner sees the decline.
    await page.goto(customerPage);
    const added = page.getByTestId('saved-card').filter({ hasText: '0341' });
    await added.waitFor({ timeout: 15_000 });
    await added.getByTestId('card-charge').click();
    await page.getByTestId('charge-amount').fill('5');
    await page.getByTestId('charge-submit').click();
    await expect
      .poll(() => page.getByTestId('charge-result-title').textContent(), { timeout: 20_000 })
      .toMatch(/^Declined: /);
    await shoot(page, 'charge-declined');
  });

  it('a charge the bank wants approved e-mails the customer a link, where they confirm and pay it', async () => {
    const page = browser.page();
    const reference = `auth-${run}`;
    const email = `auth-${run}@example.com`;
    await saveAtCheckout(page, reference, '4242 4242 4242 4242', email);
    const customerId = await customerOf(reference);

    // The customer adds 4000 0000 0000 3220 (its bank wants the buyer to approve) on the add-card page.
    const sentAt = Date.now();
    await api(suite.server, 'POST', `/customer/${customerId}/payment-method/replace-link/`, {
      token: await owner(),
      body: {},
    });
    const addMail = await waitForMail(suite.server.dataDir, email, {
      after: sentAt - 2_000,
      subject: /Update your card/,
    });
    await page.goto(extractLink(addMail, /\/card\/add\//));
    await fillCardFields(page, { number: '4000 0000 0000 3220', expiry: '12 / 30', cvc: '123' });
    await cardFrame(page).locator('#billing-first-name').fill('Ada');
    await cardFrame(page).locator('#billing-last-name').fill('Lovelace');
    await page.getByTestId('payment-submit-card').click();
    await expect.poll(() => page.getByTestId('card-saved').textContent(), { timeout: 20_000 }).toContain('3220');

    // The merchant charges it without the customer: the bank wants them present.
    const cards = await api<{ id: string; last4: string }[]>(
      suite.server,
      'GET',
      `/customer/${customerId}/payment-method/`,
      {
        token: await owner(),
      },
    );
    const chargedAt = Date.now();
    const declined = await api<{ status: string; failure_code: string | null }>(
      suite.server,
      'POST',
      `/customer/${customerId}/charge/`,
      {
        token: await owner(),
        body: { payment_method_id: cards.find((c) => c.last4 === '3220')!.id, amount: 1_850, currency: 'USD' },
      },
    );
    expect(declined).toMatchObject({ status: 'authorization_failed', failure_code: 'authentication_required' });

    const mail = await waitForMail(suite.server.dataDir, email, {
      after: chargedAt - 2_000,
      subject: /Confirm your payment to/,
    });
    const link = extractLink(mail, /\/card\/authenticate\//);
    await page.goto(link);
    await page.getByTestId('authenticate-pay').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('authenticate-card').textContent()).toBe('Visa •••• 3220, expires 12/30');
    await shoot(page, 'authenticate');
    await page.getByTestId('authenticate-pay').click();
    // The bank's confirmation page (the sandbox's approval page).
    await page.locator('#approve-button').click({ timeout: 20_000 });
    await expect.poll(() => page.locator('main').textContent(), { timeout: 20_000 }).toContain('Payment approved.');
    await page.goto(link);
    await expect
      .poll(() => page.getByTestId('authenticate-paid').textContent(), { timeout: 15_000 })
      .toBe('$18.50 to Acme Outfitters is paid. You can close this page.');
  });

  it('the Virtual Terminal charges a saved card from its Saved card tab', async () => {
    const page = browser.page();
    await signInThroughUi(page, suite.server.dataDir, 'owner@acme.example', DEMO_PASSWORD);
    await page.goto('/virtualterminal');
    await page.getByTestId('vt-tab-saved').click();
    await page.getByTestId('vt-customer-search').fill(`buyer-${run}`);
    await page.getByTestId('vt-customer-option').first().click();
    await page.getByTestId('charge-amount').fill('3');
    await shoot(page, 'vt-saved-card');
    await page.getByTestId('charge-submit').click();
    await expect
      .poll(() => page.getByTestId('charge-result-title').textContent(), { timeout: 20_000 })
      .toBe('$3.00 charged.');
  });

  it('a clerk without the Virtual Terminal code sees no Customers, not even at their addresses', async () => {
    // A customer of the clerk's own merchant: something there that must not show.
    const hidden = { name: `Hidden Customer ${run}`, email: `hidden-${run}@example.com`, reference: `hidden-${run}` };
    const customer = await api<{ id: string }>(suite.server, 'POST', '/customer/', {
      token: await owner(),
      body: { ...hidden, mode: 'test' },
    });

    const page = browser.page();
    // Data the page fetched but did not draw would still be the clerk's to read.
    const customerReads: string[] = [];
    page.on('response', (res) => {
      if (new URL(res.url()).pathname.startsWith('/apiv1/customer/') && res.ok()) customerReads.push(res.url());
    });
    await signInThroughUi(page, suite.server.dataDir, 'clerk@acme.example', DEMO_PASSWORD);
    await page.getByTestId('nav-app-pr').waitFor({ timeout: 15_000 });
    expect(await page.getByText('Customers', { exact: true }).count()).toBe(0);

    // The addresses typed by hand, as from a bookmark or a link a colleague sent.
    for (const [address, shot] of [
      ['/customers', 'clerk-customers'],
      [`/customers/${customer.id}`, 'clerk-customer-page'],
    ] as const) {
      await page.goto(address);
      await page.getByTestId('unauthorized').waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('unauthorized').textContent()).toBe('Unauthorized');
      expect(await page.getByTestId('unauthorized-reason').textContent()).toBe("You don't have access to this page.");
      expect(await page.getByRole('heading', { name: 'Customers' }).count()).toBe(0);
      expect(await page.getByTestId('customer-new').count()).toBe(0);
      expect(await page.getByTestId('customer-mode').count()).toBe(0);
      const shown = await page.locator('body').innerText();
      for (const value of Object.values(hidden)) expect(shown).not.toContain(value);
      await shoot(page, shot);
    }
    expect(customerReads).toEqual([]);

    // Nor does the API answer those reads with the clerk's own session.
    const clerk = (await apiSignIn(suite.server, 'clerk@acme.example', DEMO_PASSWORD)).access;
    for (const path of [
      '/customer/?mode=test',
      `/customer/${customer.id}/`,
      `/customer/${customer.id}/payment-method/`,
    ]) {
      const res = await fetch(`${suite.server.url}/apiv1${path}`, { headers: { authorization: `Bearer ${clerk}` } });
      expect({ path, status: res.status }).toEqual({ path, status: 403 });
    }
  });
}
