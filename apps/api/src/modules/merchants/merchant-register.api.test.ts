import { ROLE } from '@kassa/contract/access';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant } from '../../../test/factories/merchants.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { signIn } from '../../../test/session.ts';
import {
  expectRefused,
  NOT_PLATFORM_ADMIN,
  type RoleSessions,
  signInRoles,
} from '../../../test/support/admin-roles.ts';
import { auditLog, industryTypes, merchants, users } from '../../db/schema.ts';
import { BLOCKED_MERCHANT_MESSAGE } from '../../lib/access.ts';

let t: TestApp;
let s: RoleSessions;
let industryId: string;
beforeAll(async () => {
  t = await buildTestApp();
  s = await signInRoles(t);
  const [row] = await t.ctx.db.insert(industryTypes).values({ name: 'Outdoor retail' }).returning();
  industryId = row!.id;
});
afterAll(() => t.close());

let seq = 0;
function registration(overrides: Record<string, unknown> = {}) {
  seq += 1;
  return {
    name: `Summit Outfitters ${seq}`,
    email: `shop-${seq}@summit.test`,
    phone: '(415) 555-2671',
    address: '1 Market St',
    city: 'San Francisco',
    state: 'CA',
    zip_code: '94105',
    country: 'US',
    industry_type_id: industryId,
    owner: { first_name: 'Robin', last_name: 'Hale', email: `robin-${seq}@summit.test` },
    ...overrides,
  };
}

const register = (payload: object, session = s.admin) =>
  t.app.inject({ method: 'POST', url: '/apiv1/admin/merchant/register/', payload, headers: session.auth });

const inviteToken = (email: string) => {
  const link = t.mail.lastTo(email)?.text.match(/http:\/\/kassa\.test\/reset-password\?token=(\S+)/);
  if (!link) throw new Error(`No invitation was mailed to ${email}`);
  return decodeURIComponent(link[1]!);
};

