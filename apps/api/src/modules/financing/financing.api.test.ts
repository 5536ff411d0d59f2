import { createHmac } from 'node:crypto';
import { APP, ROLE } from '@kassa/contract/access';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant } from '../../../test/factories/merchants.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { createSignedInUser, type TestSession } from '../../../test/session.ts';
import { createOwnedMerchant } from '../../../test/support/merchant-team.ts';
import { financialConnections, industryTypes, usedSignatures } from '../../db/schema.ts';
import { startFinancingPartner } from '../../demo/financing-partner.ts';
import { MINUTE } from '../../lib/clock.ts';

const SECRET = 'partner-secret-0123456789abcdef';
const PATH = '/apiv1/admin/merchant/financial-connection/';

const t = await buildTestApp();
const partnerServer = await startFinancingPartner({ port: 0, secret: SECRET, refuseEmails: ['nobody@acme.test'] });
afterAll(async () => {
  await partnerServer.close();
  await t.close();
});
const [retail, food] = (
  await t.ctx.db
    .insert(industryTypes)
    .values([{ name: 'Retail' }, { name: 'Food' }])
    .returning()
).map((r) => r.id) as [string, string];
const admin = await createSignedInUser(t, { role: ROLE.PLATFORM_ADMIN });
const { merchantId, owner } = await createOwnedMerchant(
  t,
  { name: 'Acme Outfitters', industryTypeId: retail, country: 'GB' },
  { email: 'owner@acme.test', firstName: 'Olive', lastName: 'Owner' },
);

const call = (s: TestSession | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: s ? s.auth : {} });
const partnerBody = (over: object = {}) => ({
  name: 'Demo Capital',
  description: 'Revenue-based financing',
  logo: 'https://cdn.example.com/demo.png',
  sso_url: partnerServer.ssoUrl,
  shared_secret: SECRET,
  industry_type_ids: [retail],
  ...over,
});

describe('admin financial connections', () => {
  let id: string;

  it('creates a partner with the secret sealed and shown masked', async () => {
    const res = await call(admin, 'POST', PATH, partnerBody());
    expect(res.statusCode, res.body).toBe(201);
    const view = res.json().result;
    id = view.id;
    expect(view).toMatchObject({
      name: 'Demo Capital',
      sso_url: partnerServer.ssoUrl,
      shared_secret_masked: '••••••••cdef',
      industry_types: [{ id: retail, name: 'Retail' }],
      is_active: true,
    });
    expect(res.body).not.toContain(SECRET);
    const [row] = await t.ctx.db.select().from(financialConnections).where(eq(financialConnections.id, id));
    expect(JSON.stringify(row)).not.toContain(SECRET);
  });

  it('lets only platform admins in; anonymous is 401', async () => {
    const others = [
      await createSignedInUser(t, {
        role: ROLE.STAFF_ADMIN,
        adminPermissions: { view_merchant: 1, view_catalog: 1, view_transactions: 1, view_industry_type: 1 },
      }),
      owner,
      await createSignedInUser(t, {
        role: ROLE.MERCHANT_SUB_USER,
        merchantId,
        access: { [APP.FINANCING_CONNECTIONS]: [1, 2, 3, 4] },
      }),
      await createSignedInUser(t, { role: ROLE.MERCHANT_STAFF, merchantId }),
    ];
    for (const s of others) {
      expect((await call(s, 'GET', PATH)).statusCode).toBe(403);
      expect((await call(s, 'POST', PATH, partnerBody({ name: 'X' }))).statusCode).toBe(403);
      expect((await call(s, 'PUT', `${PATH}${id}/`, partnerBody())).statusCode).toBe(403);
      expect((await call(s, 'DELETE', `${PATH}${id}/`)).statusCode).toBe(403);
    }
    const anonymous = await call(null, 'GET', PATH);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ status: 'error', code: 'unauthorized' });
  });

  it('validates with the error envelope', async () => {
    const bad = await call(admin, 'POST', PATH, {
      ...partnerBody(),
      name: '',
      sso_url: 'http://partner.example.com/sso',
      shared_secret: 'short',
      industry_type_ids: [],
    });
    expect(bad.statusCode).toBe(400);
    const paths = bad
      .json()
      .errors.map((e: { path: string }) => e.path)
      .sort();
    expect(paths).toEqual(['industry_type_ids', 'name', 'shared_secret', 'sso_url']);
    expect(bad.json().errors.find((e: { path: string }) => e.path === 'sso_url').message).toBe(
      'Enter an https:// URL (http:// only for localhost)',
    );
    const unknown = await call(admin, 'POST', PATH, partnerBody({ industry_type_ids: [crypto.randomUUID()] }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].path).toBe('industry_type_ids');
    expect((await call(admin, 'PUT', `${PATH}${crypto.randomUUID()}/`, partnerBody())).statusCode).toBe(404);
  });

  it('searches by name and filters by industry', async () => {
    await call(admin, 'POST', PATH, partnerBody({ name: 'Food Lenders', industry_type_ids: [food] }));
    const byName = (await call(admin, 'GET', `${PATH}?search=demo`)).json().result;
    expect(byName.results.map((r: { name: string }) => r.name)).toEqual(['Demo Capital']);
    const byIndustry = (await call(admin, 'GET', `${PATH}?search=&search_industry=${food}`)).json().result;
    expect(byIndustry).toMatchObject({ count: 1, results: [{ name: 'Food Lenders' }] });
    expect((await call(admin, 'GET', `${PATH}?search_industry=nope`)).statusCode).toBe(400);
  });

  it('replaces the secret only when a new one is sent', async () => {
    const kept = await call(admin, 'PUT', `${PATH}${id}/`, partnerBody({ shared_secret: '', description: 'Updated' }));
    expect(kept.json().result).toMatchObject({ description: 'Updated', shared_secret_masked: '••••••••cdef' });
    const replaced = await call(
      admin,
      'PUT',
      `${PATH}${id}/`,
      partnerBody({ shared_secret: 'another-secret-0000wxyz' }),
    );
    expect(replaced.json().result.shared_secret_masked).toBe('••••••••wxyz');
    await call(admin, 'PUT', `${PATH}${id}/`, partnerBody());
  });
});

