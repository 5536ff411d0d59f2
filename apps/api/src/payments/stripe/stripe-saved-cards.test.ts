// Saved cards through the Stripe connector (the real SDK) against the loopback Stripe emulator:
// Customers, SetupIntents, setup_future_usage, off-session charges and Stripe's saved-card test cards.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  EMULATOR_TEST_KEY,
  type StripeEmulator,
  startStripeEmulator,
} from '../../../test/emulators/stripe/emulator.ts';
import {
  type PaymentIntent,
  type PaymentResult,
  ProcessorOutcomeUnknownError,
  type SavedCard,
  type StoredPayment,
  type VaultCustomer,
} from '../provider.ts';
import { createStripeProcessor } from './stripe-processor.ts';
import { SETUP_NEEDS_AUTHENTICATION } from './stripe-vault.ts';

let emulator: StripeEmulator;
beforeAll(async () => {
  emulator = await startStripeEmulator();
});
afterAll(() => emulator.close());
afterEach(() => emulator.setFault(null));

const processor = (timeoutMs?: number) =>
  createStripeProcessor({
    publicUrl: 'http://kassa.test',
    secretKey: EMULATOR_TEST_KEY,
    apiBase: emulator.url,
    timeoutMs,
  });
const card = (number: string) => ({ number, expMonth: 12, expYear: 2030, cvv: '123' });
const newCustomer = (): VaultCustomer => ({ customerId: randomUUID(), email: 'buyer@example.com', name: 'Ada Buyer' });

async function saveCard(number: string, customer = newCustomer(), reference = randomUUID()) {
  const result = await processor().saveCard!({ reference, customer, card: card(number) });
  if (result.status !== 'saved') throw new Error(`not saved: ${result.declineReason}`);
  return result.card;
}

const charge = (
  saved: SavedCard,
  initiator: 'customer' | 'merchant' = 'merchant',
  reference = randomUUID(),
  intent: PaymentIntent = 'capture',
) =>
  processor().authorize({
    method: 'saved_card',
    customer: { customerId: 'kassa-customer', processorCustomerId: saved.processorCustomerId },
    token: saved.token,
    initiator,
    recurring: initiator === 'merchant' ? 'unscheduled' : 'card_on_file',
    reference,
    amount: 1_500,
    currency: 'EUR',
    intent,
  });

/** A buyer pays 20.00 with the card and agrees to keep it (setup_future_usage). */
const payAndSave = (number: string) =>
  processor().authorize({
    method: 'card',
    card: card(number),
    save: { customer: newCustomer() },
    reference: randomUUID(),
    amount: 2_000,
    currency: 'EUR',
    intent: 'capture',
  });

/** The buyer passes Stripe's 3-D Secure test page; Stripe sends them back to Kassa. */
async function authenticate(result: PaymentResult) {
  const res = await fetch(`${result.approvalUrl!}/complete`, { method: 'POST', redirect: 'manual' });
  expect(res.status).toBe(303);
}

const stored = (result: PaymentResult): StoredPayment => ({
  providerReference: result.providerReference,
  method: 'card',
  intent: 'capture',
  status: result.status,
  amount: 1_500,
  currency: 'EUR',
  capturedAmount: 0,
  refundedAmount: 0,
});

