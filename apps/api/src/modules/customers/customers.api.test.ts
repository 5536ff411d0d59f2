import { APP, ROLE } from '@kassa/contract/access';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createSavedCard } from '../../../test/factories/saved-cards.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { createSignedInUser, type TestSession } from '../../../test/session.ts';
import { expectFieldErrors } from '../../../test/support/field-errors.ts';
import { apiCaller, signInMerchantTeam } from '../../../test/support/merchant-team.ts';
import { auditLog, customers, savedCards, webhookEvents } from '../../db/schema.ts';

const t = await buildTestApp();
afterAll(() => t.close());
const team = await signInMerchantTeam(t, { subUserAccess: { [APP.VIRTUAL_TERMINAL]: [1] }, inactiveHubStatus: 1 });
const { owner, staff, subUser: viewer, merchantId, otherMerchantId } = team;
// Access to another app only: customers are the Virtual Terminal's.
const productsOnly = await createSignedInUser(t, {
  role: ROLE.MERCHANT_SUB_USER,
  merchantId,
  access: { [APP.PRODUCTS]: [1, 2, 3, 4] },
});
const other = await createSignedInUser(t, { role: ROLE.MERCHANT_OWNER, merchantId: otherMerchantId });
const call = apiCaller(t);
const isPostgres = process.env.KASSA_TEST_DB === 'postgres';

const ada = {
  name: 'Ada Lovelace',
  email: 'Ada@Example.com',
  phone: '(202) 555-0123',
  billing_address: { line1: '1 Analytical Way', city: 'London', postal_code: 'N1 9GU', country: 'gb' },
  reference: 'cust-ada',
  metadata: { crm_id: '42' },
  mode: 'test',
};

