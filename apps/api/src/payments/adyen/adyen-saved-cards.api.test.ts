// Saved cards through the Adyen connector (the real @adyen/api-library) against the loopback Adyen
// emulator: storePaymentMethod while paying, a zero-value save, token payments started by the shopper
// (Ecommerce, CardOnFile) or the merchant (ContAuth), the token list and its deletion.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type AdyenEmulator,
  KASSA_CONNECTION_CREDENTIALS as credentials,
} from '../../../test/emulators/adyen/emulator.ts';
import { ADYEN_TEST_CARDS } from '../../../test/emulators/adyen/test-cards.ts';
import {
  adyenCardDetails as card,
  newPaymentReference as reference,
  startAdyenConnector,
} from '../../../test/payments/adyen-connector.ts';
import type { CardDetails } from '../card.ts';
import {
  type PaymentProvider,
  type PaymentResult,
  ProcessorOutcomeUnknownError,
  type RecurringModel,
  type SavedCard,
} from '../provider.ts';
import { SAVE_NEEDS_AUTHENTICATION, ZERO_AUTH_CURRENCY } from './adyen-vault.ts';
import { ADYEN_BUYER_MESSAGES } from './refusal-messages.ts';

let emulator: AdyenEmulator;
let adyen: PaymentProvider;

let shoppers = 0;
const shopper = () => ({ customerId: `kassa-customer-${++shoppers}`, email: 'buyer@example.com' });

async function save(c = card(), customer = shopper()) {
  const result = await adyen.saveCard!({ reference: reference(), customer, card: c });
  if (result.status !== 'saved') throw new Error(result.declineReason);
  return { saved: result.card, customer };
}

const charge = (
  customer: { customerId: string },
  saved: SavedCard,
  initiator: 'customer' | 'merchant',
  recurring: RecurringModel,
  ref = reference(),
) =>
  adyen.authorize({
    method: 'saved_card',
    customer,
    token: saved.token,
    initiator,
    recurring,
    reference: ref,
    amount: 1_999,
    currency: 'EUR',
    intent: 'capture',
  });

/** A buyer pays and agrees to keep the card (storePaymentMethod). */
const payAndSave = (c: CardDetails, customer: { customerId: string }, amount: number, ref = reference()) =>
  adyen.authorize({
    method: 'card',
    card: c,
    save: { customer },
    reference: ref,
    amount,
    currency: 'EUR',
    intent: 'capture',
  });

/** The buyer passes Adyen's 3-D Secure test page and comes back to Kassa. */
async function passChallenge(pending: PaymentResult, amount: number): Promise<PaymentResult> {
  const html = await (await fetch(pending.approvalUrl!)).text();
  const md = /name="MD" value="([^"]+)"/.exec(html)![1]!;
  const submitted = await fetch(`${emulator.baseUrl}/threeDS/complete?MD=${md}&password=password`, {
    redirect: 'manual',
  });
  const returnParams = Object.fromEntries(new URL(submitted.headers.get('location')!).searchParams);
  return adyen.resolveApproval({
    payment: {
      providerReference: pending.providerReference,
      method: 'card',
      intent: 'capture',
      status: 'buyer_approval_pending',
      amount,
      currency: 'EUR',
      capturedAmount: 0,
      refundedAmount: 0,
    },
    returnParams,
  });
}

beforeAll(async () => {
  // Generous: 20 parallel calls on a busy test machine; no test here waits for a timeout.
  ({ emulator, adyen } = await startAdyenConnector({ responseTimeoutMs: 15_000 }));
});
afterAll(() => emulator.close());
beforeEach(() => {
  emulator.requests.length = 0;
});

describe('storing a card', () => {
  it('while paying: storePaymentMethod for the shopper, CardOnFile, Ecommerce; the token comes back', async () => {
    const customer = shopper();
    const ref = reference();
    const result = await payAndSave(card(), customer, 2_500, ref);
    expect(result).toMatchObject({
      status: 'capture_succeeded',
      savedCard: {
        brand: 'visa',
        last4: '1111',
        expMonth: 3,
        expYear: 2030,
        fingerprint: expect.stringMatching(/^A\d{15}$/),
      },
    });
    expect(emulator.requests[0]!.body).toMatchObject({
      storePaymentMethod: true,
      shopperReference: customer.customerId,
      recurringProcessingModel: 'CardOnFile',
      shopperInteraction: 'Ecommerce',
    });
    expect(emulator.requests[0]!.idempotencyKey).toBe(ref);
    const token = result.savedCard!.token;
    // Adyen's own webhook for the token: pspReference is the token, originalReference the payment.
    expect(
      emulator.notifications.find((n) => n.eventCode === 'RECURRING_CONTRACT' && n.pspReference === token),
    ).toMatchObject({
      originalReference: result.providerReference,
      merchantReference: ref,
      additionalData: {
        'recurring.shopperReference': customer.customerId,
        'recurring.recurringDetailReference': token,
      },
    });
  });

  it('without paying: a zero-value authorisation; the same card again is the same token and fingerprint', async () => {
    const { saved, customer } = await save();
    expect(emulator.requests[0]!.body).toMatchObject({
      amount: { currency: ZERO_AUTH_CURRENCY, value: 0 },
      storePaymentMethod: true,
      shopperReference: customer.customerId,
      shopperEmail: 'buyer@example.com',
    });
    const again = await save(card(), customer);
    expect(again.saved).toEqual(saved);
    const elsewhere = await save(card());
    expect(elsewhere.saved.token).not.toBe(saved.token);
    expect(elsewhere.saved.fingerprint).toBe(saved.fingerprint);
    expect((await save(card(ADYEN_TEST_CARDS.mastercard), customer)).saved).toMatchObject({
      brand: 'mc',
      last4: '1111',
    });
  });

  it('declines a refused card, and one whose issuer wants the buyer to authenticate first', async () => {
    await expect(
      adyen.saveCard!({ reference: reference(), customer: shopper(), card: card(ADYEN_TEST_CARDS.visa, 'DECLINED') }),
    ).resolves.toEqual({ status: 'declined', declineReason: ADYEN_BUYER_MESSAGES.declined });
    await expect(
      adyen.saveCard!({ reference: reference(), customer: shopper(), card: card(ADYEN_TEST_CARDS.visa3ds) }),
    ).resolves.toEqual({ status: 'declined', declineReason: SAVE_NEEDS_AUTHENTICATION });
  });

  it('after 3-D Secure: the token arrives with the outcome of /payments/details', async () => {
    const pending = await payAndSave(card(ADYEN_TEST_CARDS.visa3ds), shopper(), 3_000);
    expect(pending.status).toBe('buyer_approval_pending');
    const settled = await passChallenge(pending, 3_000);
    expect(settled).toMatchObject({ status: 'capture_succeeded', savedCard: { last4: '0000', expYear: 2030 } });
  });
});

