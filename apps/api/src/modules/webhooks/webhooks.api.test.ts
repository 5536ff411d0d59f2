// The endpoints API: owners and staff of a merchant manage its endpoints; nobody else, and never
// another merchant's. Secrets are shown on creation and on a roll only. No delivery runs here.
import { APP, ROLE } from '@kassa/contract/access';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.ts';
import { createSignedInUser, type TestSession } from '../../../test/session.ts';
import { createOwnedMerchant } from '../../../test/support/merchant-team.ts';
import { auditLog, webhookDeliveries, webhookEndpoints } from '../../db/schema.ts';
import type { Actor } from '../../lib/actor.ts';
import { requireWebhookManager } from './webhook-access.ts';

const t = await buildTestApp({ KASSA_WEBHOOKS_ALLOW_PRIVATE: 'true' });
afterAll(() => t.close());
const { merchantId, owner } = await createOwnedMerchant(t);
const staff = await createSignedInUser(t, { role: ROLE.MERCHANT_STAFF, merchantId });
const subUser = await createSignedInUser(t, {
  role: ROLE.MERCHANT_SUB_USER,
  merchantId,
  access: { [APP.VIRTUAL_TERMINAL]: [1, 2, 3, 4], [APP.INVOICES]: [1, 2, 3, 4] },
});
const admin = await createSignedInUser(t, { role: ROLE.PLATFORM_ADMIN });
const { owner: otherOwner } = await createOwnedMerchant(t);

const BASE = '/apiv1/developers/webhook-endpoints/';
const call = (session: TestSession | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path = '', payload?: object) =>
  t.app.inject({ method, url: `${BASE}${path}`, headers: session?.auth ?? {}, payload });

const create = async (session: TestSession, body: object = { url: 'http://127.0.0.1:9/hooks', events: 'all' }) => {
  const res = await call(session, 'POST', '', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().result as { id: string; secret: string; events: unknown; url: string };
};

describe('creating and listing', () => {
  it('creates an endpoint, shows its whsec_ secret once, and never lists the secret', async () => {
    const created = await create(owner, {
      url: 'https://93.184.215.14/kassa',
      description: 'Shop backend',
      events: ['payment.succeeded', 'payment.refunded', 'payment.succeeded'],
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(created.events).toEqual(['payment.succeeded', 'payment.refunded']);
    const list = await call(owner, 'GET');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.secret.slice(6));
    expect(list.json().result.find((e: { id: string }) => e.id === created.id)).toMatchObject({
      url: 'https://93.184.215.14/kassa',
      description: 'Shop backend',
      enabled: true,
      disabled_reason: null,
    });
    const [stored] = await t.ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.id));
    expect(stored!.secretSealed).not.toContain(created.secret.slice(6));
    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, created.id), eq(auditLog.action, 'webhook_endpoint.create')));
    expect(audit).toHaveLength(1);
  });

  it('accepts a host name that resolves to a public address', async () => {
    const created = await create(owner, { url: 'https://shop.example.com/hooks?x=1', events: 'all' });
    expect(created.url).toBe('https://shop.example.com/hooks?x=1');
  });

  it('lets staff manage endpoints too, and shows each merchant only its own', async () => {
    const created = await create(staff);
    expect((await call(owner, 'GET')).json().result.map((e: { id: string }) => e.id)).toContain(created.id);
    expect((await call(otherOwner, 'GET')).json().result).toEqual([]);
  });

  it.each([
    ['no URL', { events: 'all' }, 'url'],
    ['not a URL', { url: 'shop', events: 'all' }, 'url'],
    ['ftp', { url: 'ftp://93.184.215.14/', events: 'all' }, 'url'],
    ['http to a public host', { url: 'http://93.184.215.14/', events: 'all' }, 'url'],
    ['a private address', { url: 'https://10.1.2.3/hooks', events: 'all' }, 'url'],
    ['the metadata address', { url: 'https://169.254.169.254/', events: 'all' }, 'url'],
    ['an IPv4-mapped loopback over https', { url: 'https://[::ffff:192.168.0.1]/', events: 'all' }, 'url'],
    ['a host name that does not exist', { url: 'https://nowhere.kassa.invalid/', events: 'all' }, 'url'],
    ['no events', { url: 'https://93.184.215.14/', events: [] }, 'events'],
    ['an unknown event', { url: 'https://93.184.215.14/', events: ['payment.exploded'] }, 'events'],
    ['the ping as a subscription', { url: 'https://93.184.215.14/', events: ['test.ping'] }, 'events'],
    ['events as a word other than all', { url: 'https://93.184.215.14/', events: 'some' }, 'events'],
  ])('refuses %s with a message on the field', async (_what, body, field) => {
    const res = await call(owner, 'POST', '', body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ status: 'error', code: 'invalid_input' });
    expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(field);
    expect(res.json().message.length).toBeGreaterThan(5);
  });
});

