// A returning merchant's new checkout is recorded in one statement, decided from the standing this
// process read on an earlier attempt (docs/decisions/0025-an-attempt-in-one-statement.md). What must hold:
// the database, not the process's copy, has the last word (a merchant blocked or a connection added
// meanwhile is seen), and the one statement keeps every guard of the locked path under parallel
// requests — on PostgreSQL in CI, where they really overlap.
import { ROLE } from '@kassa/contract/access';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant } from '../../../test/factories/merchants.ts';
import { createProduct } from '../../../test/factories/sellables.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { createSignedInUser } from '../../../test/session.ts';
import { createApiKey } from '../../../test/support/api-keys.ts';
import { billing } from '../../../test/support/buyer.ts';
import { newBuyerAddress, openCheckout, payByCard, testCard } from '../../../test/support/checkout.ts';
import { checkoutSessions, merchants, transactionEvents, transactions } from '../../db/schema.ts';
import { type AttemptPath, attemptPaths } from '../../observability/metrics.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const PARALLEL = 20;
const ROUNDS = 3;

async function pathCounts(): Promise<Record<AttemptPath, number>> {
  const counts = { one_statement: 0, locked: 0, locked_after_refusal: 0, in_batch: 0 };
  for (const { labels, value } of (await attemptPaths.get()).values) counts[labels.path as AttemptPath] = value;
  return counts;
}
/** How many attempts each path recorded while `work` ran. */
async function pathsOf(work: () => Promise<unknown>) {
  const before = await pathCounts();
  await work();
  const after = await pathCounts();
  return {
    one_statement: after.one_statement - before.one_statement,
    locked: after.locked - before.locked,
    locked_after_refusal: after.locked_after_refusal - before.locked_after_refusal,
  };
}

async function shop(pricePerUnit = 1_250) {
  const merchant = await createMerchant(t.ctx.db, { allowConnections: true, country: 'US' });
  const owner = await createSignedInUser(t, { role: ROLE.MERCHANT_OWNER, merchantId: merchant.id });
  const product = await createProduct(t.ctx.db, merchant.id, { pricePerUnit });
  return { merchantId: merchant.id, owner, productId: product.id };
}
const tokenOf = async (productId: string) =>
  (await openCheckout(t, { product: productId }, newBuyerAddress())).token_card;
const charge = (token: string, headers?: Record<string, string>, number?: string) =>
  payByCard(t, token, { card: testCard(number), remoteAddress: newBuyerAddress(), headers });

const capturedOf = (productId: string) =>
  t.ctx.db
    .select({ id: transactions.id, session: transactions.checkoutSessionId, amount: transactions.capturedAmount })
    .from(transactions)
    .where(and(eq(transactions.productId, productId), eq(transactions.status, 'capture_succeeded')));

