// Checking a customer's cards against their processor (sync-cards.service.ts), on the sandbox's vault: a
// card the processor forgot is removed once, one it renewed takes the new expiry, cards it keeps that
// Kassa never saved are only counted, and a card with a payment under way stays until it finishes.
import { APP } from '@kassa/contract/access';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createSavedCard } from '../../../test/factories/saved-cards.ts';
import { createTransaction } from '../../../test/factories/transactions.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { apiCaller, createOwnedMerchant, signInMerchantTeam } from '../../../test/support/merchant-team.ts';
import { auditLog, sandboxVaultCards, savedCards, transactions } from '../../db/schema.ts';
import { NEW_CARD_GRACE_MS } from './sync-cards.service.ts';

const t = await buildTestApp();
afterAll(() => t.close());
const team = await signInMerchantTeam(t, { subUserAccess: { [APP.VIRTUAL_TERMINAL]: [1] }, inactiveHubStatus: 1 });
const { owner, subUser: viewer, merchantId } = team;
const call = apiCaller(t);

async function customerWithCards(name: string, last4s: string[]) {
  const res = await call(owner, 'POST', '/customer/', { name, mode: 'test' });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().result.id as string;
  const cards = [];
  for (const last4 of last4s)
    cards.push(await createSavedCard(t.ctx.db, merchantId, id, { last4, fingerprint: last4 }));
  // Saved an hour ago: past the minutes a processor may take to list a new card.
  await t.ctx.db
    .update(savedCards)
    .set({ createdAt: new Date(t.ctx.clock.now().getTime() - 3_600_000) })
    .where(eq(savedCards.customerId, id));
  return { id, cards };
}

/** What the processor does on its own side: forgets a card, or renews its expiry. */
const forgetAtSandbox = (token: string) =>
  t.ctx.db.update(sandboxVaultCards).set({ removedAt: new Date() }).where(eq(sandboxVaultCards.token, token));
const renewAtSandbox = (token: string) =>
  t.ctx.db.update(sandboxVaultCards).set({ expMonth: 9, expYear: 2033 }).where(eq(sandboxVaultCards.token, token));

const sync = (customerId: string, session = owner) =>
  call(session, 'POST', `/customer/${customerId}/payment-method/sync/`);
const listed = async (customerId: string) =>
  (await call(owner, 'GET', `/customer/${customerId}/payment-method/`)).json().result as {
    id: string;
    last4: string;
    exp_month: number;
    exp_year: number;
  }[];
const auditOf = (cardId: string) =>
  t.ctx.db
    .select({ action: auditLog.action, data: auditLog.data })
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'saved_card'), eq(auditLog.entityId, cardId)));