describe('who may use the routes', () => {
  it('refuses sub-users, admins and anonymous callers on every route', async () => {
    const { id } = await create(owner);
    const delivery = crypto.randomUUID();
    const routes: ['GET' | 'POST' | 'PATCH' | 'DELETE', string, object?][] = [
      ['GET', ''],
      ['POST', '', { url: 'http://127.0.0.1:9/', events: 'all' }],
      ['PATCH', `${id}/`, { enabled: false }],
      ['DELETE', `${id}/`],
      ['GET', `${id}/deliveries/`],
      ['POST', `${id}/deliveries/${delivery}/retry/`],
      ['POST', `${id}/test/`],
      ['POST', `${id}/roll-secret/`],
    ];
    for (const [method, path, body] of routes) {
      expect((await call(subUser, method, path, body)).statusCode, `${method} ${path}`).toBe(403);
      expect((await call(admin, method, path, body)).statusCode, `${method} ${path}`).toBe(403);
      expect((await call(null, method, path, body)).statusCode, `${method} ${path}`).toBe(401);
    }
    expect((await call(subUser, 'GET')).json().message).toBe('Only the account owner and staff manage webhooks.');
    expect((await call(owner, 'GET')).json().result.find((e: { id: string }) => e.id === id).enabled).toBe(true);
  });

  it('refuses an embedded session, which acts inside a parent site', () => {
    const embedded: Actor = {
      userId: crypto.randomUUID(),
      role: ROLE.MERCHANT_OWNER,
      merchantId,
      masterMerchantId: null,
      paymentHubStatus: 1,
      financeHubStatus: null,
      familyId: 'f',
      appAccess: null,
      adminPermissions: null,
      segments: ['1'],
    };
    expect(() => requireWebhookManager(embedded)).toThrow(/directly/);
    expect(requireWebhookManager({ ...embedded, segments: null })).toEqual({ merchantId });
  });

  it("answers 404 for another merchant's endpoint on every route, and changes nothing", async () => {
    const { id } = await create(owner);
    const ping = (await call(owner, 'POST', `${id}/test/`)).json().result;
    for (const [method, path, body] of [
      ['PATCH', `${id}/`, { enabled: false }],
      ['DELETE', `${id}/`],
      ['GET', `${id}/deliveries/`],
      ['POST', `${id}/deliveries/${ping.id}/retry/`],
      ['POST', `${id}/test/`],
      ['POST', `${id}/roll-secret/`],
    ] as const) {
      const res = await call(otherOwner, method, path, body);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
    const [row] = await t.ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(row).toMatchObject({ enabled: true });
  });

  it('refuses ids that are not ids', async () => {
    const res = await call(owner, 'PATCH', 'abc/', { enabled: false });
    expect(res.statusCode).toBe(400);
    const retry = await call(owner, 'POST', `${crypto.randomUUID()}/deliveries/nope/retry/`);
    expect(retry.statusCode).toBe(400);
  });
});

describe('changing, testing, rolling and deleting', () => {
  it('changes the URL and events, turns the endpoint off and on', async () => {
    const { id } = await create(owner);
    const res = await call(owner, 'PATCH', `${id}/`, {
      url: 'http://localhost:9/new',
      events: ['invoice.paid'],
      description: 'New',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({
      url: 'http://localhost:9/new',
      events: ['invoice.paid'],
      description: 'New',
    });
    expect((await call(owner, 'PATCH', `${id}/`, { enabled: false })).json().result.enabled).toBe(false);
    const test = await call(owner, 'POST', `${id}/test/`);
    expect(test.statusCode).toBe(422);
    expect((await call(owner, 'PATCH', `${id}/`, { enabled: true, events: 'all' })).json().result).toMatchObject({
      enabled: true,
      events: 'all',
    });
    expect((await call(owner, 'PATCH', `${id}/`, {})).statusCode).toBe(400);
    expect((await call(owner, 'PATCH', `${id}/`, { url: 'https://192.168.1.1/' })).statusCode).toBe(400);
    expect((await call(owner, 'PATCH', `${crypto.randomUUID()}/`, { enabled: true })).statusCode).toBe(404);
  });

  it('queues a test.ping for this endpoint only and lists it in the paged delivery log', async () => {
    const { id } = await create(owner);
    const other = await create(owner);
    for (let i = 0; i < 3; i++) expect((await call(owner, 'POST', `${id}/test/`)).statusCode).toBe(200);
    const page1 = (await call(owner, 'GET', `${id}/deliveries/?page_size=2`)).json().result;
    expect(page1).toMatchObject({ count: 3, page: 1, page_size: 2 });
    expect(page1.results).toHaveLength(2);
    expect(page1.results[0]).toMatchObject({
      event_type: 'test.ping',
      status: 'pending',
      attempt_count: 0,
      attempts: [],
    });
    const page2 = (await call(owner, 'GET', `${id}/deliveries/?page=2&page_size=2`)).json().result;
    expect(page2.results).toHaveLength(1);
    expect((await call(owner, 'GET', `${other.id}/deliveries/`)).json().result.count).toBe(0);
    expect((await call(owner, 'GET', `${id}/deliveries/?status=sent`)).statusCode).toBe(400);
    expect((await call(owner, 'GET', `${id}/deliveries/?page_size=1000`)).statusCode).toBe(400);
  });

  it("retries a delivery of this endpoint, not another endpoint's", async () => {
    const a = await create(owner);
    const b = await create(owner);
    const ping = (await call(owner, 'POST', `${a.id}/test/`)).json().result;
    await t.ctx.db
      .update(webhookDeliveries)
      .set({ status: 'failed', nextAttemptAt: null })
      .where(eq(webhookDeliveries.id, ping.id));
    expect((await call(owner, 'POST', `${b.id}/deliveries/${ping.id}/retry/`)).statusCode).toBe(404);
    const res = await call(owner, 'POST', `${a.id}/deliveries/${ping.id}/retry/`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({ id: ping.id, status: 'pending' });
  });

  it('rolls the secret: a new one is shown once and differs', async () => {
    const created = await create(owner);
    const res = await call(owner, 'POST', `${created.id}/roll-secret/`);
    expect(res.statusCode, res.body).toBe(200);
    const rolled = res.json().result.secret as string;
    expect(rolled).toMatch(/^whsec_/);
    expect(rolled).not.toBe(created.secret);
    const [row] = await t.ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.id));
    expect(row!.previousSecretExpiresAt!.getTime() - t.clock.now().getTime()).toBeGreaterThan(23 * 3_600_000);
  });

  it('deletes an endpoint with its deliveries', async () => {
    const { id } = await create(owner);
    await call(owner, 'POST', `${id}/test/`);
    const res = await call(owner, 'DELETE', `${id}/`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await call(owner, 'DELETE', `${id}/`)).statusCode).toBe(404);
    expect(await t.ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, id))).toHaveLength(0);
  });
});