async function create(session: TestSession, body: object) {
  const res = await call(session, 'POST', '/customer/', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().result as { id: string; reference: string | null; mode: string };
}

async function apiKey(mode: 'test' | 'live', scopes: string[]) {
  const res = await call(owner, 'POST', '/developers/api-keys/', { name: `Customers ${mode}`, mode, scopes });
  expect(res.statusCode, res.body).toBe(201);
  const secret = res.json().result.secret as string;
  return {
    call: (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({
        method,
        url: `/apiv1${url}`,
        headers: { authorization: `Bearer ${secret}` },
        ...(payload ? { payload } : {}),
      }),
  };
}

describe('customers', () => {
  it('creates a customer: e-mail lower-cased, phone in E.164 read in the billing country, audit entry', async () => {
    const res = await call(owner, 'POST', '/customer/', { ...ada, phone: '020 7946 0958' });
    expect(res.statusCode, res.body).toBe(201);
    const customer = res.json().result;
    expect(customer).toMatchObject({
      merchant_id: merchantId,
      mode: 'test',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '+442079460958',
      reference: 'cust-ada',
      metadata: { crm_id: '42' },
      billing_address: { line1: '1 Analytical Way', line2: '', city: 'London', country: 'GB' },
    });
    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, customer.id), eq(auditLog.action, 'customer.created')));
    expect(audit).toHaveLength(1);
  });

  it('gets, patches and deletes; a deleted customer is gone and frees its reference', async () => {
    const { id } = await create(staff, { name: 'Grace Hopper', reference: 'cust-grace', mode: 'test' });
    const got = await call(staff, 'GET', `/customer/${id}/`);
    expect(got.statusCode).toBe(200);
    expect(got.json().result).toMatchObject({ name: 'Grace Hopper', email: null, phone: null, billing_address: null });

    const patched = await call(staff, 'PATCH', `/customer/${id}/`, { email: 'grace@example.com', phone: '2025550123' });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().result).toMatchObject({
      name: 'Grace Hopper',
      email: 'grace@example.com',
      phone: '+12025550123',
    });
    const cleared = await call(staff, 'PATCH', `/customer/${id}/`, { email: null, reference: null });
    expect(cleared.json().result).toMatchObject({ email: null, reference: null });
    await call(staff, 'PATCH', `/customer/${id}/`, { reference: 'cust-grace' });

    const deleted = await call(staff, 'DELETE', `/customer/${id}/`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe('Customer deleted.');
    expect((await call(staff, 'GET', `/customer/${id}/`)).statusCode).toBe(404);
    expect((await call(staff, 'PATCH', `/customer/${id}/`, { name: 'x' })).statusCode).toBe(404);
    expect((await call(staff, 'DELETE', `/customer/${id}/`)).statusCode).toBe(404);
    await create(staff, { name: 'Grace again', reference: 'cust-grace', mode: 'test' });

    const actions = (await t.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, id))).map((a) => a.action);
    expect(actions.sort()).toEqual([
      'customer.created',
      'customer.deleted',
      'customer.updated',
      'customer.updated',
      'customer.updated',
    ]);
  });

  it('lists with search over name, e-mail and reference, filters and pages', async () => {
    await create(owner, { name: 'Zed Search', email: 'zed@shop.test', reference: 'ZX-100%', mode: 'test' });
    await create(owner, { name: 'Yara Search', email: 'yara@shop.test', mode: 'test' });
    await create(owner, { name: 'Live Search', email: 'live@shop.test', mode: 'live' });

    const names = async (query: string) =>
      (await call(owner, 'GET', `/customer/?${query}`)).json().result.results.map((c: { name: string }) => c.name);
    expect(await names('search=zed&mode=test')).toEqual(['Zed Search']);
    expect(await names('search=YARA%40shop&mode=test')).toEqual(['Yara Search']);
    expect(await names('search=100%25&mode=test')).toEqual(['Zed Search']);
    expect(await names('search=search&mode=test&sort_by=name')).toEqual(['Yara Search', 'Zed Search']);
    expect(await names('search=search&mode=live')).toEqual(['Live Search']);
    expect(await names('email=zed%40shop.test')).toEqual(['Zed Search']);
    expect(await names('reference=ZX-100%25')).toEqual(['Zed Search']);

    const first = (await call(owner, 'GET', '/customer/?search=search&mode=test&sort_by=name&page_size=1')).json()
      .result;
    expect(first).toMatchObject({ count: 2, page: 1, page_size: 1 });
    expect(first.results.map((c: { name: string }) => c.name)).toEqual(['Yara Search']);
    const second = (
      await call(owner, 'GET', '/customer/?search=search&mode=test&sort_by=name&page_size=1&page=2')
    ).json().result;
    expect(second.results.map((c: { name: string }) => c.name)).toEqual(['Zed Search']);
    expect((await call(owner, 'GET', '/customer/?page_size=101')).statusCode).toBe(400);
    expect((await call(owner, 'GET', '/customer/?sort_by=phone')).statusCode).toBe(400);
  });

  it('filters by saved cards (a removed card is none) and by the UTC days created, list and export alike', async () => {
    const [kept, removed, none] = await Promise.all(
      ['Kept Filterq', 'Removed Filterq', 'None Filterq'].map((name) => create(owner, { name, mode: 'test' })),
    );
    await createSavedCard(t.ctx.db, merchantId, kept!.id);
    const gone = await createSavedCard(t.ctx.db, merchantId, removed!.id);
    await t.ctx.db.update(savedCards).set({ deletedAt: new Date() }).where(eq(savedCards.id, gone.id));
    const createdOn = {
      [kept!.id]: '2026-01-31T23:59:59Z',
      [removed!.id]: '2026-02-01T00:00:00Z',
      [none!.id]: '2026-03-15T12:00:00Z',
    };
    for (const [id, at] of Object.entries(createdOn)) {
      await t.ctx.db
        .update(customers)
        .set({ createdAt: new Date(at) })
        .where(eq(customers.id, id));
    }
    const names = async (query: string) => {
      const res = await call(owner, 'GET', `/customer/?search=filterq&mode=test&sort_by=name&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().result.results as { name: string }[]).map((c) => c.name);
    };
    expect(await names('saved_card=with')).toEqual(['Kept Filterq']);
    expect(await names('saved_card=without')).toEqual(['None Filterq', 'Removed Filterq']);
    expect(await names('created_to=2026-01-31')).toEqual(['Kept Filterq']);
    expect(await names('created_from=2026-02-01&created_to=2026-02-28')).toEqual(['Removed Filterq']);
    expect(await names('created_from=2026-02-01&saved_card=without')).toEqual(['None Filterq', 'Removed Filterq']);

    const exported = await call(
      owner,
      'GET',
      '/customer/export/?search=filterq&mode=test&saved_card=without&created_from=2026-03-01',
    );
    expect(exported.statusCode, exported.body).toBe(200);
    const rows = exported.body.trim().split('\n').slice(1);
    expect(rows.map((line) => line.split(',')[0])).toEqual([none!.id]);

    const refusal = async (url: string) => {
      const res = await call(owner, 'GET', url);
      expect(res.statusCode, res.body).toBe(400);
      return res.json().errors as { path: string; message: string }[];
    };
    const outOfOrder = [{ path: 'created_from', message: 'The start date is after the end date' }];
    expect(await refusal('/customer/?created_from=2026-03-02&created_to=2026-03-01')).toEqual(outOfOrder);
    expect(await refusal('/customer/export/?created_from=2026-03-02&created_to=2026-03-01')).toEqual(outOfOrder);
    expect(await refusal('/customer/?saved_card=maybe')).toEqual([
      { path: 'saved_card', message: 'Choose saved cards: with or without' },
    ]);
    expect(await refusal('/customer/?created_to=2026-02-30')).toEqual([
      { path: 'created_to', message: 'This date does not exist in the calendar' },
    ]);
  });

  it('keeps e-mail non-unique but a reference unique per merchant and mode', async () => {
    await create(owner, { name: 'Twin one', email: 'twin@example.com', reference: 'dup-ref', mode: 'test' });
    await create(owner, { name: 'Twin two', email: 'twin@example.com', mode: 'test' });
    const taken = await call(owner, 'POST', '/customer/', { name: 'Copy', reference: 'dup-ref', mode: 'test' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual([{ path: 'reference', message: expect.stringContaining('reference') }]);
    // The other mode and another merchant have references of their own.
    await create(owner, { name: 'Live twin', reference: 'dup-ref', mode: 'live' });
    await create(other, { name: 'Their twin', reference: 'dup-ref', mode: 'test' });
    // A change onto a taken reference is refused the same way.
    const { id } = await create(owner, { name: 'Mover', reference: 'dup-ref-2', mode: 'test' });
    expect((await call(owner, 'PATCH', `/customer/${id}/`, { reference: 'dup-ref' })).statusCode).toBe(409);
  });

  it.runIf(isPostgres)('lets one of 20 parallel creates with one reference win, three rounds', async () => {
    for (let round = 0; round < 3; round += 1) {
      const body = { name: `Racer ${round}`, reference: `race-${round}`, mode: 'test' };
      const answers = await Promise.all(Array.from({ length: 20 }, () => call(owner, 'POST', '/customer/', body)));
      const codes = answers.map((r) => r.statusCode).sort();
      expect(
        codes.filter((c) => c === 201),
        JSON.stringify(codes),
      ).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(19);
      const listed = (await call(owner, 'GET', `/customer/?reference=race-${round}&mode=test`)).json().result;
      expect(listed.count).toBe(1);
    }
  });

  it('keeps test and live apart for API keys', async () => {
    const testKey = await apiKey('test', ['customers:read', 'customers:write']);
    const liveKey = await apiKey('live', ['customers:read', 'customers:write']);
    const made = await testKey.call('POST', '/customer/', { name: 'Key customer', reference: 'key-1' });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().result.mode).toBe('test');
    const id = made.json().result.id;
    const wrongMode = await testKey.call('POST', '/customer/', { name: 'Wrong', mode: 'live' });
    expectFieldErrors(wrongMode, ['mode']);

    const liveMade = await liveKey.call('POST', '/customer/', { name: 'Live key customer', reference: 'key-1' });
    expect(liveMade.statusCode, liveMade.body).toBe(201);
    expect(liveMade.json().result.mode).toBe('live');

    expect((await liveKey.call('GET', `/customer/${id}/`)).statusCode).toBe(404);
    expect((await liveKey.call('PATCH', `/customer/${id}/`, { name: 'x' })).statusCode).toBe(404);
    expect((await liveKey.call('DELETE', `/customer/${id}/`)).statusCode).toBe(404);
    const liveList = (await liveKey.call('GET', '/customer/?page_size=100')).json().result.results;
    expect(liveList.every((c: { mode: string }) => c.mode === 'live')).toBe(true);
    // Asking a test key for live customers finds none rather than crossing over.
    expect((await testKey.call('GET', '/customer/?mode=live')).json().result.count).toBe(0);
    expect((await testKey.call('GET', `/customer/${id}/`)).statusCode).toBe(200);

    const readOnly = await apiKey('test', ['customers:read']);
    expect((await readOnly.call('GET', '/customer/')).statusCode).toBe(200);
    expect((await readOnly.call('POST', '/customer/', { name: 'No' })).statusCode).toBe(403);
    const noScope = await apiKey('test', ['products:read']);
    expect((await noScope.call('GET', '/customer/')).statusCode).toBe(403);
  });

  it("answers another merchant's customer with 404", async () => {
    const theirs = await create(other, { name: 'Not yours', mode: 'test' });
    expect((await call(owner, 'GET', `/customer/${theirs.id}/`)).statusCode).toBe(404);
    expect((await call(owner, 'PATCH', `/customer/${theirs.id}/`, { name: 'mine' })).statusCode).toBe(404);
    expect((await call(owner, 'DELETE', `/customer/${theirs.id}/`)).statusCode).toBe(404);
    const listed = (await call(owner, 'GET', '/customer/?search=not%20yours')).json().result;
    expect(listed.count).toBe(0);
  });

  it('limits sub-users to their Virtual Terminal access codes', async () => {
    const { id } = await create(owner, { name: 'Guarded', mode: 'test' });
    expect((await call(viewer, 'GET', '/customer/')).statusCode).toBe(200);
    expect((await call(viewer, 'GET', `/customer/${id}/`)).statusCode).toBe(200);
    expect((await call(viewer, 'POST', '/customer/', { name: 'x', mode: 'test' })).statusCode).toBe(403);
    expect((await call(viewer, 'PATCH', `/customer/${id}/`, { name: 'x' })).statusCode).toBe(403);
    expect((await call(viewer, 'DELETE', `/customer/${id}/`)).statusCode).toBe(403);
    expect((await call(productsOnly, 'GET', '/customer/')).statusCode).toBe(403);
    expect((await call(productsOnly, 'GET', `/customer/${id}/`)).statusCode).toBe(403);
    expect((await call(team.inactiveHub, 'GET', '/customer/')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/customer/')).statusCode).toBe(401);
  });

  it('refuses bad input with field errors', async () => {
    expectFieldErrors(await call(owner, 'POST', '/customer/', { mode: 'test' }), ['name']);
    expectFieldErrors(
      await call(owner, 'POST', '/customer/', {
        name: '',
        email: 'not-an-email',
        billing_address: { line1: '', city: 'X', country: 'Nowhere' },
        mode: 'sandbox',
      }),
      ['billing_address.country', 'billing_address.line1', 'email', 'mode', 'name'],
    );
    const tooMany = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v']));
    expectFieldErrors(await call(owner, 'POST', '/customer/', { name: 'M', metadata: tooMany, mode: 'test' }), [
      'metadata',
    ]);
    expectFieldErrors(
      await call(owner, 'POST', '/customer/', { name: 'M', metadata: { k: 'x'.repeat(501) }, mode: 'test' }),
      ['metadata.k'],
    );
    expectFieldErrors(await call(owner, 'POST', '/customer/', { name: 'P', phone: '12', mode: 'test' }), ['phone']);
    expectFieldErrors(await call(owner, 'POST', '/customer/', { name: 'No mode' }), ['mode']);
    const { id } = await create(owner, { name: 'Patchable', mode: 'test' });
    expectFieldErrors(await call(owner, 'PATCH', `/customer/${id}/`, {}), ['body']);
    expect((await call(owner, 'GET', '/customer/not-a-uuid/')).statusCode).toBe(400);
  });

  it('queues customer.created, .updated and .deleted in the webhook outbox', async () => {
    const endpoint = await call(owner, 'POST', '/developers/webhook-endpoints/', {
      url: 'https://shop.example.com/hooks',
      events: ['customer.created', 'customer.updated', 'customer.deleted'],
      mode: 'test',
    });
    expect(endpoint.statusCode, endpoint.body).toBe(201);
    const { id } = await create(owner, { name: 'Hooked', reference: 'hook-1', mode: 'test' });
    // A live customer's events go to live endpoints only: none here.
    await create(owner, { name: 'Live one', reference: 'hook-live', mode: 'live' });
    await call(owner, 'PATCH', `/customer/${id}/`, { name: 'Hooked twice' });
    await call(owner, 'DELETE', `/customer/${id}/`);
    const events = await t.ctx.db.select().from(webhookEvents).where(eq(webhookEvents.merchantId, merchantId));
    const mine = events
      .map((e) => ({ type: e.type, body: JSON.parse(e.body) }))
      .filter((e) => e.body.data.id === id)
      .sort((a, b) => a.type.localeCompare(b.type));
    expect(mine.map((e) => e.type)).toEqual(['customer.created', 'customer.deleted', 'customer.updated']);
    expect(mine.every((e) => e.body.mode === 'test')).toBe(true);
    expect(events.filter((e) => JSON.parse(e.body).data.reference === 'hook-live')).toEqual([]);
    expect(mine[1]?.body.data).toMatchObject({ id, name: 'Hooked twice', deleted_at: expect.any(String) });
    expect(mine[2]?.body.data).toMatchObject({ id, name: 'Hooked twice', reference: 'hook-1' });
  });

  it('exports the filtered list as CSV, formulas kept as text', async () => {
    await create(owner, { name: '=HYPERLINK("x")', email: 'csv@example.com', phone: '2025550199', mode: 'live' });
    const res = await call(owner, 'GET', '/customer/export/?mode=live&search=csv%40example');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/customers-\d{4}-\d{2}-\d{2}\.csv/);
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe(
      'id,created_at,mode,name,email,phone,reference,address_line1,address_line2,city,state,postal_code,country',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines[1]).toContain(',+12025550199,');
    expect((await call(productsOnly, 'GET', '/customer/export/')).statusCode).toBe(403);
  });
});