describe('a returning merchant’s attempt in one statement', () => {
  it('records the first payment under locks and the next in one statement, with the same rows', async () => {
    const { productId, merchantId } = await shop();
    const first = await pathsOf(async () => expect((await charge(await tokenOf(productId))).statusCode).toBe(200));
    expect(first).toEqual({ one_statement: 0, locked: 1, locked_after_refusal: 0 });

    let paid: { id: string; status: string; amount: number } | undefined;
    const next = await pathsOf(async () => {
      const res = await charge(await tokenOf(productId), { 'idempotency-key': `fast-${crypto.randomUUID()}` });
      expect(res.statusCode, res.body).toBe(200);
      paid = res.json().result;
    });
    expect(next).toEqual({ one_statement: 1, locked: 0, locked_after_refusal: 0 });
    expect(paid).toMatchObject({ status: 'capture_succeeded', amount: 1_250 });
    const [row] = await t.ctx.db.select().from(transactions).where(eq(transactions.id, paid!.id));
    expect(row).toMatchObject({
      merchantId,
      status: 'capture_succeeded',
      capturedAmount: 1_250,
      provider: 'sandbox',
      mode: 'test',
      cardLast4: '4242',
      buyerEmail: 'ada@example.com',
    });
    const [session] = await t.ctx.db
      .select({ status: checkoutSessions.status, amount: checkoutSessions.amount })
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, row!.checkoutSessionId!));
    expect(session).toEqual({ status: 'completed', amount: 1_250 });
    const events = await t.ctx.db
      .select({ type: transactionEvents.type })
      .from(transactionEvents)
      .where(eq(transactionEvents.transactionId, paid!.id));
    expect(events.map((e) => e.type)).toContain('created');
  });

  it('refuses a merchant blocked since this process saw it selling, and leaves nothing behind', async () => {
    const { productId, merchantId } = await shop();
    await charge(await tokenOf(productId));
    const token = await tokenOf(productId);
    await t.ctx.db.update(merchants).set({ isBlocked: true }).where(eq(merchants.id, merchantId));
    const key = `blocked-${crypto.randomUUID()}`;
    let refused: Awaited<ReturnType<typeof charge>> | undefined;
    const paths = await pathsOf(async () => {
      refused = await charge(token, { 'idempotency-key': key });
    });
    expect(paths).toEqual({ one_statement: 0, locked: 0, locked_after_refusal: 1 });
    expect(refused!.statusCode).toBe(422);
    expect(refused!.json().message).toBe('This merchant cannot accept payments right now.');
    // Nothing of the attempt is written: no payment, and the checkout can still be paid.
    expect(await capturedOf(productId)).toHaveLength(1);
    expect(await t.ctx.db.select().from(transactions).where(eq(transactions.productId, productId))).toHaveLength(1);

    await t.ctx.db.update(merchants).set({ isBlocked: false }).where(eq(merchants.id, merchantId));
    // The key keeps its answer (a retry with it is told the same); a new key pays.
    expect((await charge(token, { 'idempotency-key': key })).statusCode).toBe(422);
    const again = await charge(token, { 'idempotency-key': `${key}-2` });
    expect(again.json().result?.status, again.body).toBe('capture_succeeded');
  });

  it('sends the payment to a processor connected since, and asks a fraud service connected since', async () => {
    const { productId, owner } = await shop();
    await charge(await tokenOf(productId));
    const connect = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/apiv1/connection/merchant-connection/', payload, headers: owner.auth });
    const key = { secret_key: 'sk_test_fastpath000011112222' };
    const service = await connect({
      kind: 'payment_service',
      provider: 'sandbox',
      credentials: { account_id: 'acct_fast', ...key },
    });
    expect(service.statusCode, service.body).toBe(201);
    const viaService = (await charge(await tokenOf(productId))).json().result;
    const [stored] = await t.ctx.db.select().from(transactions).where(eq(transactions.id, viaService.id));
    expect(stored).toMatchObject({ status: 'capture_succeeded', providerConnectionId: service.json().result.id });

    expect((await connect({ kind: 'anti_fraud', provider: 'sandbox_anti_fraud', credentials: key })).statusCode).toBe(
      201,
    );
    const blocked = (await charge(await tokenOf(productId), undefined, '4100000000000019')).json().result;
    expect(blocked).toMatchObject({
      status: 'authorization_failed',
      failure_reason: 'Blocked by the anti-fraud service: The card is on the block list.',
    });
  });

  it('answers a checkout opened before (a retried token) on the locked path', async () => {
    const { productId } = await shop();
    await charge(await tokenOf(productId));
    const token = await tokenOf(productId);
    const declined = await charge(token, undefined, '4000000000000002');
    expect(declined.json().result.status).toBe('authorization_failed');
    const paths = await pathsOf(async () => {
      const retried = await charge(token);
      expect(retried.json().result?.status, retried.body).toBe('capture_succeeded');
    });
    expect(paths).toEqual({ one_statement: 0, locked: 0, locked_after_refusal: 1 });
  });
});

