// The audit entry of a saved-card charge made with an API key (`api_key.request`) commits with the
// payment's outcome, in its settle statement, instead of in a commit of its own after it
// (docs/decisions/0023-saved-cards-live-at-the-processor.md): one entry per successful answer, with
// the route, status and scope the onSend hook writes for every other change made with a key; none for
// a refused request; a replayed answer gets the hook's entry as before. Runs on PGlite and PostgreSQL.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSavedCard } from '../../../test/factories/saved-cards.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { createSignedInShop } from '../../../test/payments/shop.ts';
import type { TestSession } from '../../../test/session.ts';
import { createApiKey } from '../../../test/support/api-keys.ts';
import { withWebhookEndpoint } from '../../../test/support/webhook-endpoints.ts';
import { auditLog, sandboxVaultCards, savedCards, transactions } from '../../db/schema.ts';
import { recordAudit } from '../audit/audit.service.ts';

const ROUTE = '/apiv1/customer/:id/charge/';

let t: TestApp;
let owner: TestSession;
let merchantId: string;
let keyId: string;
let apiKey: { authorization: string };

beforeAll(async () => {
  t = await buildTestApp();
  ({ owner, merchantId } = await createSignedInShop(t, { name: 'Audit Outfitters', pricePerUnit: 2_500 }));
  ({ id: keyId, header: apiKey } = await createApiKey(t, owner));
});
afterAll(() => t.close());

let customers = 0;

/** A customer made with the key, and a saved sandbox card of theirs that behaves as `behaviour`. */
async function customerWithCard(behaviour: 'success' | 'declined' = 'success') {
  customers += 1;
  const made = await t.app.inject({
    method: 'POST',
    url: '/apiv1/customer/',
    headers: apiKey,
    payload: { name: 'Ada Buyer', email: `ada${customers}@example.com`, reference: `audit-${customers}` },
  });
  expect(made.statusCode, made.body).toBe(201);
  const customerId = made.json().result.id as string;
  const card = await createSavedCard(t.ctx.db, merchantId, customerId);
  await t.ctx.db.update(sandboxVaultCards).set({ behaviour }).where(eq(sandboxVaultCards.token, card.token));
  return { customerId, cardId: card.id };
}

const charge = (customerId: string, cardId: string, headers: Record<string, string> = apiKey) =>
  t.app.inject({
    method: 'POST',
    url: `/apiv1/customer/${customerId}/charge/`,
    payload: { payment_method_id: cardId, amount: 1_200, currency: 'USD' },
    headers,
  });

/** The key's entries for charges of this customer. */
const requestEntries = (customerId: string) =>
  t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'api_key.request'), eq(auditLog.entityId, customerId)));

/** The payment's own audit entry (payment.captured, .declined…), written by its settle statement. */
async function paymentEntry(transactionId: string) {
  const [entry] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, transactionId));
  return entry!;
}

