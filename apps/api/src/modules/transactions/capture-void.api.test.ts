// Authorize now, capture later: a Virtual Terminal payment taken with "Authorize only" is captured
// (in full or in part) or voided from the transaction, with the refund permission, once.
import { APP, ROLE } from '@kassa/contract/access';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.ts';
import { createSignedInUser, type TestSession } from '../../../test/session.ts';
import { createOwnedMerchant } from '../../../test/support/merchant-team.ts';
import { payOnTerminal } from '../../../test/support/terminal.ts';
import { auditLog, notifications } from '../../db/schema.ts';

const t = await buildTestApp();
afterAll(() => t.close());
const { merchantId, owner } = await createOwnedMerchant(t);
const viewer = await createSignedInUser(t, {
  role: ROLE.MERCHANT_SUB_USER,
  merchantId,
  access: { [APP.VIRTUAL_TERMINAL]: [1] },
});
const { owner: otherOwner } = await createOwnedMerchant(t);

/** A Virtual Terminal payment of `amount`, authorized only (or captured at once). */
const terminalPayment = (amount: number, authorizeOnly = true) => payOnTerminal(t, owner, { amount, authorizeOnly });

const act = (session: TestSession, id: string, action: 'capture' | 'void', payload: object = {}, headers = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/apiv1/transaction/${id}/${action}/`,
    headers: { ...session.auth, ...headers },
    payload,
  });

const detail = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/apiv1/transaction/${id}/`, headers: owner.auth })).json().result;

describe('authorize only on the Virtual Terminal', () => {
  it('holds the card without capturing, shows what can be captured and when the hold lapses', async () => {
    const payment = await terminalPayment(5_000);
    expect(payment.status).toBe('authorization_succeeded');
    const tx = await detail(payment.id);
    expect(tx).toMatchObject({ status: 'authorization_succeeded', captured_amount: 0, capturable_amount: 5_000 });
    const lapses = new Date(tx.authorization_expires_at).getTime() - new Date(tx.created_at).getTime();
    expect(lapses).toBe(7 * 86_400_000);
    expect(tx.refundable_amount).toBe(0);
  });

  it('captures the whole authorization, notifies once, audits, and refuses a second capture', async () => {
    const payment = await terminalPayment(5_000);
    const res = await act(owner, payment.id, 'capture');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Captured $50.00.');
    expect(res.json().result).toMatchObject({
      status: 'capture_succeeded',
      captured_amount: 5_000,
      capturable_amount: 0,
      refundable_amount: 5_000,
      authorization_expires_at: null,
    });
    expect(res.json().result.events.map((e: { type: string }) => e.type)).toContain('captured');
    const again = await act(owner, payment.id, 'capture');
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('This payment has already been captured.');
    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, payment.id), eq(auditLog.action, 'transaction.capture')));
    expect(audit).toHaveLength(1);
    const mails = await t.ctx.db.select().from(notifications).where(eq(notifications.transactionId, payment.id));
    expect(mails.length).toBeGreaterThan(0);
  });

  it('captures part and releases the rest; the part is what can be refunded', async () => {
    const payment = await terminalPayment(8_000);
    const res = await act(owner, payment.id, 'capture', { amount: 3_000 });
    expect(res.json().message).toBe('Captured $30.00; the remaining $50.00 was released.');
    expect(res.json().result).toMatchObject({ captured_amount: 3_000, refundable_amount: 3_000 });
    const refund = await t.app.inject({
      method: 'POST',
      url: `/apiv1/transaction/${payment.id}/refund/`,
      headers: owner.auth,
      payload: { amount: 1_000 },
    });
    expect(refund.json().result).toMatchObject({ status: 'partially_refunded', refunded_amount: 1_000 });
  });

  it('refuses to capture more than authorized, and bad amounts with 400', async () => {
    const payment = await terminalPayment(2_000);
    const more = await act(owner, payment.id, 'capture', { amount: 2_001 });
    expect(more.statusCode).toBe(422);
    expect(more.json().message).toBe('You can capture at most the $20.00 authorized.');
    for (const amount of [0, -5, 1.5, '10']) {
      expect((await act(owner, payment.id, 'capture', { amount })).statusCode).toBe(400);
    }
    expect((await detail(payment.id)).status).toBe('authorization_succeeded');
  });

  it('voids an authorization: nothing captured, nothing refundable, and it cannot be captured after', async () => {
    const payment = await terminalPayment(4_500);
    const res = await act(owner, payment.id, 'void');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Voided the authorization of $45.00; the buyer was not charged.');
    expect(res.json().result).toMatchObject({ status: 'voided', captured_amount: 0, refundable_amount: 0 });
    const capture = await act(owner, payment.id, 'capture');
    expect(capture.json().message).toBe('This authorization has already been voided.');
  });

  it('only captures or voids authorized payments', async () => {
    const captured = await terminalPayment(1_000, false);
    expect(captured.status).toBe('capture_succeeded');
    expect((await act(owner, captured.id, 'void')).json().message).toBe('This payment has already been captured.');
  });

  it('needs the refund permission, and 404s another merchant’s payment', async () => {
    const payment = await terminalPayment(1_500);
    expect((await act(viewer, payment.id, 'capture')).statusCode).toBe(403);
    expect((await act(viewer, payment.id, 'void')).statusCode).toBe(403);
    expect((await act(otherOwner, payment.id, 'capture')).statusCode).toBe(404);
    expect((await act(otherOwner, payment.id, 'void')).statusCode).toBe(404);
    expect((await detail(payment.id)).status).toBe('authorization_succeeded');
  });

  it('replays an Idempotency-Key', async () => {
    const payment = await terminalPayment(1_200);
    const first = await act(owner, payment.id, 'capture', { amount: 1_000 }, { 'idempotency-key': 'cap-1' });
    const replay = await act(owner, payment.id, 'capture', { amount: 1_000 }, { 'idempotency-key': 'cap-1' });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().result.captured_amount).toBe(first.json().result.captured_amount);
  });
});

describe('20 parallel captures and voids of one authorization (3 rounds)', () => {
  it('exactly one acts; the rest are refused and nothing is captured twice', async () => {
    for (let round = 0; round < 3; round += 1) {
      const payment = await terminalPayment(6_000);
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => act(owner, payment.id, i % 2 === 0 ? 'capture' : 'void')),
      );
      expect(answers.filter((r) => r.statusCode >= 500).map((r) => r.body)).toEqual([]);
      const ok = answers.filter((r) => r.statusCode === 200);
      expect(ok).toHaveLength(1);
      expect(answers.filter((r) => r.statusCode === 422)).toHaveLength(19);
      const final = await detail(payment.id);
      expect(['capture_succeeded', 'voided']).toContain(final.status);
      expect(final.captured_amount).toBe(final.status === 'voided' ? 0 : 6_000);
      const acted = final.events.filter((e: { type: string }) => e.type === 'captured' || e.type === 'voided');
      expect(acted).toHaveLength(1);
    }
  });
});
