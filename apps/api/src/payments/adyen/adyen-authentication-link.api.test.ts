// A merchant-initiated charge of a card saved on Adyen that the issuer refuses with "Authentication
// required" (refusal reason 38), end to end through Kassa's API: the transaction says
// authentication_required, the customer is e-mailed the /card/authenticate/<token> link once however
// often the charge is retried, and paying through the link goes on-session (Ecommerce, CardOnFile) with
// Adyen's 3-D Secure challenge and is captured (docs/processors.md, Adyen, "A bank that wants the customer").
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdyenEmulator } from '../../../test/emulators/adyen/emulator.ts';
import {
  ADYEN_TEST_CARDS,
  AUTHENTICATION_REQUIRED_HOLDER,
  THREE_DS_PASSWORD,
} from '../../../test/emulators/adyen/test-cards.ts';
import type { TestApp } from '../../../test/helper.ts';
import { type AdyenShop, adyenCard, startAdyenShop } from '../../../test/payments/adyen-shop.ts';
import {
  chargeSavedCard,
  createCustomer,
  payAndSaveCard,
  savedCardsOf,
} from '../../../test/payments/processor-saved-cards.ts';
import type { TestSession } from '../../../test/session.ts';
import { billing } from '../../../test/support/buyer.ts';
import { transactions } from '../../db/schema.ts';
import { AUTHENTICATION_LINK_SENT } from '../../modules/charges/settle-payment.ts';
import { deliverQueuedNotifications } from '../../modules/notifications/notifications.worker.ts';

let shop: AdyenShop;
let t: TestApp;
let emulator: AdyenEmulator;
let productId: string;
let owner: TestSession;

beforeAll(async () => {
  shop = await startAdyenShop({
    name: 'Adyen Outfitters',
    ownerEmail: 'owner@adyen-auth-link.test',
    pricePerUnit: 2_000,
    currency: 'EUR',
  });
  ({ t, emulator, productId, owner } = shop);
});
afterAll(() => shop.close());

const txRow = async (id: string) => (await t.ctx.db.select().from(transactions).where(eq(transactions.id, id)))[0]!;

/** The buyer's browser on Adyen's challenge page, then back on Kassa's return page. */
async function passChallenge(approvalUrl: string) {
  const page = await (await fetch(approvalUrl)).text();
  const md = /name="MD" value="([^"]+)"/.exec(page)![1]!;
  const submitted = await fetch(`${emulator.baseUrl}/threeDS/complete?MD=${md}&password=${THREE_DS_PASSWORD}`, {
    redirect: 'manual',
  });
  expect(submitted.status).toBe(302);
  const back = new URL(submitted.headers.get('location')!);
  const returned = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
  expect(returned.statusCode, returned.body).toBe(200);
}

/** A customer who saved, while paying with 3-D Secure, the test card whose issuer wants authentication. */
async function customerWithCardNeedingAuthentication() {
  const customer = await createCustomer(t, owner);
  const pending = await payAndSaveCard(t, owner, {
    productId,
    buyerId: customer.reference,
    card: adyenCard(ADYEN_TEST_CARDS.visa3ds, AUTHENTICATION_REQUIRED_HOLDER),
    billing,
  });
  expect(pending.status).toBe('buyer_approval_pending');
  await passChallenge(pending.payment_method.approval_url);
  expect(await txRow(pending.id)).toMatchObject({ status: 'capture_succeeded' });
  const [card] = await savedCardsOf(t, owner, customer.id);
  expect(card).toMatchObject({ processor: 'adyen', last4: '0000' });
  return { customerId: customer.id, cardId: card!.id };
}

const authenticate = (method: 'GET' | 'POST', linkToken: string) =>
  t.app.inject({ method, url: '/apiv1/pay/authenticate/', headers: { 'x-authenticate-token': linkToken } });

describe('an Adyen saved-card charge refused with "Authentication required"', () => {
  it('20 parallel retries × 3 rounds: one refused charge, one e-mail, then the customer pays on-session', async () => {
    for (let round = 0; round < 3; round++) {
      const { customerId, cardId } = await customerWithCardNeedingAuthentication();
      // Every customer of the helper shares one e-mail address: each round's mail names its own amount.
      const amount = 4_100 + round;
      const shown = `€${(amount / 100).toFixed(2)}`;
      const before = t.mail.sent.length;
      const key = crypto.randomUUID();
      const charge = { payment_method_id: cardId, amount, currency: 'EUR' };
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => chargeSavedCard(t, owner, customerId, charge, key)),
      );
      // A retry that meets the first still running may be told to wait; none charges a second time.
      const done = answers.filter((a) => a.statusCode === 200);
      expect(done.length, answers.map((a) => a.body).join('\n')).toBeGreaterThan(0);
      expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 409)).toBe(true);
      const ids = new Set(done.map((a) => a.json().result.id));
      expect(ids.size).toBe(1);
      expect(done[0]!.json().result).toMatchObject({
        status: 'authorization_failed',
        failure_code: 'authentication_required',
        failure_reason: AUTHENTICATION_LINK_SENT,
      });
      const declinedId = [...ids][0]!;
      const tx = await txRow(declinedId);
      expect(emulator.payments.get(tx.providerReference!)).toMatchObject({
        resultCode: 'Refused',
        refusalReason: 'Authentication required',
        refusalReasonCode: '38',
      });
      const sentToAdyen = emulator.requests.filter(
        (r) => r.path === '/v72/payments' && r.idempotencyKey === declinedId,
      );
      expect(sentToAdyen).toHaveLength(1);
      expect(sentToAdyen[0]!.body).toMatchObject({
        shopperInteraction: 'ContAuth',
        recurringProcessingModel: 'UnscheduledCardOnFile',
      });

      const mails = () =>
        t.mail.sent.slice(before).filter((m) => m.subject.startsWith('Confirm your payment') && m.text.includes(shown));
      await expect
        .poll(async () => {
          await deliverQueuedNotifications(t.ctx);
          return mails().map((m) => m.to);
        })
        .toEqual(['ada@example.com']);
      const linkToken = mails()[0]!.text.match(/\/card\/authenticate\/([\w.-]+)/)![1]!;

      const details = await authenticate('GET', linkToken);
      expect(details.statusCode, details.body).toBe(200);
      expect(details.json().result).toMatchObject({ amount, currency: 'EUR', card: { id: cardId }, paid: false });
      const pending = await authenticate('POST', linkToken);
      expect(pending.statusCode, pending.body).toBe(200);
      expect(pending.json().result).toMatchObject({ status: 'buyer_approval_pending', amount });
      const onSession = await txRow(pending.json().result.id);
      expect(onSession).toMatchObject({ initiator: 'customer', customerId, paymentMethodId: cardId });
      expect(
        emulator.requests.filter((r) => r.path === '/v72/payments' && r.idempotencyKey === onSession.id)[0]!.body,
      ).toMatchObject({
        paymentMethod: { storedPaymentMethodId: expect.any(String) },
        shopperInteraction: 'Ecommerce',
        recurringProcessingModel: 'CardOnFile',
      });
      await passChallenge(pending.json().result.payment_method.approval_url);
      expect(await txRow(onSession.id)).toMatchObject({ status: 'capture_succeeded', capturedAmount: amount });
      expect((await authenticate('GET', linkToken)).json().result.paid).toBe(true);

      await deliverQueuedNotifications(t.ctx);
      expect(mails()).toHaveLength(1);
    }
  });
});
