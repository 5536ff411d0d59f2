// Real processors in the browser: the owner connects Stripe (and, for another merchant, Adyen) on
// the Payment connections page, with the connector's base URL pointed at the loopback emulator; a
// buyer pays a product through the hosted card fields; the owner takes an authorize-only payment
// on the Virtual Terminal, captures part of it and refunds part of the capture. Each step is checked
// on the page and in what the processor's emulator recorded.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type AdyenEmulator,
  DEFAULT_CREDENTIAL,
  DEFAULT_HMAC_KEY,
  startAdyenEmulator,
} from '../apps/api/test/emulators/adyen/emulator.ts';
import {
  EMULATOR_TEST_KEY,
  type StripeEmulator,
  startStripeEmulator,
} from '../apps/api/test/emulators/stripe/emulator.ts';
import { api, apiSignIn } from './support/api-session.ts';
import { useBrowser } from './support/browser.ts';
import { ADA, cardFrame, fillCardFields, submitCardPayment, type TestCard } from './support/card-fields.ts';
import { DEMO_PASSWORD, type KassaServer, startServer } from './support/server.ts';
import { describeBrowser } from './support/suite.ts';
import { signInThroughUi } from './support/ui-sign-in.ts';

const STRIPE_CARD: TestCard = { number: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123' };
// Adyen's test cards expire 03/2030 and take CVC 737; anything else is refused.
const ADYEN_CARD: TestCard = { number: '4111 1111 1111 1111', expiry: '03 / 30', cvc: '737' };

const toastText = (page: Page) => page.locator('.swal2-toast .swal2-title').textContent();
/** The owner fills the "Connect a provider" form on the Payment service tab and saves it enabled. */
async function connectOnPage(page: Page, provider: string, credentials: Record<string, string>) {
  await page.goto('/paymentservice');
  await page.getByTestId('provider-select').selectOption(provider);
  for (const [name, value] of Object.entries(credentials)) {
    await page.getByTestId(`credential-${name}`).fill(value);
  }
  await page.getByTestId('verify-new').click();
  await expect.poll(() => page.getByTestId('new-connection').textContent(), { timeout: 15_000 }).toContain('Connected');
  await page.getByTestId('new-connection-enabled').check();
  await page.getByTestId('save-connection').click();
  const card = page.getByTestId('connection-card').filter({ has: page.getByTestId('connection-provider') });
  await expect.poll(() => card.first().getByTestId('connection-enabled').isChecked(), { timeout: 15_000 }).toBe(true);
}

/** A buyer in a fresh browser context pays one unit of the product and sees the success card. */
async function buyerPays(browserNewPage: () => Promise<Page>, productId: string, card: TestCard, email: string) {
  const buyer = await browserNewPage();
  try {
    await buyer.goto(`/checkout/${productId}`);
    await fillCardFields(buyer, card, ADA(email));
    await submitCardPayment(buyer);
  } finally {
    await buyer.context().close();
  }
}

/** Virtual Terminal, "Authorize only": returns on the new transaction's page. */
async function authorizeOnTerminal(page: Page, card: TestCard, email: string) {
  await page.goto('/virtualterminal');
  await page.getByTestId('vt-amount').fill('80.00');
  await page.getByTestId('vt-customer-first-name').fill('Grace');
  await page.getByTestId('vt-customer-last-name').fill('Hopper');
  await page.getByTestId('vt-customer-email').fill(email);
  await page.getByTestId('vt-authorize-only').check();
  await page.getByTestId('vt-continue').click();
  const frame = cardFrame(page);
  await frame.locator('#card-number').waitFor({ timeout: 15_000 });
  await fillCardFields(page, card);
  // The terminal pre-fills the buyer; fields it left empty (address) are filled here.
  for (const [id, value] of [
    ['#billing-line1', '1 Navy Yard'],
    ['#billing-city', 'Washington'],
  ] as const) {
    if ((await frame.locator(id).count()) > 0 && (await frame.locator(id).inputValue()) === '') {
      await frame.locator(id).fill(value);
    }
  }
  if ((await frame.locator('#billing-country').count()) > 0) await frame.locator('#billing-country').selectOption('US');
  await page.getByTestId('payment-submit-card').click();
  await page.getByTestId('vt-view').click({ timeout: 20_000 });
  await expect.poll(() => page.getByTestId('detail-amount').textContent(), { timeout: 10_000 }).toBe('$80.00');
  expect(await page.getByTestId('transaction-status').textContent()).toBe('Authorized');
}

/** Captures $50.00 of the $80.00 authorization, then refunds $20.00 of it. */
async function captureThenRefundPart(page: Page) {
  await page.getByTestId('capture-open').click();
  await page.getByTestId('capture-amount').fill('50.00');
  await page.getByTestId('capture-confirm').click();
  await expect.poll(() => page.getByTestId('transaction-status').textContent(), { timeout: 15_000 }).toBe('Succeeded');
  expect(await page.getByTestId('capture-open').count()).toBe(0);

  await page.getByTestId('refund-open').click();
  await page.getByTestId('refund-amount').fill('20.00');
  await page.getByTestId('refund-continue').click();
  await page.getByTestId('refund-confirm').click();
  await expect.poll(() => toastText(page), { timeout: 15_000 }).toBe('Refunded $20.00.');
  await expect.poll(() => page.getByTestId('detail-refundable').textContent()).toBe('$30.00');
  expect(await page.getByTestId('transaction-status').textContent()).toBe('Partially refunded');
}

describeBrowser('real processors: connect on the page, pay, capture part, refund part', () => {
  let server: KassaServer;
  let stripe: StripeEmulator;
  let adyen: AdyenEmulator;
  const productOf: Record<string, { id: string; price: number }> = {};
  const productFor = (email: string) => {
    const product = productOf[email];
    if (!product) throw new Error(`No demo product found for ${email}`);
    return product;
  };

  beforeAll(async () => {
    stripe = await startStripeEmulator();
    adyen = await startAdyenEmulator();
    server = await startServer({
      demo: true,
      env: { KASSA_STRIPE_API_BASE: stripe.url, KASSA_ADYEN_CHECKOUT_BASE: adyen.baseUrl },
    });
    for (const [email, name] of [
      ['owner@acme.example', 'Summit Backpack 32L'],
      ['owner@bolt.example', 'LED Light Set'],
    ] as const) {
      const owner = await apiSignIn(server, email, DEMO_PASSWORD);
      const found = await api<{ results: { id: string; name: string; price_per_unit: number }[] }>(
        server,
        'GET',
        `/product/?search=${encodeURIComponent(name)}`,
        { token: owner.access },
      );
      const product = found.results.find((p) => p.name === name);
      if (!product) throw new Error(`The demo product ${name} is missing`);
      productOf[email] = { id: product.id, price: product.price_per_unit };
    }
  });
  afterAll(async () => {
    await server?.stop();
    await stripe?.close();
    await adyen?.close();
  });
  const browser = useBrowser({ baseURL: () => server.url, viewport: { width: 1280, height: 900 } });
  const newBuyerPage = async () =>
    (await browser.browser().newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } })).newPage();

  it('Stripe: connected on the page, a buyer pays with 4242, an authorization is captured in part and refunded in part', async () => {
    const page = browser.page();
    await signInThroughUi(page, server.dataDir, 'owner@acme.example', DEMO_PASSWORD);
    await connectOnPage(page, 'stripe', { secret_key: EMULATOR_TEST_KEY });
    expect(await page.getByTestId('connection-provider').first().textContent()).toContain('Stripe');

    const product = productFor('owner@acme.example');
    await buyerPays(newBuyerPage, product.id, STRIPE_CARD, `stripe-buyer-${Date.now()}@example.com`);
    const sale = stripe.paymentIntents().find((pi) => pi.amount === product.price);
    expect(sale?.status).toBe('succeeded');

    await authorizeOnTerminal(page, STRIPE_CARD, `stripe-vt-${Date.now()}@example.com`);
    const held = stripe.paymentIntents().find((pi) => pi.amount === 8_000);
    expect(held?.capture_method).toBe('manual');
    await captureThenRefundPart(page);
    const captured = stripe.paymentIntent(String(held?.id));
    expect(captured?.status).toBe('succeeded');
    expect(captured?.amount_received).toBe(5_000);
    expect(stripe.refunds(String(held?.id)).map((r) => r.amount)).toEqual([2_000]);
  });

  it('Adyen: connected on the page, a buyer pays, an authorization is captured in part and refunded in part', async () => {
    const page = browser.page();
    await signInThroughUi(page, server.dataDir, 'owner@bolt.example', DEMO_PASSWORD);
    await connectOnPage(page, 'adyen', {
      api_key: DEFAULT_CREDENTIAL.apiKey,
      merchant_account: DEFAULT_CREDENTIAL.merchantAccounts[0] ?? '',
      environment: 'TEST',
      hmac_key: DEFAULT_HMAC_KEY,
    });
    expect(await page.getByTestId('connection-provider').first().textContent()).toContain('Adyen');

    const product = productFor('owner@bolt.example');
    await buyerPays(newBuyerPage, product.id, ADYEN_CARD, `adyen-buyer-${Date.now()}@example.com`);
    const payments = [...adyen.payments.values()];
    expect(payments.find((p) => p.amount.value === product.price)?.resultCode).toBe('Authorised');

    await authorizeOnTerminal(page, ADYEN_CARD, `adyen-vt-${Date.now()}@example.com`);
    const held = [...adyen.payments.values()].find((p) => p.amount.value === 8_000);
    expect(held?.autoCapture).toBe(false);
    await captureThenRefundPart(page);
    await adyen.settled();
    const after = adyen.payments.get(String(held?.pspReference));
    expect(after?.capturedValue).toBe(5_000);
    expect(after?.refundedValue).toBe(2_000);
  });
});
