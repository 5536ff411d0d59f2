// Languages (docs/i18n.md): a buyer whose browser speaks German pays a product checkout in German, the
// amounts written as German writes them; a user who picks French in the account menu sees the portal
// in French from then on.
import { formatMoney } from '@kassa/contract/money';
import { expect, it } from 'vitest';
import { api, apiSignIn } from './support/api-session.ts';
import { ADA, cardFrame, fillCardFields } from './support/card-fields.ts';
import { DEMO_PASSWORD } from './support/server.ts';
import { describeBrowser, useDemoSuite } from './support/suite.ts';
import { signInThroughUi } from './support/ui-sign-in.ts';

const spaces = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

describeBrowser('languages', () => {
  const suite = useDemoSuite({ locale: 'de-DE' });

  it('a buyer with a German browser pays a product checkout in German, amounts formatted for de', async () => {
    const { access } = await apiSignIn(suite.server, 'owner@acme.example', DEMO_PASSWORD);
    const products = await api<{ results: { id: string; name: string; price_per_unit: number; currency: string }[] }>(
      suite.server,
      'GET',
      '/product/?search=Summit',
      { token: access },
    );
    const product = products.results.find((p) => p.name === 'Summit Backpack 32L');
    if (!product) throw new Error('The demo product Summit Backpack 32L is missing');

    const page = suite.browser.page();
    await page.goto(`/checkout/${product.id}`);
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('de');
    const total = spaces(formatMoney(product.price_per_unit, product.currency, 'de'));
    await expect.poll(async () => spaces(await page.getByTestId('checkout-total').textContent())).toBe(total);
    expect(await page.locator('.checkout-total dt').textContent()).toBe('Gesamt');
    expect(await page.locator('#payment-heading').textContent()).toBe('Zahlung');
    expect(spaces(await page.locator('.checkout-footer').textContent())).toBe('Sichere Zahlungen mit Kassa');

    await fillCardFields(
      page,
      { number: '4242424242424242', expiry: '12 / 30', cvc: '737' },
      ADA('ada.de@example.com'),
    );
    // The hosted card fields speak German too: the API wrote the browser's language into their page.
    const fields = cardFrame(page);
    expect(await fields.locator('label[for=card-number]').textContent()).toBe('Kartennummer');
    expect(await fields.locator('label[for=card-expiry]').textContent()).toBe('Ablaufdatum (MM / JJ)');
    expect(await page.locator('[data-testid=payment-fields-card] iframe').getAttribute('title')).toBe(
      'Sichere Kartenzahlung',
    );
    await expect
      .poll(async () => spaces(await page.getByTestId('payment-submit-card').textContent()))
      .toBe(`${total} bezahlen`);
    await page.getByTestId('payment-submit-card').click();
    await expect
      .poll(() => page.getByTestId('result-title').textContent(), { timeout: 20_000 })
      .toBe('Transaktion erfolgreich.');
    expect(spaces(await page.getByTestId('receipt-amount').textContent())).toBe(total);
    expect(await page.locator('[data-testid=receipt] dt').first().textContent()).toBe('Betrag');
  });

  it('a user who picks French in the account menu sees the portal in French', async () => {
    const page = suite.browser.page();
    await signInThroughUi(page, suite.server.dataDir, 'owner@acme.example', DEMO_PASSWORD);
    await page.getByTestId('user-menu-toggle').click();
    await page.getByTestId('language-select').selectOption('fr');
    await expect.poll(() => page.getByTestId('sign-out').textContent(), { timeout: 10_000 }).toBe('Se déconnecter');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('fr');
    // The rest of the frame follows: the sidebar and the header's test-mode switch.
    await expect.poll(() => page.getByTestId('nav-dashboard').textContent()).toBe('Tableau de bord');
    expect(await page.locator('label[for=test-mode-switch]').textContent()).toBe('Mode test');

    // Stored with the profile: a fresh visit opens in French, whatever the browser (German here) says.
    await page.reload();
    await page.getByTestId('user-menu-toggle').click();
    await expect.poll(() => page.getByTestId('sign-out').textContent(), { timeout: 10_000 }).toBe('Se déconnecter');
    expect(await page.getByTestId('language-select').inputValue()).toBe('fr');
  });
});
