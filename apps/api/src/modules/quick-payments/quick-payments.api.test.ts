import { APP } from '@kassa/contract/access';
import { afterAll, describe, expect, it } from 'vitest';
import { createProduct, createQuickPayment } from '../../../test/factories/sellables.ts';
import { createTransaction } from '../../../test/factories/transactions.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { apiCaller, signInMerchantTeam } from '../../../test/support/merchant-team.ts';
import { DAY } from '../../lib/clock.ts';

const future = () => new Date(t.clock.now().getTime() + 7 * DAY).toISOString();
const valid = () => ({
  name: 'Deposit',
  description: 'Booking deposit',
  amount: 5_000,
  currency: 'EUR',
  expires_at: future(),
});

const t = await buildTestApp();
afterAll(() => t.close());
const {
  merchantId,
  otherMerchantId,
  owner,
  staff,
  subUser: clerk, // Quick payments: view only
  inactiveHub,
} = await signInMerchantTeam(t, { subUserAccess: { [APP.QUICK_PAYMENTS]: [1] }, inactiveHubStatus: 4 });
const otherQuickPaymentId = (await createQuickPayment(t.ctx.db, otherMerchantId)).id;
await createProduct(t.ctx.db, otherMerchantId, { name: 'Not mine' });
const call = apiCaller(t);

describe('quick payments', () => {
  it('creates a link with its share URL; staff edits and deletes it', async () => {
    const res = await call(owner, 'POST', '/quick-payment/', valid());
    expect(res.statusCode, res.body).toBe(201);
    const qp = res.json().result;
    expect(qp).toMatchObject({ name: 'Deposit', amount: 5_000, currency: 'EUR', is_active: true, is_expired: false });
    expect(qp.checkout_url).toBe(`http://kassa.test/quickpayment/checkout/${qp.id}`);
    expect(qp).toMatchObject({ paid_count: 0, total_collected: 0 });

    const patched = await call(staff, 'PATCH', `/quick-payment/${qp.id}/`, { amount: 7_500, expires_at: null });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().result).toMatchObject({ amount: 7_500, expires_at: null, name: 'Deposit' });
    expect((await call(staff, 'DELETE', `/quick-payment/${qp.id}/`)).statusCode).toBe(200);
    expect((await call(owner, 'GET', `/quick-payment/${qp.id}/`)).statusCode).toBe(404);
  });

  it('counts paid payments and the total collected net of refunds', async () => {
    const qp = (await call(owner, 'POST', '/quick-payment/', { ...valid(), name: 'Tickets' })).json().result;
    const tx = (status: string, amount: number, refunded = 0) =>
      createTransaction(t.ctx.db, merchantId, {
        source: 'quick_payment',
        quickPaymentId: qp.id,
        currency: 'EUR',
        status: status as never,
        amount,
        refundedAmount: refunded,
      });
    await tx('capture_succeeded', 5_000);
    await tx('partially_refunded', 5_000, 1_000);
    await tx('refunded', 5_000, 5_000);
    await tx('authorization_failed', 5_000);
    await tx('processing', 5_000);
    const found = (await call(owner, 'GET', `/quick-payment/${qp.id}/`)).json().result;
    expect(found).toMatchObject({ paid_count: 3, total_collected: 9_000 });
    const listed = (await call(owner, 'GET', '/quick-payment/?search=tickets')).json().result;
    expect(listed.count).toBe(1);
    expect(listed.results[0]).toMatchObject({ id: qp.id, paid_count: 3, total_collected: 9_000 });
    const currency = await call(owner, 'PATCH', `/quick-payment/${qp.id}/`, { currency: 'USD' });
    expect(currency.statusCode).toBe(422);
  });

  it('lists the active products for pickers', async () => {
    await createProduct(t.ctx.db, merchantId, { name: 'Active one' });
    await createProduct(t.ctx.db, merchantId, { name: 'Inactive one', isActive: false });
    const res = await call(clerk, 'GET', '/quick-payment/products/');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.map((p: { name: string }) => p.name)).toEqual(['Active one']);
  });

  it('answers invalid input with 400 and field errors', async () => {
    const past = new Date(t.clock.now().getTime() - DAY).toISOString();
    const cases: [object, string][] = [
      [{ ...valid(), currency: 'EURO' }, 'currency'],
      [{ ...valid(), amount: -100 }, 'amount'],
      [{ ...valid(), amount: 0 }, 'amount'],
      [{ ...valid(), expires_at: past }, 'expires_at'],
      [{ ...valid(), expires_at: 'tomorrow' }, 'expires_at'],
      [{ ...valid(), name: ' ' }, 'name'],
    ];
    for (const [body, path] of cases) {
      const res = await call(owner, 'POST', '/quick-payment/', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
    }
  });

  it('limits a clerk to view', async () => {
    expect((await call(clerk, 'GET', '/quick-payment/')).statusCode).toBe(200);
    expect((await call(clerk, 'POST', '/quick-payment/', valid())).statusCode).toBe(403);
    const id = (await call(owner, 'POST', '/quick-payment/', valid())).json().result.id;
    expect((await call(clerk, 'PATCH', `/quick-payment/${id}/`, { amount: 1 })).statusCode).toBe(403);
    expect((await call(clerk, 'DELETE', `/quick-payment/${id}/`)).statusCode).toBe(403);
  });

  it("answers another merchant's link with 404, anonymous with 401 and an inactive hub with 403", async () => {
    expect((await call(owner, 'GET', `/quick-payment/${otherQuickPaymentId}/`)).statusCode).toBe(404);
    expect((await call(owner, 'PATCH', `/quick-payment/${otherQuickPaymentId}/`, { amount: 1 })).statusCode).toBe(404);
    expect((await call(owner, 'DELETE', `/quick-payment/${otherQuickPaymentId}/`)).statusCode).toBe(404);
    expect((await call(null, 'GET', '/quick-payment/')).statusCode).toBe(401);
    expect((await call(null, 'GET', '/quick-payment/products/')).statusCode).toBe(401);
    expect((await call(inactiveHub, 'GET', '/quick-payment/')).statusCode).toBe(403);
  });
});