describe(`${PARALLEL} parallel requests on one statement (${ROUNDS} rounds)`, () => {
  it('charges one checkout once when its token is sent with one Idempotency-Key, and replays the answer', async () => {
    const { productId } = await shop(990);
    await charge(await tokenOf(productId));
    for (let round = 0; round < ROUNDS; round += 1) {
      const token = await tokenOf(productId);
      const key = `same-${crypto.randomUUID()}`;
      const answers = await Promise.all(
        Array.from({ length: PARALLEL }, () => charge(token, { 'idempotency-key': key })),
      );
      expect(answers.filter((r) => r.statusCode >= 500).map((r) => r.body)).toEqual([]);
      const ok = answers.filter((r) => r.statusCode === 200);
      expect(ok.length).toBeGreaterThanOrEqual(1);
      const ids = new Set(ok.map((r) => r.json().result.id));
      expect(ids.size).toBe(1);
      for (const r of answers.filter((a) => a.statusCode !== 200)) expect(r.statusCode).toBe(409);
      const rows = (await capturedOf(productId)).filter((r) => ids.has(r.id));
      expect(rows).toHaveLength(1);
    }
    expect(await capturedOf(productId)).toHaveLength(ROUNDS + 1);
  });

  it('charges one checkout once when its token is sent with a different key each time', async () => {
    const { productId } = await shop(990);
    await charge(await tokenOf(productId));
    for (let round = 0; round < ROUNDS; round += 1) {
      const token = await tokenOf(productId);
      const answers = await Promise.all(
        Array.from({ length: PARALLEL }, () => charge(token, { 'idempotency-key': `each-${crypto.randomUUID()}` })),
      );
      expect(answers.filter((r) => r.statusCode >= 500).map((r) => r.body)).toEqual([]);
      expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
      for (const r of answers.filter((a) => a.statusCode !== 200)) {
        expect([409, 422]).toContain(r.statusCode);
        expect(r.json().message).toMatch(/already been paid|already in progress/);
      }
    }
    expect(await capturedOf(productId)).toHaveLength(ROUNDS + 1);
  });

  it('records every one of many buyers’ checkouts once, each in one statement', async () => {
    const { productId } = await shop(990);
    await charge(await tokenOf(productId));
    for (let round = 0; round < ROUNDS; round += 1) {
      const tokens = await Promise.all(Array.from({ length: PARALLEL }, () => tokenOf(productId)));
      const paths = await pathsOf(async () => {
        const answers = await Promise.all(tokens.map((token) => charge(token)));
        expect(answers.map((r) => r.json().result?.status ?? r.body)).toEqual(tokens.map(() => 'capture_succeeded'));
      });
      expect(paths).toEqual({ one_statement: PARALLEL, locked: 0, locked_after_refusal: 0 });
    }
    const rows = await capturedOf(productId);
    expect(rows).toHaveLength(PARALLEL * ROUNDS + 1);
    expect(new Set(rows.map((r) => r.session)).size).toBe(rows.length);
  });
});

describe('a merchant’s charge of a saved card', () => {
  it('is one statement once the merchant was seen, locks the card as read, and tells who charged', async () => {
    const { productId, owner } = await shop(2_000);
    const { header: apiKey } = await createApiKey(t, owner);
    const minted = await t.app.inject({
      method: 'POST',
      url: `/apiv1/product/get-checkout-token/${productId}/`,
      payload: { quantity: 1, buyer_id: 'fast-saved-1' },
      headers: apiKey,
    });
    const saved = await t.app.inject({
      method: 'POST',
      url: '/apiv1/pay/charge/',
      payload: { token: minted.json().result.token_card, method: 'card', card: testCard(), save_card: true, billing },
      remoteAddress: newBuyerAddress(),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [paid] = await t.ctx.db.select().from(transactions).where(eq(transactions.id, saved.json().result.id));
    const { customerId, paymentMethodId } = paid!;

    const chargeCard = (amount: number) =>
      t.app.inject({
        method: 'POST',
        url: `/apiv1/customer/${customerId}/charge/`,
        payload: { payment_method_id: paymentMethodId, amount, currency: 'USD' },
        headers: { ...apiKey, 'idempotency-key': `card-${crypto.randomUUID()}` },
      });
    let id = '';
    const paths = await pathsOf(async () => {
      const res = await chargeCard(1_500);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().result).toMatchObject({ status: 'capture_succeeded', amount: 1_500 });
      id = res.json().result.id;
    });
    expect(paths).toEqual({ one_statement: 1, locked: 0, locked_after_refusal: 0 });
    const [row] = await t.ctx.db.select().from(transactions).where(eq(transactions.id, id));
    expect(row).toMatchObject({ customerId, paymentMethodId, initiator: 'merchant', cardLast4: '4242' });
    const events = await t.ctx.db
      .select({ type: transactionEvents.type })
      .from(transactionEvents)
      .where(eq(transactionEvents.transactionId, id));
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['created', 'merchant_initiated']));
  });
});
