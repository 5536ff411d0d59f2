// An invoice whose buyer the merchant typed instead of picking a customer bills a customer all the
// same (invoice-customers.service.ts customerOfTypedBuyer): the one of the merchant's mode with that
// e-mail, else one made from the typed name and e-mail; none when two share the e-mail. It is made with
// the invoice or not at all, and 20 invoices of one new buyer at once make one customer.
import { APP } from '@kassa/contract/access';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import type { TestSession } from '../../../test/session.ts';
import { apiCaller, signInMerchantTeam } from '../../../test/support/merchant-team.ts';
import { customers } from '../../db/schema.ts';
import { DAY } from '../../lib/clock.ts';

let t: TestApp;
let owner: TestSession;
let merchantId: string;
let call: ReturnType<typeof apiCaller>;
let seq = 0;

beforeAll(async () => {
  t = await buildTestApp();
  ({ merchantId, owner } = await signInMerchantTeam(t, {
    merchant: { name: 'Typed Kitchens' },
    subUserAccess: { [APP.INVOICES]: [1, 2] },
    inactiveHubStatus: 2,
  }));
  call = apiCaller(t);
});
afterAll(() => t.close());

const body = (buyer: { first: string; last?: string; email: string }, overrides: Record<string, unknown> = {}) => ({
  customer_first_name: buyer.first,
  customer_last_name: buyer.last ?? '',
  customer_email: buyer.email,
  invoice_number: `TY-${++seq}`,
  due_date: new Date(t.clock.now().getTime() + 30 * DAY).toISOString().slice(0, 10),
  currency: 'USD',
  items: [{ item_type: 2, item_name: 'Kitchen repair', quantity: 1, price: 1_000 }],
  ...overrides,
});
const create = (buyer: Parameters<typeof body>[0], overrides: Record<string, unknown> = {}) =>
  call(owner, 'POST', '/invoice/', body(buyer, overrides));
const customersWith = (email: string) =>
  t.ctx.db
    .select()
    .from(customers)
    .where(and(eq(customers.merchantId, merchantId), eq(customers.email, email)));

describe('an invoice with a typed buyer', () => {
  it('makes the customer from the typed fields, and bills the same one again by e-mail', async () => {
    const first = await create({ first: 'Lina', last: 'Haddad', email: 'lina@example.com' });
    expect(first.statusCode, first.body).toBe(201);
    const [made] = await customersWith('lina@example.com');
    expect(made).toMatchObject({ name: 'Lina Haddad', mode: 'test', reference: null });
    expect(first.json().result.customer_id).toBe(made!.id);

    const again = await create({ first: 'L.', email: 'LINA@example.com' });
    expect(again.json().result.customer_id).toBe(made!.id);
    expect(await customersWith('lina@example.com')).toHaveLength(1);
  });

  it('bills nobody when two customers share the e-mail, and makes no third', async () => {
    for (const name of ['Sam Senior', 'Sam Junior']) {
      const res = await call(owner, 'POST', '/customer/', { name, email: 'sam@example.com', mode: 'test' });
      expect(res.statusCode, res.body).toBe(201);
    }
    const res = await create({ first: 'Sam', email: 'sam@example.com' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().result.customer_id).toBeNull();
    expect(await customersWith('sam@example.com')).toHaveLength(2);
  });

  it('makes no customer when the invoice is refused', async () => {
    const taken = await create({ first: 'Ada', email: 'first-ada@example.com' }, { invoice_number: 'TY-TAKEN' });
    expect(taken.statusCode, taken.body).toBe(201);
    const refused = await create({ first: 'Bea', email: 'bea@example.com' }, { invoice_number: 'TY-TAKEN' });
    expect(refused.statusCode).toBe(409);
    expect(await customersWith('bea@example.com')).toEqual([]);
  });

  it('20 invoices of one new buyer at once make one customer, every invoice billing it, 3 rounds', async () => {
    for (let round = 0; round < 3; round += 1) {
      const email = `crowd-${round}@example.com`;
      const made = await Promise.all(Array.from({ length: 20 }, () => create({ first: 'Crowd', email })));
      expect(made.map((res) => res.statusCode)).toEqual(Array.from({ length: 20 }, () => 201));
      const [customer, ...others] = await customersWith(email);
      expect(others).toEqual([]);
      expect(new Set(made.map((res) => res.json().result.customer_id))).toEqual(new Set([customer!.id]));
    }
  });
});
