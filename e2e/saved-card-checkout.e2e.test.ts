// Saved cards on a public checkout in the browser (docs/product-rules.md#saved-cards-on-a-public-checkout):
// a buyer saves a card while paying on the merchant's public product checkout, comes back, asks for the
// customer portal's sign-in link from the card section, opens it from the mail outbox, lands on the same
// checkout signed in, and pays with the saved card in one click. On PGlite and, when DATABASE_URL is
// set, on PostgreSQL. Screenshots go to e2e/artifacts.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { api, apiSignIn } from './support/api-session.ts';
import { ARTIFACTS_DIR } from './support/browser.ts';
import { ADA, cardFrame, expectPaymentSucceeded, fillCardFields } from './support/card-fields.ts';
import { type DemoSuite, describeBrowserOnEachDatabase } from './support/each-database.ts';
import { extractLink, waitForMail } from './support/outbox.ts';
import { DEMO_PASSWORD } from './support/server.ts';

const run = Date.now();

async function shoot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: join(ARTIFACTS_DIR, `saved-card-checkout-${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

describeBrowserOnEachDatabase(
  'saved cards on a public checkout: sign in with the portal link, pay in one click',
  { name: 'saved_card_checkout' },
  savedCardCheckoutFlow,
);

function savedCardCheckoutFlow(suite: DemoSuite) {
  const { browser } = suite;

  it('saves a card on the product checkout, signs in from the checkout, and pays with the saved card', async () => {
    const owner = (await apiSignIn(suite.server, 'owner@acme.example', DEMO_PASSWORD)).access;
    const products = await api<{ results: { id: string; name: string }[] }>(
      suite.server,
      'GET',
      '/product/?search=Summit',
      { token: owner },
    );
    const productId = products.results[0]!.id;
    const email = `one-click-${run}@example.com`;

    // First visit: the buyer types a card and ticks "Save this card" (a new customer with that e-mail).
    const page = browser.page();
    await page.goto(`/checkout/${productId}`);
    await fillCardFields(page, { number: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123' }, ADA(email));
    const box = cardFrame(page).locator('#save-card');
    await box.waitFor({ timeout: 15_000 });
    await box.check();
    await page.getByTestId('payment-submit-card').click();
    await expectPaymentSucceeded(page);

    // Second visit: not signed in, the card section offers the sign-in link.
    await page.goto(`/checkout/${productId}`);
    await page.getByTestId('saved-cards-offer').click();
    await page.getByLabel('E-mail address').fill(email);
    const asked = Date.now();
    await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
    await page.getByTestId('saved-cards-link-sent').waitFor({ timeout: 15_000 });
    await shoot(page, 'sign-in-offer');

    const mail = await waitForMail(suite.server.dataDir, email, { after: asked - 2_000, subject: /Sign in/ });
    const link = extractLink(mail, /\/billing\/sign-in\//);
    expect(new URL(link).searchParams.get('return_to')).toBe(`/checkout/${productId}`);
    await page.goto(link);

    // Back on the checkout, signed in: the saved card is chosen, the card inputs hidden, one click pays.
    await page.waitForURL((url) => url.pathname === `/checkout/${productId}`, { timeout: 20_000 });
    expect(await page.getByTestId('saved-cards-signed-in').textContent({ timeout: 20_000 })).toContain(
      'Signed in as Ada Lovelace',
    );
    const frame = cardFrame(page);
    const saved = frame.locator('input[name="saved-card"]').first();
    await saved.waitFor({ timeout: 15_000 });
    expect(await saved.isChecked()).toBe(true);
    expect(await frame.locator('label.kf-choice').first().textContent()).toContain('Visa •••• 4242, expires 12/30');
    expect(await frame.locator('#card-number').isVisible()).toBe(false);
    await shoot(page, 'one-click');
    await page.getByTestId('payment-submit-card').click();
    await expectPaymentSucceeded(page);
    await shoot(page, 'paid');

    // The merchant sees a customer-initiated payment with the saved card.
    const list = await api<{ results: { id: string; email: string | null }[] }>(
      suite.server,
      'GET',
      `/customer/?search=${encodeURIComponent(email)}&mode=test`,
      { token: owner },
    );
    const customerId = list.results.find((c) => c.email === email)!.id;
    const cards = await api<{ id: string; last4: string }[]>(
      suite.server,
      'GET',
      `/customer/${customerId}/payment-method/`,
      { token: owner },
    );
    expect(cards.map((c) => c.last4)).toEqual(['4242']);
  });
}