describe('merchant side and SSO', () => {
  let partnerId: string;

  beforeAll(async () => {
    const list = (await call(admin, 'GET', `${PATH}?search=Demo Capital`)).json().result;
    partnerId = list.results[0].id;
  });

  it('lists the active partners of the merchant’s industry', async () => {
    const res = await call(owner, 'GET', '/apiv1/connection/financial-partners/');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toEqual([
      {
        id: partnerId,
        name: 'Demo Capital',
        description: expect.any(String),
        logo: 'https://cdn.example.com/demo.png',
      },
    ]);
  });

  it('signs the merchant in at the partner: the partner verifies the signature and greets the merchant', async () => {
    const res = await call(owner, 'POST', '/apiv1/connection/sso-login/', { connection_id: partnerId });
    expect(res.statusCode, res.body).toBe(200);
    const { url, partner_name } = res.json().result;
    expect(partner_name).toBe('Demo Capital');
    expect(url).toMatch(new RegExp(`^${partnerServer.baseUrl}/welcome/`));
    const page = await fetch(url);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('Welcome, Acme Outfitters');
    expect(html).toContain('Signature verified');
    expect(html).toContain('owner@acme.test');
    expect(html).toContain('Retail');
    expect((await fetch(url)).status).toBe(404);
  });

  it('builds a payload whose signature verifies with the partner’s secret', async () => {
    const seen: { headers: Record<string, string>; body: string }[] = [];
    const { createServer } = await import('node:http');
    const spy = createServer(async (req, res) => {
      let body = '';
      for await (const chunk of req) body += chunk;
      seen.push({ headers: req.headers as Record<string, string>, body });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"redirect_url":"https://partner.example/in"}');
    });
    await new Promise<void>((done) => spy.listen(0, '127.0.0.1', () => done()));
    const port = (spy.address() as { port: number }).port;
    const created = await call(
      admin,
      'POST',
      PATH,
      partnerBody({ name: 'Spy', sso_url: `http://127.0.0.1:${port}/sso` }),
    );
    const seconds = () => Math.floor(t.clock.now().getTime() / 1000);
    const before = seconds();
    const res = await call(owner, 'POST', '/apiv1/connection/sso-login/', { connection_id: created.json().result.id });
    const after = seconds();
    spy.close();
    expect(res.json().result.url).toBe('https://partner.example/in');
    const [{ headers, body }] = seen as [(typeof seen)[number]];
    const ts = headers['x-kassa-timestamp']!;
    // Signed at the moment of the call (the clock may cross a second boundary meanwhile).
    expect(Number(ts)).toBeGreaterThanOrEqual(before);
    expect(Number(ts)).toBeLessThanOrEqual(after);
    expect(headers['x-kassa-signature']).toBe(createHmac('sha256', SECRET).update(`${ts}.${body}`).digest('hex'));
    expect(JSON.parse(body)).toMatchObject({
      merchant: {
        id: merchantId,
        name: 'Acme Outfitters',
        email: expect.any(String),
        country: 'GB',
        industry_type: 'Retail',
      },
      user: { email: 'owner@acme.test', first_name: 'Olive', last_name: 'Owner' },
      partner_id: created.json().result.id,
      timestamp: Number(ts),
      nonce: expect.stringMatching(/^[\w-]{16,}$/),
    });
  });

  it('passes the partner’s refusal on, and a wrong secret shows as the partner’s 401', async () => {
    const refused = await createSignedInUser(t, { role: ROLE.MERCHANT_STAFF, merchantId, email: 'nobody@acme.test' });
    const res = await call(refused, 'POST', '/apiv1/connection/sso-login/', { connection_id: partnerId });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('User not provisioned');

    const wrong = await call(
      admin,
      'POST',
      PATH,
      partnerBody({ name: 'Wrong Secret', shared_secret: 'not-the-partner-secret-000' }),
    );
    const bad = await call(owner, 'POST', '/apiv1/connection/sso-login/', { connection_id: wrong.json().result.id });
    expect(bad.json()).toMatchObject({ status: 'error', message: 'Invalid signature.' });
  });

  it('hides partners of other industries and needs an active Financing Hub', async () => {
    const food = (await call(admin, 'GET', `${PATH}?search=Food`)).json().result.results[0].id;
    expect((await call(owner, 'POST', '/apiv1/connection/sso-login/', { connection_id: food })).statusCode).toBe(404);
    const pending = await createMerchant(t.ctx.db, { industryTypeId: retail, financeHubStatus: 1 });
    const s = await createSignedInUser(t, { role: ROLE.MERCHANT_OWNER, merchantId: pending.id });
    expect((await call(s, 'GET', '/apiv1/connection/financial-partners/')).statusCode).toBe(403);
  });
});

