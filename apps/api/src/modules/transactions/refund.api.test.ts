import { APP, ROLE } from '@kassa/contract/access';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/factories/sellables.ts';
import { createTransaction } from '../../../test/factories/transactions.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { createSignedInUser, type TestSession } from '../../../test/session.ts';
import { openCheckout, payByCard } from '../../../test/support/checkout.ts';
import { createOwnedMerchant } from '../../../test/support/merchant-team.ts';
import { auditLog, refunds, transactions } from '../../db/schema.ts';

const t = await buildTestApp();
afterAll(() => t.close());
const { merchantId: acme, owner } = await createOwnedMerchant(t, { name: 'Acme' });
const { merchantId: bolt, owner: boltOwner } = await createOwnedMerchant(t, { name: 'Bolt', masterMerchantId: acme });

const refund = (s: TestSession, id: string, payload: object = {}, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/apiv1/transaction/${id}/refund/`,
    payload,
    headers: { ...s.auth, ...headers },
  });

describe('POST /transaction/{id}/refund/', () => {
  it('refunds part, then the rest, with the timeline, refund rows and audit trail', async () => {
    const tx = await createTransaction(t.ctx.db, acme, { amount: 10_000 });
    const half = await refund(owner, tx.id, { amount: 4_000, reason: 'Damaged item' });
    expect(half.statusCode, half.body).toBe(200);
    expect(half.json()).toMatchObject({
      message: 'Refunded $40.00.',
      result: { status: 'partially_refunded', refunded_amount: 4_000, refundable_amount: 6_000 },
    });
    const rest = await refund(owner, tx.id);
    expect(rest.json().result).toMatchObject({ status: 'refunded', refunded_amount: 10_000, refundable_amount: 0 });
    expect(rest.json().result.events.map((e: { type: string }) => e.type)).toEqual(['created', 'refunded', 'refunded']);
    const rows = await t.ctx.db.select().from(refunds).where(eq(refunds.transactionId, tx.id));
    expect(rows.map((r) => r.amount).sort()).toEqual([4_000, 6_000]);
    const audit = await t.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, tx.id));
    expect(audit.filter((a) => a.action === 'transaction.refund').map((a) => a.amount)).toHaveLength(2);
  });

  it('refuses more than captured minus refunded with 422', async () => {
    const tx = await createTransaction(t.ctx.db, acme, {
      amount: 1_000,
      refundedAmount: 600,
      status: 'partially_refunded',
    });
    const res = await refund(owner, tx.id, { amount: 401 });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('The refund is more than the $4.00 that can still be refunded.');
    const full = await createTransaction(t.ctx.db, acme, { amount: 1_000, refundedAmount: 1_000, status: 'refunded' });
    expect((await refund(owner, full.id)).json().message).toBe('This payment is already fully refunded.');
    const failed = await createTransaction(t.ctx.db, acme, { status: 'authorization_failed' });
    expect((await refund(owner, failed.id)).json().message).toBe('Only captured payments can be refunded.');
  });

  it('refuses zero, negative and fractional amounts with a field error', async () => {
    const tx = await createTransaction(t.ctx.db, acme);
    for (const amount of [0, -5, 1.5]) {
      const res = await refund(owner, tx.id, { amount });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].path).toBe('amount');
    }
  });

  it('answers 404 for another merchant’s transaction — a master may read but not refund its sub’s', async () => {
    const boltTx = await createTransaction(t.ctx.db, bolt);
    expect((await refund(owner, boltTx.id)).statusCode).toBe(404);
    const acmeTx = await createTransaction(t.ctx.db, acme);
    expect((await refund(boltOwner, acmeTx.id)).statusCode).toBe(404);
    expect((await refund(boltOwner, boltTx.id)).statusCode).toBe(200);
  });

  it('lets staff refund and a sub-user only with Virtual Terminal edit access', async () => {
    const staff = await createSignedInUser(t, { role: ROLE.MERCHANT_STAFF, merchantId: acme });
    const viewer = await createSignedInUser(t, {
      role: ROLE.MERCHANT_SUB_USER,
      merchantId: acme,
      access: { [APP.PRODUCTS]: [1] },
    });
    const clerk = await createSignedInUser(t, {
      role: ROLE.MERCHANT_SUB_USER,
      merchantId: acme,
      access: { [APP.VIRTUAL_TERMINAL]: [1, 3] },
    });
    const admin = await createSignedInUser(t, { role: ROLE.PLATFORM_ADMIN });
    expect((await refund(staff, (await createTransaction(t.ctx.db, acme)).id, { amount: 100 })).statusCode).toBe(200);
    expect((await refund(viewer, (await createTransaction(t.ctx.db, acme)).id, { amount: 100 })).statusCode).toBe(403);
    expect((await refund(clerk, (await createTransaction(t.ctx.db, acme)).id, { amount: 100 })).statusCode).toBe(200);
    expect((await refund(admin, (await createTransaction(t.ctx.db, acme)).id, { amount: 100 })).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/apiv1/transaction/${crypto.randomUUID()}/refund/`,
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('replays a refund sent twice with one Idempotency-Key instead of refunding twice', async () => {
    const tx = await createTransaction(t.ctx.db, acme, { amount: 5_000 });
    const key = { 'idempotency-key': `refund-${tx.id}` };
    const first = await refund(owner, tx.id, { amount: 1_000 }, key);
    const again = await refund(owner, tx.id, { amount: 1_000 }, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().result.refunded_amount).toBe(first.json().result.refunded_amount);
    const [row] = await t.ctx.db.select().from(transactions).where(eq(transactions.id, tx.id));
    expect(row!.refundedAmount).toBe(1_000);
    expect((await refund(owner, tx.id, { amount: 2_000 }, key)).statusCode).toBe(422);
  });

  it('lets exactly 10 of 100 parallel 1.00 refunds through on a 10.00 capture', async () => {
    const tx = await createTransaction(t.ctx.db, acme, { amount: 1_000 });
    const results = await Promise.all(Array.from({ length: 100 }, () => refund(owner, tx.id, { amount: 100 })));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c !== 200).every((c) => c === 422)).toBe(true);
    const [row] = await t.ctx.db.select().from(transactions).where(eq(transactions.id, tx.id));
    expect(row).toMatchObject({ refundedAmount: 1_000, status: 'refunded' });
    expect(await t.ctx.db.$count(refunds, eq(refunds.transactionId, tx.id))).toBe(10);
  });
});

describe('parallel payments with one Idempotency-Key', () => {
  it('make exactly one transaction', async () => {
    const product = await createProduct(t.ctx.db, acme, { pricePerUnit: 999 });
    const { token_card } = await openCheckout(t, { product: product.id });
    // Distinct client addresses: @fastify/rate-limit's in-memory counter is shared by reference, so
    // a same-tick burst from one address reads the final count; the charge limit is per address.
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        payByCard(t, token_card, { headers: { 'idempotency-key': 'one-click' }, remoteAddress: `10.0.0.${i + 1}` }),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok.map((r) => r.json().result.id)).size).toBe(1);
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    expect(await t.ctx.db.$count(transactions, eq(transactions.productId, product.id))).toBe(1);
  });
});