describe('saving a card without paying (SetupIntent)', () => {
  it('makes one Stripe Customer per Kassa customer and keeps the card on it for off-session use', async () => {
    const customer = newCustomer();
    const reference = randomUUID();
    const saved = await saveCard('4242 4242 4242 4242', customer, reference);
    expect(saved).toEqual({
      token: expect.stringMatching(/^pm_/),
      processorCustomerId: expect.stringMatching(/^cus_/),
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2030,
      fingerprint: expect.any(String),
    });
    expect(emulator.customer(saved.processorCustomerId!)).toMatchObject({
      metadata: { kassa_customer_id: customer.customerId },
      email: 'buyer@example.com',
    });
    const setup = emulator.requests.find((r) => r.path === '/v1/setup_intents' && r.idempotencyKey === reference)!;
    expect(setup.params).toMatchObject({
      confirm: 'true',
      customer: saved.processorCustomerId,
      usage: 'off_session',
      payment_method_data: { type: 'card', card: { number: '****4242' } },
    });
    expect(emulator.paymentMethod(saved.token)).toMatchObject({ customer: saved.processorCustomerId });

    // A second card for the same Kassa customer finds the Customer again; the same card, the same fingerprint.
    const again = await saveCard('4242424242424242', customer);
    expect(again.processorCustomerId).toBe(saved.processorCustomerId);
    expect(again.fingerprint).toBe(saved.fingerprint);
    expect(
      emulator
        .customers()
        .filter((c) => (c.metadata as Record<string, string>).kassa_customer_id === customer.customerId),
    ).toHaveLength(1);
    const other = await saveCard('5555 5555 5555 4444', customer);
    expect(other.fingerprint).not.toBe(saved.fingerprint);
  });

  it('the same reference saves once: Stripe answers a repeat with the first answer', async () => {
    const customer = newCustomer();
    const reference = randomUUID();
    const [first, second] = await Promise.all([
      saveCard('4242424242424242', customer, reference),
      saveCard('4242424242424242', customer, reference),
    ]);
    expect(second).toEqual(first);
  });

  it('declines a card the issuer declines, and one that must be authenticated first', async () => {
    await expect(
      processor().saveCard!({ reference: randomUUID(), customer: newCustomer(), card: card('4000000000000002') }),
    ).resolves.toEqual({ status: 'declined', declineReason: 'Card declined.' });
    const reference = randomUUID();
    await expect(
      processor().saveCard!({ reference, customer: newCustomer(), card: card('4000002500003155') }),
    ).resolves.toEqual({ status: 'declined', declineReason: SETUP_NEEDS_AUTHENTICATION });
    const canceled = emulator.requests.find((r) => r.idempotencyKey === `${reference}-cancel`)!;
    expect(canceled.path).toMatch(/^\/v1\/setup_intents\/seti_\w+\/cancel$/);
  });

  it('4000 0000 0000 0341 is kept, and every charge of it declines', async () => {
    const saved = await saveCard('4000000000000341');
    expect(await charge(saved)).toMatchObject({ status: 'authorization_failed', declineReason: 'Card declined.' });
  });
});

describe('saving a card while paying (setup_future_usage)', () => {
  it('pays and keeps the card on the Customer in one call', async () => {
    const reference = randomUUID();
    const result = await processor().authorize({
      method: 'card',
      card: card('4242424242424242'),
      save: { customer: newCustomer() },
      reference,
      amount: 2_000,
      currency: 'EUR',
      intent: 'authorize',
    });
    expect(result).toMatchObject({
      status: 'authorization_succeeded',
      savedCard: {
        token: expect.stringMatching(/^pm_/),
        last4: '4242',
        processorCustomerId: expect.stringMatching(/^cus_/),
      },
    });
    const sent = emulator.requests.find((r) => r.path === '/v1/payment_intents' && r.idempotencyKey === reference)!;
    expect(sent.params).toMatchObject({
      setup_future_usage: 'off_session',
      customer: result.savedCard!.processorCustomerId,
    });
  });

  it('4000 0025 0000 3155: authenticated once while paying, then charged off-session without the buyer', async () => {
    const paying = await payAndSave('4000002500003155');
    expect(paying).toMatchObject({ status: 'buyer_approval_pending' });
    expect(paying.savedCard).toBeUndefined();
    await authenticate(paying);
    const settled = await processor().resolveApproval({ payment: { ...stored(paying), amount: 2_000 } });
    expect(settled).toMatchObject({ status: 'capture_succeeded', savedCard: { last4: '3155' } });

    const offSession = await charge(settled.savedCard!, 'merchant');
    expect(offSession).toMatchObject({ status: 'capture_succeeded', capturedAmount: 1_500 });
    expect(emulator.requests.at(-1)?.params).toMatchObject({
      off_session: 'true',
      customer: settled.savedCard!.processorCustomerId,
    });
    // With the buyer there, the issuer asks for authentication again.
    expect(await charge(settled.savedCard!, 'customer')).toMatchObject({ status: 'buyer_approval_pending' });
  });

  it('4000 0027 6000 3184: an off-session charge is declined as needing the buyer (authentication_required)', async () => {
    const paying = await payAndSave('4000002760003184');
    await authenticate(paying);
    const { savedCard } = await processor().resolveApproval({ payment: { ...stored(paying), amount: 2_000 } });
    const reference = randomUUID();
    const declined = await charge(savedCard!, 'merchant', reference);
    expect(declined).toMatchObject({
      status: 'authorization_failed',
      authenticationRequired: true,
      declineCode: 'authentication_required',
      declineReason: 'The card issuer requires authentication. Please try again.',
    });
    // Reconciliation reads the same answer from Stripe.
    expect(await processor().fetch({ reference })).toMatchObject({ found: true, authenticationRequired: true });
  });

  it('a declined payment keeps no card', async () => {
    const result = await payAndSave('4000000000000002');
    expect(result).toMatchObject({ status: 'authorization_failed' });
    expect(result.savedCard).toBeUndefined();
  });
});