describe('GET /auth/verify-hmac/', () => {
  let partnerId: string;
  beforeAll(async () => {
    partnerId = (await call(admin, 'GET', `${PATH}?search=Demo Capital`)).json().result.results[0].id;
  });

  const signed = (timestamp: number, secret = SECRET, id = partnerId) =>
    t.app.inject({
      method: 'GET',
      url: '/apiv1/auth/verify-hmac/',
      headers: {
        'x-kassa-partner': id,
        'x-kassa-timestamp': String(timestamp),
        'x-kassa-signature': createHmac('sha256', secret).update(`${timestamp}.`).digest('hex'),
      },
    });
  const nowS = () => Math.floor(t.clock.now().getTime() / 1000);

  it('accepts a good signature once and refuses its replay', async () => {
    const ts = nowS();
    const ok = await signed(ts);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      result: { valid: true, partner_id: partnerId, partner_name: 'Demo Capital', timestamp: ts },
    });
    const replay = await signed(ts);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe('This signed request was already used.');
  });

  it('refuses a bad signature, an old timestamp, an unknown partner and missing headers', async () => {
    const bad = await signed(nowS(), 'some-other-secret-000000');
    expect(bad.statusCode).toBe(401);
    expect(bad.json().message).toBe('The signature does not match.');
    const old = await signed(nowS() - 5 * 60 - 1);
    expect(old.statusCode).toBe(401);
    expect(old.json().message).toBe('The request timestamp is more than 5 minutes away from now.');
    expect((await signed(nowS() - 4 * 60)).statusCode).toBe(200);
    expect((await signed(nowS(), SECRET, crypto.randomUUID())).json().message).toBe('Unknown financing partner.');
    const missing = await t.app.inject({ method: 'GET', url: '/apiv1/auth/verify-hmac/' });
    expect(missing.statusCode).toBe(401);
  });

  it('purges used signatures once their window has passed', async () => {
    await signed(nowS() - 60);
    t.clock.advance(10 * MINUTE);
    try {
      await signed(nowS());
      const left = await t.ctx.db.select().from(usedSignatures);
      expect(left.every((r) => r.expiresAt.getTime() > t.clock.now().getTime())).toBe(true);
      expect(left).toHaveLength(1);
    } finally {
      t.clock.advance(-10 * MINUTE);
    }
  });
});