describe('API docs', () => {
  it('lists every event with its payload schema in the OpenAPI webhooks section', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/apiv1/docs/json' });
    expect(res.statusCode).toBe(200);
    const webhooks = res.json().webhooks;
    expect(Object.keys(webhooks).sort()).toEqual([
      'customer.created',
      'customer.deleted',
      'customer.subscription.trial_will_end',
      'customer.updated',
      'invoice.created',
      'invoice.paid',
      'invoice.partially_paid',
      'invoice.payment_failed',
      'invoice.sent',
      'invoice.voided',
      'payment.captured',
      'payment.failed',
      'payment.refunded',
      'payment.succeeded',
      'payment.voided',
      'payment_method.attached',
      'payment_method.detached',
      'payment_method.updated',
      'subscription.canceled',
      'subscription.created',
      'subscription.past_due',
      'subscription.updated',
      'test.ping',
    ]);
    const refunded = webhooks['payment.refunded'].post;
    const body = refunded.requestBody.content['application/json'].schema;
    expect(body.properties.type.const).toBe('payment.refunded');
    expect(body.properties.data.properties.refund.properties).toHaveProperty('amount');
    expect(body.properties.data.properties).toHaveProperty('refunded_amount');
    expect(refunded.parameters.map((p: { name: string }) => p.name)).toEqual([
      'webhook-id',
      'webhook-timestamp',
      'webhook-signature',
    ]);
  });
});