describe('the API-key audit entry of a saved-card charge', () => {
  it('is written once, with the route, status and scope, in the statement that settles the payment', async () => {
    const { customerId, cardId } = await customerWithCard();
    const res = await charge(customerId, cardId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.status).toBe('capture_succeeded');
    const entries = await requestEntries(customerId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      apiKeyId: keyId,
      merchantId,
      entityType: 'api_request',
      data: { method: 'POST', route: ROUTE, status: 200, scope: 'payments:write' },
    });
    // Same transaction as the payment's decision: the same now().
    const payment = await paymentEntry(res.json().result.id);
    expect(payment.action).toBe('payment.captured');
    expect(entries[0]!.createdAt).toEqual(payment.createdAt);
  });

  it('is kept once when it is written again under its id (the hook after a settle whose answer was lost)', async () => {
    const { customerId, cardId } = await customerWithCard();
    expect((await charge(customerId, cardId)).statusCode).toBe(200);
    const [entry] = await requestEntries(customerId);
    await recordAudit(t.ctx.db, {
      id: entry!.id,
      actor: null,
      merchantId,
      action: 'api_key.request',
      entityType: 'api_request',
      entityId: customerId,
    });
    expect(await requestEntries(customerId)).toEqual([entry]);
  });

  it('is written for a declined charge too (the answer is a 200), with the decline', async () => {
    const { customerId, cardId } = await customerWithCard('declined');
    const res = await charge(customerId, cardId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.status).toBe('authorization_failed');
    const entries = await requestEntries(customerId);
    expect(entries.map((e) => e.data)).toEqual([
      { method: 'POST', route: ROUTE, status: 200, scope: 'payments:write' },
    ]);
    const payment = await paymentEntry(res.json().result.id);
    expect(payment.action).toBe('payment.declined');
    expect(entries[0]!.createdAt).toEqual(payment.createdAt);
  });

  it('rides with the locked settle when the merchant takes payment webhooks', async () => {
    await withWebhookEndpoint(t, merchantId, ['payment.succeeded'], async () => {
      const { customerId, cardId } = await customerWithCard();
      const res = await charge(customerId, cardId, { ...apiKey, 'idempotency-key': 'audit-locked' });
      expect(res.statusCode, res.body).toBe(200);
      const entries = await requestEntries(customerId);
      expect(entries).toHaveLength(1);
      expect(entries[0]!.createdAt).toEqual((await paymentEntry(res.json().result.id)).createdAt);
    });
  });

  it('is not written for a refused charge, nor for a charge a person makes', async () => {
    const { customerId, cardId } = await customerWithCard();
    await t.ctx.db.update(savedCards).set({ expYear: 2020 }).where(eq(savedCards.id, cardId));
    const expired = await charge(customerId, cardId);
    expect(expired.statusCode).toBe(422);
    expect(await requestEntries(customerId)).toEqual([]);
    await t.ctx.db.update(savedCards).set({ expYear: 2030 }).where(eq(savedCards.id, cardId));

    const byOwner = await charge(customerId, cardId, owner.auth);
    expect(byOwner.statusCode, byOwner.body).toBe(200);
    expect(await requestEntries(customerId)).toEqual([]);
  });

  it('a replayed answer gets an entry of its own, as every successful answer to a key does', async () => {
    const { customerId, cardId } = await customerWithCard();
    const key = { ...apiKey, 'idempotency-key': 'audit-replay' };
    const first = await charge(customerId, cardId, key);
    const again = await charge(customerId, cardId, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().result.id).toBe(first.json().result.id);
    const entries = await requestEntries(customerId);
    expect(entries.map((e) => e.data)).toEqual([
      { method: 'POST', route: ROUTE, status: 200, scope: 'payments:write' },
      { method: 'POST', route: ROUTE, status: 200, scope: 'payments:write' },
    ]);
    // The first rode with the payment; the replay's is the onSend hook's, after it.
    const payment = await paymentEntry(first.json().result.id);
    expect(entries.filter((e) => e.createdAt.getTime() === payment.createdAt.getTime())).toHaveLength(1);
  });

  it('20 truly parallel charges with one Idempotency-Key charge once: one entry per 200, none per 409', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { customerId, cardId } = await customerWithCard();
      const key = { ...apiKey, 'idempotency-key': `audit-race-${round}` };
      const answers = await Promise.all(Array.from({ length: 20 }, () => charge(customerId, cardId, key)));
      for (const a of answers) expect([200, 409], a.body).toContain(a.statusCode);
      const ok = answers.filter((a) => a.statusCode === 200);
      expect(new Set(ok.map((a) => a.json().result.id)).size).toBe(1);
      const rows = await t.ctx.db.select().from(transactions).where(eq(transactions.paymentMethodId, cardId));
      expect(rows).toHaveLength(1);
      const entries = await requestEntries(customerId);
      expect(entries).toHaveLength(ok.length);
      expect(entries.every((e) => e.apiKeyId === keyId && (e.data as { status: number }).status === 200)).toBe(true);
      const payment = await paymentEntry(rows[0]!.id);
      expect(entries.filter((e) => e.createdAt.getTime() === payment.createdAt.getTime())).toHaveLength(1);
    }
  });
});