describe('charging and removing a saved card', () => {
  it('a merchant-initiated charge is sent once per reference, however often it is repeated', async () => {
    const saved = await saveCard('4242424242424242');
    const reference = randomUUID();
    const results = await Promise.all(Array.from({ length: 20 }, () => charge(saved, 'merchant', reference)));
    expect(new Set(results.map((r) => r.providerReference)).size).toBe(1);
    const intents = emulator
      .paymentIntents()
      .filter((pi) => (pi.metadata as Record<string, string>).kassa_reference === reference);
    expect(intents).toHaveLength(1);
    expect(intents[0]).toMatchObject({ status: 'succeeded', amount_received: 1_500 });
  });

  it('a charge whose answer is lost stays unknown, and reconciliation finds it by the reference', async () => {
    const saved = await saveCard('4242424242424242');
    const reference = randomUUID();
    // Every try is cut (the SDK resends a cut request once, with the same key).
    emulator.setFault({ fault: { mode: 'drop' }, match: 'POST /v1/payment_intents' });
    await expect(charge(saved, 'merchant', reference, 'authorize')).rejects.toBeInstanceOf(
      ProcessorOutcomeUnknownError,
    );
    emulator.setFault(null);
    expect(await processor().fetch({ reference })).toMatchObject({ found: true, status: 'authorization_succeeded' });
    expect(
      emulator.paymentIntents().filter((pi) => (pi.metadata as Record<string, string>).kassa_reference === reference),
    ).toHaveLength(1);
  });

  it('a removed card is detached at Stripe and cannot be charged any more; removing it again is fine', async () => {
    const customer = newCustomer();
    const saved = await saveCard('4242424242424242', customer);
    const owner = { ...customer, processorCustomerId: saved.processorCustomerId };
    await processor().removeSavedCard!({ customer: owner, token: saved.token });
    expect(emulator.paymentMethod(saved.token)).toMatchObject({ customer: null });
    await processor().removeSavedCard!({ customer: owner, token: saved.token });
    await expect(charge(saved)).rejects.toThrow(/may not be used again/);
  });

  it('refuses to remove another customer’s card', async () => {
    const saved = await saveCard('4242424242424242');
    const stranger = await saveCard('4242424242424242');
    await expect(
      processor().removeSavedCard!({
        customer: { customerId: 'x', processorCustomerId: stranger.processorCustomerId },
        token: saved.token,
      }),
    ).rejects.toThrow('This card belongs to another customer at Stripe.');
    expect(emulator.paymentMethod(saved.token)).toMatchObject({ customer: saved.processorCustomerId });
  });
});