describe('checking saved cards against the processor', () => {
  it('removes a forgotten card, renews an expiry, counts cards Kassa never saved, and then finds nothing to do', async () => {
    const { id, cards } = await customerWithCards('Sync Ada', ['1111', '2222', '3333']);
    const [unchanged, forgotten, renewed] = cards;
    await forgetAtSandbox(forgotten!.token);
    await renewAtSandbox(renewed!.token);
    // A card the processor keeps for this customer that was never saved through Kassa (no consent here).
    const elsewhere = await createSavedCard(t.ctx.db, merchantId, id, { last4: '4444', fingerprint: '4444' });
    await t.ctx.db.delete(savedCards).where(eq(savedCards.id, elsewhere.id));

    const first = await sync(id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().result).toEqual({
      checked: 3,
      removed: 1,
      updated: 1,
      kept_while_paying: 0,
      not_checked: 0,
      not_saved_through_kassa: 1,
    });
    expect((await listed(id)).map((c) => [c.id, c.last4, c.exp_month, c.exp_year]).sort()).toEqual(
      [
        [unchanged!.id, '1111', 12, 2030],
        [renewed!.id, '3333', 9, 2033],
      ].sort(),
    );
    expect(await auditOf(forgotten!.id)).toEqual([expect.objectContaining({ action: 'payment_method.detached' })]);
    expect(await auditOf(renewed!.id)).toEqual([
      {
        action: 'payment_method.updated',
        data: {
          customer_id: id,
          mode: 'test',
          processor: 'sandbox',
          before: 'Visa •••• 3333 (12/2030)',
          after: 'Visa •••• 3333 (09/2033)',
        },
      },
    ]);

    const again = await sync(id);
    expect(again.json().result).toEqual({
      checked: 2,
      removed: 0,
      updated: 0,
      kept_while_paying: 0,
      not_checked: 0,
      not_saved_through_kassa: 1,
    });
  });

  it('leaves a card saved minutes ago that the list does not show yet, and keeps a renewed card’s fingerprint', async () => {
    const { id, cards } = await customerWithCards('Sync Fresh', ['8101', '8102']);
    const fresh = await createSavedCard(t.ctx.db, merchantId, id, { last4: '8103', fingerprint: '8103' });
    await t.ctx.db.update(savedCards).set({ createdAt: t.ctx.clock.now() }).where(eq(savedCards.id, fresh.id));
    await forgetAtSandbox(fresh.token);
    // The updater gives 8101 a new number, the very card the customer also saved as 8102.
    await t.ctx.db
      .update(sandboxVaultCards)
      .set({ last4: '8102', fingerprint: '8102', expYear: 2035 })
      .where(eq(sandboxVaultCards.token, cards[0]!.token));
    const res = await sync(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({ checked: 2, removed: 0, updated: 1, not_checked: 1 });
    const [row] = await t.ctx.db.select().from(savedCards).where(eq(savedCards.id, cards[0]!.id));
    expect(row).toMatchObject({ last4: '8102', expYear: 2035, fingerprint: '8101', deletedAt: null });
    expect((await listed(id)).map((c) => c.id).sort()).toEqual([cards[0]!.id, cards[1]!.id, fresh.id].sort());

    t.clock.advance(NEW_CARD_GRACE_MS + 60_000);
    expect((await sync(id)).json().result).toMatchObject({ removed: 1, not_checked: 0 });
  });

  it('20 checks at once, 3 rounds: each forgotten card removed once, each renewal recorded once', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { id, cards } = await customerWithCards(`Sync Race ${round}`, ['7001', '7002', '7003']);
      await forgetAtSandbox(cards[0]!.token);
      await forgetAtSandbox(cards[1]!.token);
      await renewAtSandbox(cards[2]!.token);
      const answers = await Promise.all(Array.from({ length: 20 }, () => sync(id)));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
      const totals = answers
        .map((a) => a.json().result)
        .reduce((sum, r) => ({ removed: sum.removed + r.removed, updated: sum.updated + r.updated }), {
          removed: 0,
          updated: 0,
        });
      expect(totals).toEqual({ removed: 2, updated: 1 });
      for (const card of cards) expect(await auditOf(card.id)).toHaveLength(1);
      expect((await listed(id)).map((c) => c.id)).toEqual([cards[2]!.id]);
    }
  });

  it('keeps a forgotten card while a payment on it waits for its outcome, and removes it on a later check', async () => {
    const { id, cards } = await customerWithCards('Sync Paying', ['5555']);
    const card = cards[0]!;
    await forgetAtSandbox(card.token);
    const payment = await createTransaction(t.ctx.db, merchantId, {
      status: 'processing',
      customerId: id,
      paymentMethodId: card.id,
    });
    expect((await sync(id)).json().result).toMatchObject({ removed: 0, kept_while_paying: 1 });
    expect(await listed(id)).toHaveLength(1);

    await t.ctx.db.update(transactions).set({ status: 'capture_succeeded' }).where(eq(transactions.id, payment.id));
    expect((await sync(id)).json().result).toMatchObject({ removed: 1, kept_while_paying: 0 });
    expect(await listed(id)).toEqual([]);
  });

  it('is for users and API keys that may edit customers, on their own merchant’s customers of their mode', async () => {
    const { id, cards } = await customerWithCards('Sync Guarded', ['6666']);
    await forgetAtSandbox(cards[0]!.token);
    const stranger = (await createOwnedMerchant(t)).owner;
    const key = async (mode: 'test' | 'live', scopes: string[]) => {
      const res = await call(owner, 'POST', '/developers/api-keys/', { name: `sync ${mode}`, mode, scopes });
      expect(res.statusCode, res.body).toBe(201);
      return { authorization: `Bearer ${res.json().result.secret}` };
    };
    const withKey = async (headers: { authorization: string }) =>
      (await t.app.inject({ method: 'POST', url: `/apiv1/customer/${id}/payment-method/sync/`, headers })).statusCode;

    expect((await sync(id, viewer)).statusCode).toBe(403);
    expect((await sync(id, stranger)).statusCode).toBe(404);
    expect(await withKey(await key('test', ['customers:read']))).toBe(403);
    expect(await withKey(await key('live', ['customers:write']))).toBe(404);
    const bad = await call(owner, 'POST', '/customer/not-a-uuid/payment-method/sync/');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: 'error', code: 'invalid_input' });
    expect(await listed(id)).toHaveLength(1);
    expect(await withKey(await key('test', ['customers:write']))).toBe(200);
    expect(await listed(id)).toEqual([]);
  });
});