describe('paying with a stored card', () => {
  it('merchant-initiated: ContAuth with UnscheduledCardOnFile or Subscription, no 3-D Secure', async () => {
    // A 3-D Secure card is stored while paying, with the buyer there to authenticate.
    const customer = shopper();
    const pending = await payAndSave(card(ADYEN_TEST_CARDS.visa3ds), customer, 100);
    const saved = (await passChallenge(pending, 100)).savedCard!;
    emulator.requests.length = 0;
    for (const recurring of ['unscheduled', 'subscription'] as const) {
      expect(await charge(customer, saved, 'merchant', recurring)).toMatchObject({
        status: 'capture_succeeded',
        capturedAmount: 1_999,
      });
    }
    expect(emulator.requests.map((r) => r.body)).toMatchObject([
      {
        paymentMethod: { type: 'scheme', storedPaymentMethodId: saved.token },
        shopperReference: customer.customerId,
        shopperInteraction: 'ContAuth',
        recurringProcessingModel: 'UnscheduledCardOnFile',
      },
      { shopperInteraction: 'ContAuth', recurringProcessingModel: 'Subscription' },
    ]);
    // With the buyer there (Ecommerce, CardOnFile) the issuer asks for 3-D Secure again.
    expect(await charge(customer, saved, 'customer', 'card_on_file')).toMatchObject({
      status: 'buyer_approval_pending',
    });
    expect(emulator.requests.at(-1)!.body).toMatchObject({
      shopperInteraction: 'Ecommerce',
      recurringProcessingModel: 'CardOnFile',
    });
  });

  it('the same reference is one payment, however many times it is sent', async () => {
    const { saved, customer } = await save();
    const ref = reference();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => charge(customer, saved, 'merchant', 'unscheduled', ref)),
    );
    expect(new Set(results.map((r) => r.providerReference)).size).toBe(1);
    expect([...emulator.payments.values()].filter((p) => p.reference === ref)).toHaveLength(1);
  });

  it('an answer lost on the way leaves the payment to the AUTHORISATION webhook', async () => {
    const { saved, customer } = await save();
    const ref = reference();
    emulator.failNext({ kind: 'drop' }, { path: /\/payments$/ });
    await expect(charge(customer, saved, 'merchant', 'unscheduled', ref)).rejects.toBeInstanceOf(
      ProcessorOutcomeUnknownError,
    );
    await expect(adyen.fetch({ reference: ref })).rejects.toBeInstanceOf(ProcessorOutcomeUnknownError);
    expect(
      emulator.notifications.find((n) => n.eventCode === 'AUTHORISATION' && n.merchantReference === ref),
    ).toMatchObject({
      success: 'true',
    });
  });
});

describe('removing a stored card', () => {
  it('deletes the token for the shopper; removing it again is fine; it cannot be charged any more', async () => {
    const { saved, customer } = await save();
    await adyen.removeSavedCard!({ customer, token: saved.token });
    const deleted = emulator.requests.at(-1)!;
    expect(deleted).toMatchObject({
      method: 'DELETE',
      path: `/v72/storedPaymentMethods/${saved.token}`,
      query: { shopperReference: customer.customerId, merchantAccount: credentials.merchant_account },
    });
    expect(emulator.storedPaymentMethods.list(customer.customerId, credentials.merchant_account)).toEqual([]);
    await adyen.removeSavedCard!({ customer, token: saved.token });
    await expect(charge(customer, saved, 'merchant', 'unscheduled')).rejects.toThrow(
      'This saved card is no longer kept at Adyen.',
    );
  });

  it('another shopper’s token is neither charged nor deleted', async () => {
    const { saved, customer } = await save();
    const stranger = shopper();
    await save(card(), stranger);
    await expect(charge(stranger, saved, 'merchant', 'unscheduled')).rejects.toThrow('no longer kept at Adyen');
    await adyen.removeSavedCard!({ customer: stranger, token: saved.token });
    expect(emulator.storedPaymentMethods.list(customer.customerId, credentials.merchant_account)).toHaveLength(1);
  });
});
