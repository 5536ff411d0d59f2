// Webhook endpoints have a mode, as Stripe's test and live endpoints: an endpoint gets the events of
// its own mode's money only, whoever made it, and an API key manages the endpoints of its mode only.
import type { ApiKeyMode } from '@kassa/contract/developers';
import { anyWebhookEventBody } from '@kassa/contract/webhooks';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/factories/sellables.ts';
import { createTransaction } from '../../../test/factories/transactions.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { checkoutByCard, newBuyerAddress, testCard } from '../../../test/support/checkout.ts';
import { createOwnedMerchant } from '../../../test/support/merchant-team.ts';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema.ts';

const t = await buildTestApp();
afterAll(() => t.close());
const { merchantId, owner } = await createOwnedMerchant(t, { name: 'Two Modes' });

const call = (
  headers: Record<string, string>,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => t.app.inject({ method, url: `/apiv1${url}`, headers, payload });

async function createKey(mode: ApiKeyMode) {
  const res = await call(owner.auth, 'POST', '/developers/api-keys/', {
    name: `${mode} integration`,
    mode,
    scopes: ['webhooks:write', 'refunds:write'],
  });
  expect(res.statusCode, res.body).toBe(201);
  return { authorization: `Bearer ${res.json().result.secret as string}` };
}
const testKey = await createKey('test');
const liveKey = await createKey('live');

async function addEndpoint(headers: Record<string, string>, body: object = {}) {
  const res = await call(headers, 'POST', '/developers/webhook-endpoints/', {
    url: 'https://hooks.example.com/kassa',
    events: 'all',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().result as { id: string; mode: string };
}

/** The events queued for each endpoint, parsed as a receiver would. */
async function eventsFor(endpointIds: string[]) {
  const rows = await t.ctx.db
    .select({ endpointId: webhookDeliveries.endpointId, body: webhookEvents.body })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(inArray(webhookDeliveries.endpointId, endpointIds));
  return rows.map((r) => ({ endpointId: r.endpointId, event: anyWebhookEventBody.parse(JSON.parse(r.body)) }));
}

const refund = (headers: Record<string, string>, id: string) =>
  call(headers, 'POST', `/transaction/${id}/refund/`, { amount: 100 });

describe('an endpoint made with a test key', () => {
  it('is a test endpoint and never receives a live payment’s events; a live endpoint does, and the event says live', async () => {
    await t.ctx.db.delete(webhookEndpoints).where(eq(webhookEndpoints.merchantId, merchantId));
    const byTestKey = await addEndpoint(testKey);
    expect(byTestKey.mode).toBe('test');
    const byLiveKey = await addEndpoint(liveKey);
    expect(byLiveKey.mode).toBe('live');
    const byOwner = await addEndpoint(owner.auth, { mode: 'live' });

    const live = await createTransaction(t.ctx.db, merchantId, { mode: 'live', provider: 'sandbox' });
    const authorized = await createTransaction(t.ctx.db, merchantId, {
      mode: 'live',
      provider: 'sandbox',
      status: 'authorization_succeeded',
    });
    expect((await refund(owner.auth, live.id)).statusCode).toBe(200);
    expect((await call(owner.auth, 'POST', `/transaction/${authorized.id}/void/`, {})).statusCode).toBe(200);
    const test = await createTransaction(t.ctx.db, merchantId, { mode: 'test' });
    expect((await refund(testKey, test.id)).statusCode).toBe(200);

    const got = await eventsFor([byTestKey.id, byLiveKey.id, byOwner.id]);
    const seen = (endpointId: string) =>
      got
        .filter((g) => g.endpointId === endpointId)
        .map((g) => `${g.event.type} ${g.event.mode} ${(g.event.data as { id: string }).id}`)
        .sort();
    expect(seen(byTestKey.id)).toEqual([`payment.refunded test ${test.id}`]);
    const liveEvents = [`payment.refunded live ${live.id}`, `payment.voided live ${authorized.id}`].sort();
    expect(seen(byLiveKey.id)).toEqual(liveEvents);
    expect(seen(byOwner.id)).toEqual(liveEvents);
  });

  it('is made of the key’s mode only: a test key asking for a live endpoint gets 403', async () => {
    const res = await call(testKey, 'POST', '/developers/webhook-endpoints/', {
      url: 'https://hooks.example.com/kassa',
      events: 'all',
      mode: 'live',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      status: 'error',
      request_id: expect.any(String),
      code: 'forbidden',
      message: 'A test API key adds test endpoints only. Use a live key for live events.',
    });
    expect((await addEndpoint(testKey, { mode: 'test' })).mode).toBe('test');
  });
});

describe('managing endpoints of the other mode', () => {
  it('is 404 for a key on every route, while people see both modes and filter by the Test mode switch', async () => {
    await t.ctx.db.delete(webhookEndpoints).where(eq(webhookEndpoints.merchantId, merchantId));
    const live = await addEndpoint(owner.auth, { mode: 'live' });
    const test = await addEndpoint(owner.auth, { mode: 'test' });
    const ids = async (headers: Record<string, string>, query = '') =>
      (await call(headers, 'GET', `/developers/webhook-endpoints/${query}`))
        .json()
        .result.map((e: { id: string }) => e.id);
    expect(await ids(testKey)).toEqual([test.id]);
    expect(await ids(testKey, '?mode=live')).toEqual([]);
    expect(await ids(liveKey)).toEqual([live.id]);
    expect(await ids(owner.auth)).toEqual([live.id, test.id]);
    expect(await ids(owner.auth, '?mode=test')).toEqual([test.id]);
    expect(await ids(owner.auth, '?mode=live')).toEqual([live.id]);
    const bad = await call(owner.auth, 'GET', '/developers/webhook-endpoints/?mode=prod');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ path: 'mode', message: 'Choose test or live' }]);

    const base = `/developers/webhook-endpoints/${live.id}/`;
    for (const [method, url, body] of [
      ['PATCH', base, { description: 'Taken' }],
      ['POST', `${base}test/`, {}],
      ['POST', `${base}roll-secret/`, {}],
      ['GET', `${base}deliveries/`, undefined],
      ['DELETE', base, undefined],
    ] as const) {
      const res = await call(testKey, method, url, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
    }
    const [still] = await t.ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, live.id));
    expect(still).toMatchObject({ description: '', mode: 'live' });
    // The test ping says the endpoint's mode.
    expect((await call(liveKey, 'POST', `${base}test/`, {})).statusCode).toBe(200);
    const [ping] = await eventsFor([live.id]);
    expect(ping!.event).toMatchObject({ type: 'test.ping', mode: 'live' });
  });
});

describe('a payment’s outcome', () => {
  it('goes to the endpoints of its mode only, also on the one-statement settle path', async () => {
    await t.ctx.db.delete(webhookEndpoints).where(eq(webhookEndpoints.merchantId, merchantId));
    const live = await addEndpoint(owner.auth, { mode: 'live' });
    const productId = (await createProduct(t.ctx.db, merchantId, { pricePerUnit: 2_500 })).id;
    const pay = async () => {
      const res = await checkoutByCard(
        t,
        { product: productId },
        { card: testCard(), remoteAddress: newBuyerAddress() },
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json().result as { id: string; status: string };
    };
    // The sandbox takes test-mode money: nothing for the live endpoint.
    expect((await pay()).status).toBe('capture_succeeded');
    expect(await eventsFor([live.id])).toEqual([]);
    const test = await addEndpoint(owner.auth, { mode: 'test' });
    const paid = await pay();
    const got = await eventsFor([live.id, test.id]);
    expect(got.map((g) => [g.endpointId, g.event.type, g.event.mode, (g.event.data as { id: string }).id])).toEqual([
      [test.id, 'payment.succeeded', 'test', paid.id],
    ]);
  });
});