describe('POST /apiv1/admin/merchant/register/', () => {
  it('creates the merchant with an E.164 phone, its owner without a password, and an audit entry', async () => {
    const body = registration({ default_currency: 'eur', website: 'https://summit.test' });
    const res = await register(body);
    expect(res.statusCode, res.body).toBe(201);
    const { result, message } = res.json();
    expect(message).toBe(`Merchant registered. An invitation was sent to ${body.owner.email}.`);
    expect(result.merchant).toMatchObject({
      name: body.name,
      email: body.email,
      phone: '+14155552671',
      country: 'US',
      default_currency: 'EUR',
      website: 'https://summit.test',
      industry_type_id: industryId,
      industry_type_name: 'Outdoor retail',
      payment_hub_status: 1,
      finance_hub_status: 1,
      is_blocked: false,
      master_merchant_id: null,
      removed_at: null,
    });
    expect(result.owner).toMatchObject({
      email: body.owner.email,
      first_name: 'Robin',
      role: ROLE.MERCHANT_OWNER,
      is_active: true,
      invitation_pending: true,
    });
    const [owner] = await t.ctx.db.select().from(users).where(eq(users.id, result.owner.id));
    expect(owner).toMatchObject({ merchantId: result.merchant.id, passwordHash: null });
    const audit = await t.ctx.db.select().from(auditLog).where(eq(auditLog.merchantId, result.merchant.id));
    expect(audit).toEqual([
      expect.objectContaining({ action: 'merchant.registered', actorUserId: s.admin.user.id, actorRole: 1 }),
    ]);
  });

  it('mails the owner a single-use link that sets the password; the owner then signs in', async () => {
    const body = registration();
    const res = await register(body);
    expect(res.statusCode).toBe(201);
    const mail = t.mail.lastTo(body.owner.email)!;
    expect(mail.subject).toBe('You are invited to Kassa');
    expect(mail.text).toContain(`the owner of ${body.name}`);
    expect(mail.text).toContain('7 days');

    const token = inviteToken(body.owner.email);
    const set = {
      method: 'POST' as const,
      url: '/apiv1/auth/reset-password/',
      payload: { token, password: 'Granite-Peak-2031' },
    };
    expect((await t.app.inject(set)).statusCode).toBe(200);
    expect((await t.app.inject(set)).statusCode, 'the link works once').not.toBe(200);

    const session = await signIn(t, body.owner.email, 'Granite-Peak-2031');
    expect(session.user).toMatchObject({ role: ROLE.MERCHANT_OWNER, merchant: { id: res.json().result.merchant.id } });
  });

  it('refuses the blocked merchant’s owner at sign-in with the blocked message', async () => {
    const body = registration();
    const merchantId = (await register(body)).json().result.merchant.id;
    const token = inviteToken(body.owner.email);
    await t.app.inject({
      method: 'POST',
      url: '/apiv1/auth/reset-password/',
      payload: { token, password: 'Granite-Peak-2031' },
    });
    const block = await t.app.inject({
      method: 'PATCH',
      url: `/apiv1/admin/merchant/${merchantId}/`,
      payload: { is_blocked: true },
      headers: s.admin.auth,
    });
    expect(block.statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/apiv1/auth/login/',
      payload: { email: body.owner.email, password: 'Granite-Peak-2031' },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe(BLOCKED_MERCHANT_MESSAGE);
  });

  it('registers a sub-merchant under a master and refuses a two-level tree', async () => {
    const master = (await register(registration())).json().result.merchant;
    const sub = await register(registration({ master_merchant_id: master.id }));
    expect(sub.statusCode).toBe(201);
    expect(sub.json().result.merchant).toMatchObject({
      master_merchant_id: master.id,
      master_merchant_name: master.name,
    });
    const grandchild = await register(registration({ master_merchant_id: sub.json().result.merchant.id }));
    expect(grandchild.statusCode).toBe(400);
    expect(grandchild.json().errors).toEqual([
      {
        path: 'master_merchant_id',
        message: `${sub.json().result.merchant.name} is itself a sub-merchant and cannot own sub-merchants`,
      },
    ]);
    const removed = await createMerchant(t.ctx.db, { removedAt: new Date() });
    for (const id of [removed.id, crypto.randomUUID()]) {
      const res = await register(registration({ master_merchant_id: id }));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([
        { path: 'master_merchant_id', message: 'Choose an existing master merchant' },
      ]);
    }
  });

  it('answers 409 with a clear message when the owner’s e-mail is taken, and creates nothing', async () => {
    const first = registration();
    expect((await register(first)).statusCode).toBe(201);
    const again = registration({ owner: { ...first.owner, email: first.owner.email.toUpperCase() } });
    const res = await register(again);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'conflict',
      message: `A user with the e-mail ${first.owner.email} already exists. Use another e-mail address.`,
    });
    const leftover = await t.ctx.db.select().from(merchants).where(eq(merchants.name, again.name));
    expect(leftover).toEqual([]);
  });

  it('stores a logo sent as an image data URL', async () => {
    const logo = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64')}`;
    const res = await register(registration({ logo }));
    expect(res.statusCode).toBe(201);
    expect(res.json().result.merchant.logo).toBe(logo);
  });

  it('refuses invalid input with field errors in plain words', async () => {
    const big = `data:image/png;base64,${Buffer.alloc(200 * 1024 + 1).toString('base64')}`;
    const cases: [Record<string, unknown>, string, string | RegExp][] = [
      [{ phone: 'call me' }, 'phone', /phone number/i],
      [{ phone: '+1 415' }, 'phone', 'This phone number is too short'],
      [{ phone: '+999 1234567' }, 'phone', /country calling code/],
      [{ phone: `+1${'4'.repeat(260)}` }, 'phone', 'The phone number is too long'],
      [{ industry_type_id: crypto.randomUUID() }, 'industry_type_id', 'Choose an existing industry type'],
      [{ industry_type_id: 'retail' }, 'industry_type_id', 'Choose an industry type'],
      [{ master_merchant_id: 'abc' }, 'master_merchant_id', 'Not a valid merchant id'],
      [{ country: 'USA' }, 'country', 'Must be a 2-letter country code'],
      [{ email: 'not-mail' }, 'email', 'Enter a valid e-mail address'],
      [{ name: 'A' }, 'name', 'Enter the business name'],
      [{ logo: 'https://evil.test/logo.png' }, 'logo', 'The logo must be a PNG, JPEG, SVG or WebP image'],
      [{ logo: 'data:text/html;base64,PGgxPg==' }, 'logo', 'The logo must be a PNG, JPEG, SVG or WebP image'],
      [{ logo: big }, 'logo', 'The logo must be 200 KB or smaller'],
      [{ owner: { first_name: '', last_name: 'X', email: 'x@y.test' } }, 'owner.first_name', 'Enter the first name'],
    ];
    for (const [overrides, path, message] of cases) {
      const res = await register(registration(overrides));
      expect(res.statusCode, JSON.stringify(overrides).slice(0, 80)).toBe(400);
      const error = res.json().errors.find((e: { path: string }) => e.path === path);
      expect(error, `${path}: ${res.body.slice(0, 300)}`).toBeDefined();
      if (typeof message === 'string') expect(error.message).toBe(message);
      else expect(error.message).toMatch(message);
    }
  });

  it('is for platform admins only', async () => {
    await expectRefused(
      t,
      s,
      { method: 'POST', url: '/apiv1/admin/merchant/register/', payload: registration() },
      NOT_PLATFORM_ADMIN,
    );
  });

  it('refuses a merchant owner 403 before reading the form: an empty body tells it nothing of the fields', async () => {
    const res = await register({}, s.owner);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      status: 'error',
      request_id: expect.any(String),
      code: 'forbidden',
      message: 'Only platform administrators can do that.',
    });
  });
});
