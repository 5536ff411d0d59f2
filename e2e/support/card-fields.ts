// Types into the hosted card fields inside the widget's iframe (ids from packages/widget field-specs),
// as a buyer does. Billing fields are skipped where the page already knows the buyer.
import type { FrameLocator, Page } from 'playwright-core';
import { expect } from 'vitest';

export interface TestCard {
  number: string;
  /** "MM / YY" as the field formats it. */
  expiry: string;
  cvc: string;
}

export interface TestBuyer {
  firstName: string;
  lastName: string;
  email: string;
  line1: string;
  city: string;
  /** ISO country code the country select offers. */
  country: string;
}

export const cardFrame = (page: Page): FrameLocator => page.frameLocator('[data-testid=payment-fields-card] iframe');

export async function fillCardFields(page: Page, card: TestCard, buyer?: TestBuyer) {
  const frame = cardFrame(page);
  await frame.locator('#card-number').waitFor({ timeout: 15_000 });
  await frame.locator('#card-number').fill(card.number);
  await frame.locator('#card-expiry').fill(card.expiry);
  await frame.locator('#card-cvc').fill(card.cvc);
  if (!buyer) return;
  await frame.locator('#billing-first-name').fill(buyer.firstName);
  await frame.locator('#billing-last-name').fill(buyer.lastName);
  await frame.locator('#billing-email').fill(buyer.email);
  await frame.locator('#billing-line1').fill(buyer.line1);
  await frame.locator('#billing-city').fill(buyer.city);
  await frame.locator('#billing-country').selectOption(buyer.country);
}

export const ADA = (email: string): TestBuyer => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email,
  line1: '1 Analytical Way',
  city: 'London',
  country: 'GB',
});

/** The result card says the payment was approved (the sandbox answers within seconds). */
export async function expectPaymentSucceeded(page: Page) {
  await expect
    .poll(() => page.getByTestId('result-title').textContent(), { timeout: 20_000 })
    .toBe('Transaction successful.');
}

/** Pays with the card typed in, as the buyer's click on the pay button does, and waits for the approval. */
export async function submitCardPayment(page: Page) {
  await page.getByTestId('payment-submit-card').click();
  await expectPaymentSucceeded(page);
}
