import { APP, ROLE } from '@kassa/contract/access';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant } from '../../../test/factories/merchants.ts';
import { createTransaction } from '../../../test/factories/transactions.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { createSignedInUser, type TestSession } from '../../../test/session.ts';

let t: TestApp;
let acme: string;
let bolt: string; // Acme's sub-merchant
let cedar: string; // unrelated
let owner: TestSession;
let boltOwner: TestSession;
let admin: TestSession;
const ids = {} as Record<'big' | 'small' | 'failed' | 'wallet' | 'bolt' | 'cedar', string>;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.ctx.db;
  acme = (await createMerchant(db, { name: 'Acme Outfitters' })).id;
  bolt = (await createMerchant(db, { name: 'Bolt Bikes', masterMerchantId: acme })).id;
  cedar = (await createMerchant(db, { name: 'Cedar Café' })).id;
  const day = (d: number) => new Date(Date.UTC(2026, 9, d, 12));
  ids.big = (
    await createTransaction(db, acme, {
      amount: 50_000,
      createdAt: day(1),
      buyerFirstName: 'Grace',
      buyerLastName: 'Hopper',
      buyerEmail: 'grace@navy.example',
    })
  ).id;
  ids.small = (await createTransaction(db, acme, { amount: 500, createdAt: day(2), cardLast4: '1881' })).id;
  ids.failed = (
    await createTransaction(db, acme, { amount: 2_000, status: 'authorization_failed', createdAt: day(3) })
  ).id;
  ids.wallet = (
    await createTransaction(db, acme, {
      amount: 3_000,
      method: 'wallet',
      cardBrand: null,
      cardLast4: null,
      createdAt: day(4),
    })
  ).id;
  ids.bolt = (await createTransaction(db, bolt, { amount: 7_000, createdAt: day(5) })).id;
  ids.cedar = (
    await createTransaction(db, cedar, { amount: 9_000, createdAt: day(6), buyerFirstName: '=HYPERLINK("x")' })
  ).id;
  owner = await createSignedInUser(t, { role: ROLE.MERCHANT_OWNER, merchantId: acme });
  boltOwner = await createSignedInUser(t, { role: ROLE.MERCHANT_OWNER, merchantId: bolt });
  admin = await createSignedInUser(t, { role: ROLE.PLATFORM_ADMIN });
});
afterAll(() => t.close());

const search = (s: TestSession | null, payload: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/apiv1/transaction/transaction-details/',
    payload,
    headers: s ? s.auth : {},
  });
const detail = (s: TestSession, id: string, prefix = '') =>
  t.app.inject({ method: 'GET', url: `/apiv1${prefix}/transaction/${id}/`, headers: s.auth });
const resultIds = (res: { json(): { result: { results: { id: string }[] } } }) =>
  res.json().result.results.map((r) => r.id);

describe('POST /transaction/transaction-details/', () => {
  it('shows a master merchant its own and its sub-merchants’ transactions, newest first', async () => {
    const res = await search(owner);
    expect(res.statusCode).toBe(200);
    expect(resultIds(res)).toEqual([ids.bolt, ids.wallet, ids.failed, ids.small, ids.big]);
    expect(res.json().result.count).toBe(5);
  });

  it('never shows a sub-merchant its master’s transactions', async () => {
    expect(resultIds(await search(boltOwner))).toEqual([ids.bolt]);
  });

  it('ignores a merchant_id filter pointing at another tenant', async () => {
    const res = await search(owner, { merchant_id: cedar });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.count).toBe(0);
  });

  it('shows a platform admin every merchant and filters by merchant', async () => {
    expect((await search(admin)).json().result.count).toBe(6);
    expect(resultIds(await search(admin, { merchant_id: cedar }))).toEqual([ids.cedar]);
  });

  it('filters by status, method, amount range, dates and search', async () => {
    expect(resultIds(await search(owner, { status: ['authorization_failed'] }))).toEqual([ids.failed]);
    expect(resultIds(await search(owner, { method: ['wallet'] }))).toEqual([ids.wallet]);
    expect(resultIds(await search(owner, { amount_min: 2_000, amount_max: 7_000 }))).toEqual([
      ids.bolt,
      ids.wallet,
      ids.failed,
    ]);
    expect(resultIds(await search(owner, { from: '2026-10-02', to: '2026-10-03' }))).toEqual([ids.failed, ids.small]);
    expect(resultIds(await search(owner, { search: 'hopper' }))).toEqual([ids.big]);
    expect(resultIds(await search(owner, { search: 'grace@navy' }))).toEqual([ids.big]);
    expect(resultIds(await search(owner, { search: '1881' }))).toEqual([ids.small]);
    expect(resultIds(await search(owner, { search: ids.wallet }))).toEqual([ids.wallet]);
  });

  it('filters by customer (the customer page)', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/apiv1/customer/',
      payload: { name: 'Grace Hopper', mode: 'test' },
      headers: owner.auth,
    });
    expect(created.statusCode, created.body).toBe(201);
    const customerId = created.json().result.id;
    const hers = await createTransaction(t.ctx.db, acme, { amount: 1_234, customerId });
    expect(resultIds(await search(owner, { customer_id: customerId }))).toEqual([hers.id]);
    const bad = await search(owner, { customer_id: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: expect.any(String), request_id: expect.any(String) });
    // The other tests count the fixture's transactions: this one's goes again.
    await t.ctx.db.execute(sql`delete from transaction_events where transaction_id = ${hers.id}`);
    await t.ctx.db.execute(sql`delete from transactions where id = ${hers.id}`);
  });

  it('sorts by amount', async () => {
    expect(resultIds(await search(owner, { sort_by: '-amount' }))[0]).toBe(ids.big);
    expect(resultIds(await search(owner, { sort_by: 'amount' }))[0]).toBe(ids.small);
  });

  it('pages by number and by cursor with the same rows', async () => {
    const p1 = await search(owner, { page_size: 2 });
    const p2 = await search(owner, { page_size: 2, page: 2 });
    const c2 = await search(owner, { page_size: 2, cursor: p1.json().result.next_cursor });
    expect(resultIds(p2)).toEqual([ids.failed, ids.small]);
    expect(resultIds(c2)).toEqual(resultIds(p2));
    const c3 = await search(owner, { page_size: 2, cursor: c2.json().result.next_cursor });
    expect(resultIds(c3)).toEqual([ids.big]);
    expect(c3.json().result.next_cursor).toBeNull();
  });

  it('refuses contradictory or malformed filters with field errors', async () => {
    const res = await search(owner, { amount_min: 10, amount_max: 5 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('amount_min');
    expect((await search(owner, { from: '21/10/2026' })).statusCode).toBe(400);
    expect((await search(owner, { status: ['paid'] })).statusCode).toBe(400);
    expect((await search(owner, { cursor: 'garbage' })).statusCode).toBe(400);
    expect((await search(owner, { page_size: 1000 })).statusCode).toBe(400);
  });

  it('needs a signed-in user with access to a paying app', async () => {
    expect((await search(null)).statusCode).toBe(401);
    const noAccess = await createSignedInUser(t, { role: ROLE.MERCHANT_SUB_USER, merchantId: acme, access: {} });
    expect((await search(noAccess)).statusCode).toBe(403);
    const clerk = await createSignedInUser(t, {
      role: ROLE.MERCHANT_SUB_USER,
      merchantId: acme,
      access: { [APP.PRODUCTS]: [1] },
    });
    expect((await search(clerk)).statusCode).toBe(200);
    const staffAdmin = await createSignedInUser(t, { role: ROLE.STAFF_ADMIN, adminPermissions: { view_merchant: 1 } });
    expect((await search(staffAdmin)).statusCode).toBe(403);
    const txAdmin = await createSignedInUser(t, { role: ROLE.STAFF_ADMIN, adminPermissions: { view_transactions: 1 } });
    expect((await search(txAdmin)).json().result.count).toBe(6);
  });
});

describe('GET /transaction/{id}/', () => {
  it('returns the transaction with its timeline', async () => {
    const res = await detail(owner, ids.small);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({
      id: ids.small,
      amount: 500,
      currency: 'USD',
      card_last4: '1881',
      refundable_amount: 500,
      events: [{ type: 'created', status: 'capture_succeeded' }],
    });
  });

  it('answers 404 for another merchant’s transaction and for an unknown id', async () => {
    expect((await detail(owner, ids.cedar)).statusCode).toBe(404);
    expect((await detail(boltOwner, ids.big)).statusCode).toBe(404);
    expect((await detail(owner, crypto.randomUUID())).statusCode).toBe(404);
  });

  it('serves the admin detail only to admins', async () => {
    expect((await detail(admin, ids.cedar, '/admin')).json().result.merchant_name).toBe('Cedar Café');
    expect((await detail(owner, ids.big, '/admin')).statusCode).toBe(403);
  });
});

describe('POST /transaction/export/', () => {
  it('streams a CSV of the filter with amounts in major units and formulas defused', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/apiv1/transaction/export/',
      payload: { status: ['capture_succeeded'] },
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toMatch(/^id,created_at,date \(UTC\),merchant,status,status_code,method,amount/);
    // People's words beside the machine's: the portal's status name, brand names, the zone said.
    expect(lines[1]).toMatch(/^[^,]+,\d{4}-\d\d-\d\dT[^,]+Z,"[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d\s[AP]M UTC",/);
    expect(lines.slice(1).every((line) => line.includes(',Succeeded,capture_succeeded,'))).toBe(true);
    expect(res.body).not.toMatch(/,visa,/);
    expect(res.body).toContain(',Visa,');
    expect(lines).toHaveLength(6); // header + big, small, wallet, bolt, cedar
    expect(res.body).toContain(',500.00,0.00,USD,');
    expect(res.body).toContain(',5.00,0.00,USD,');
    expect(res.body).toContain(`"'=HYPERLINK(""x"")"`);
  });

  // These bodies once ended the whole process: the bad date reached date math inside the CSV stream,
  // whose error nobody handled. Now each is refused before the stream starts.
  it.each([
    [{ from: '9999-99-99' }, 'From: This date does not exist in the calendar'],
    [{ to: '2026-13-45' }, 'To: This date does not exist in the calendar'],
    [{ from: '2026-02-30' }, 'From: This date does not exist in the calendar'],
    [{ to: '9999-12-31' }, 'To: Use a year between 1900 and 2999'],
    [{ search: 'a\u0000b' }, 'Search: Text cannot contain the NUL control character'],
    [{ search: 'a\ud800b' }, 'Search: Text cannot contain a broken Unicode character'],
  ])('refuses %j with a message and keeps serving', async (payload, message) => {
    for (const path of ['/apiv1/transaction/export/', '/apiv1/transaction/transaction-details/']) {
      const res = await t.app.inject({ method: 'POST', url: path, payload, headers: owner.auth });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ status: 'error', code: 'invalid_input', message });
    }
    expect((await search(owner)).statusCode).toBe(200);
  });
});
