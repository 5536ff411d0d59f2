// Route matrix, part 6: one request, two merchants' ids (another merchant's id is answered as one that
// does not exist, as in routes.api.test.ts). A route on an object of an object (a customer's saved
// card, an endpoint's delivery) or naming another object in its body (the card a customer's charge
// takes) must check every id against the caller's merchant, not only the first one it reads.
// Merchant A's owner and A's API key holding every scope send each mix of A's and B's ids; each
// answer must be the one the same request gets with B's ids replaced by ids nobody has, and nothing
// of A or B changes. The routes and what each of their ids names come from the route table
// (mixed-ids.ts).
import { API_KEY_SCOPE_NAMES } from '@kassa/contract/developers';
import { and, eq, isNull } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { savedCards } from '../../src/db/schema.ts';
import { createSavedCard } from '../factories/saved-cards.ts';
import { buildTestApp } from '../helper.ts';
import type { TestSession } from '../session.ts';
import { hasNoJsonResponse, isPublic, readsViaPost } from './allow-lists.ts';
import { envelopeProblem } from './envelope.ts';
import { type IdSlot, idSlotsOf, mixesOf, withIds } from './mixed-ids.ts';
import { isAdminArea, listRoutes, NIL_LIKE_UUID, type RouteInfo } from './routes.ts';
import { sampleBody } from './samples.ts';
import { buildWorld, type Tenant } from './world.ts';

// Every mix is sent twice per caller, with a key among the callers: more than the default 100 a second.
const t = await buildTestApp({ KASSA_API_KEY_RATE_LIMIT: '1000000', KASSA_API_KEY_RATE_WINDOW_S: '60' });
const { routes } = listRoutes(t.app);
const world = await buildWorld(t, routes);
afterAll(() => t.close());

async function post(session: TestSession, url: string, payload?: object) {
  const res = await t.app.inject({ method: 'POST', url, headers: session.auth, ...(payload ? { payload } : {}) });
  if (res.statusCode >= 300) throw new Error(`mixed ids: POST ${url} → ${res.statusCode} ${res.body}`);
  return res.json().result as { id: string; secret: string };
}

/** A test-mode endpoint (the mode of the world's customers and of A's key) and one delivery waiting on it. */
async function addWebhookIds(tenant: Tenant) {
  const base = '/apiv1/developers/webhook-endpoints/';
  if (!routes.some((r) => r.method === 'POST' && r.url === base)) return;
  const endpoint = await post(tenant.owner, base, {
    url: 'https://hooks.example.com/kassa',
    events: 'all',
    mode: 'test',
  });
  tenant.ids.webhookEndpoint = endpoint.id;
  tenant.ids.webhookDelivery = (await post(tenant.owner, `${base}${endpoint.id}/test/`)).id;
}
await addWebhookIds(world.a);
await addWebhookIds(world.b);

const key = await post(world.a.owner, '/apiv1/developers/api-keys/', {
  name: 'Matrix mixed ids',
  mode: 'test',
  scopes: API_KEY_SCOPE_NAMES,
});
const callers: [string, Record<string, string>, (r: RouteInfo) => boolean][] = [
  ['A’s owner', world.a.owner.auth, () => true],
  ['A’s key with every scope', { authorization: `Bearer ${key.secret}` }, (r) => r.apiKeyScope !== null],
];

// Reads first, then writes, deletes last: were a check missing, the reads still report cleanly.
const ORDER = { GET: 0, POST: 1, PUT: 1, PATCH: 1, DELETE: 2 } as const;
/** Routes naming two ids or more: two in the path, or one in the body beside the caller's merchant. */
const mixedRoutes = routes
  .filter((r) => !isPublic(r) && !isAdminArea(r))
  .map((route) => ({ route, slots: idSlotsOf(route) }))
  .filter(({ route, slots }) => route.pathParams.length >= 2 || slots.some((s) => s.in === 'body'))
  .sort((x, y) => ORDER[x.route.method] - ORDER[y.route.method]);

function send(headers: Record<string, string>, route: RouteInfo, slots: IdSlot[], values: string[]) {
  return t.app.inject({ method: route.method, headers, ...withIds(route, slots, values) });
}

/** What a caller learns from an answer: a refusal's status, code, message and fields, or a read's whole body. */
function answerOf(res: LightMyRequestResponse): string {
  if (res.statusCode < 400) return `${res.statusCode} ${res.body}`;
  const { code, message } = res.json();
  return `${res.statusCode} ${code} ${message} ${fieldsOf(res).join()}`;
}

const fieldsOf = (res: LightMyRequestResponse): string[] =>
  (res.json().errors ?? []).map((e: { path: string }) => e.path);

/** Refused because of one of the ids it names: 403/404, or a field error on one of them. */
const isRefusedOverAnId = (res: LightMyRequestResponse, slots: IdSlot[]) =>
  [403, 404].includes(res.statusCode) ||
  (res.statusCode >= 400 && res.statusCode < 500 && fieldsOf(res).some((f) => slots.some((s) => s.name === f)));

/**
 * Why the answer to a mix is wrong, or null. It must be the one the same request gets with B's ids
 * replaced by ids nobody has, and a refusal with the envelope — 403/404 for B's object in the path,
 * otherwise one over an id, so the comparison is about the ids and not a field the sample got wrong.
 * A filtered read (B's customer as a filter) may answer: it must list what an unknown filter lists.
 */
function mixProblem(
  route: RouteInfo,
  slots: IdSlot[],
  mix: boolean[],
  res: LightMyRequestResponse,
  twin: LightMyRequestResponse,
) {
  if (answerOf(res) !== answerOf(twin)) return `ids nobody has get ${answerOf(twin).slice(0, 160)}`;
  if (res.statusCode < 400) return readsViaPost(route) ? null : 'accepted';
  const problem = envelopeProblem(res);
  if (problem) return problem;
  if (slots.some((s, i) => mix[i] && s.in === 'path'))
    return [403, 404].includes(res.statusCode) ? null : 'B’s object in the path, but no 403/404';
  return isRefusedOverAnId(res, slots) ? null : 'refused, but not over an id';
}

const kinds = [...new Set(mixedRoutes.flatMap(({ slots }) => slots.map((s) => s.kind)))].filter(
  (k): k is string => k !== null,
);

/**
 * What A's and B's owners see of every object a mix names — each read through the GET routes on its
 * kind (a saved card through its customer's cards, a delivery through its endpoint's) — and the size
 * of every list and filtered read of theirs (a charge adds a transaction).
 */
async function snapshot() {
  const reads = routes
    .filter((r) => r.method === 'GET' && !isPublic(r) && !isAdminArea(r) && r.pathParams.length === 1)
    .flatMap((route) => idSlotsOf(route).flatMap((s) => (s.kind && kinds.includes(s.kind) ? [{ route, s }] : [])));
  const lists = routes.filter(
    (r) => !isPublic(r) && !isAdminArea(r) && r.pathParams.length === 0 && (r.method === 'GET' || readsViaPost(r)),
  );
  const state: string[] = [];
  for (const tenant of [world.a, world.b]) {
    for (const { route, s } of reads) {
      const id = tenant.ids[s.kind!]!;
      const res = await send(tenant.owner.auth, route, [s], [id]);
      if (res.statusCode === 200) state.push(`${route.key} ${id} ${res.body}`);
    }
    for (const route of lists) {
      const res = await t.app.inject({
        method: route.method,
        url: route.url,
        headers: tenant.owner.auth,
        ...(route.body ? { payload: sampleBody(route.body) as object } : {}),
      });
      // A CSV export has no count: its size is its length. A list of keys changes length as they are used.
      const result = hasNoJsonResponse(route) ? null : res.json().result;
      const size = Array.isArray(result)
        ? result.length
        : (result?.count ?? result?.results?.length ?? res.body.length);
      state.push(`${route.key} → ${res.statusCode === 200 ? size : res.statusCode}`);
    }
  }
  return state;
}

/** The tenant's customer's saved card; the factory saves one per customer, so again once a control removed it. */
async function liveCardOf(tenant: Tenant) {
  const [live] = await t.ctx.db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.customerId, tenant.ids.customer!), isNull(savedCards.deletedAt)));
  return (live ?? (await createSavedCard(t.ctx.db, tenant.merchantId, tenant.ids.customer!))).id;
}

let sent = 0;

describe('merchant A’s callers naming A’s and B’s objects in one request', () => {
  it('knows what every id of those routes names (a floor: a customer’s saved card, an endpoint’s delivery, a charge’s card)', () => {
    const unplaced = mixedRoutes.flatMap(({ route, slots }) =>
      slots.filter((s) => s.kind === null).map((s) => `${route.key} ${s.name}`),
    );
    expect(unplaced).toEqual([]);
    expect(mixedRoutes.filter(({ route }) => route.pathParams.length >= 2).length).toBeGreaterThanOrEqual(2);
    expect(mixedRoutes.length).toBeGreaterThanOrEqual(10);
    const missing = kinds.filter((k) => !world.a.ids[k] || !world.b.ids[k]);
    expect(missing).toEqual([]);
  });

  it('gets for every mix the answer ids nobody has get, and changes nothing of A or B', async () => {
    const before = await snapshot();
    // Every object a mix names is seen by its owner in the snapshot, so "unchanged" covers it.
    for (const tenant of [world.a, world.b]) {
      for (const kind of kinds) expect(before.join('\n'), `${kind} unread`).toContain(tenant.ids[kind]);
    }
    const wrong: string[] = [];
    for (const [who, headers, takes] of callers) {
      for (const { route, slots } of mixedRoutes.filter(({ route }) => takes(route))) {
        for (const mix of mixesOf(slots)) {
          const own = slots.map((s) => world.a.ids[s.kind!]!);
          const mixed = slots.map((s, i) => (mix[i] ? world.b.ids[s.kind!]! : own[i]!));
          const missing = slots.map((_, i) => (mix[i] ? NIL_LIKE_UUID : own[i]!));
          const res = await send(headers, route, slots, mixed);
          const twin = await send(headers, route, slots, missing);
          sent += 1;
          const problem = mixProblem(route, slots, mix, res, twin);
          const ids = slots.map((s, i) => `${s.name}=${mix[i] ? 'B' : 'A'}.${s.kind}`).join(' ');
          if (problem) wrong.push(`${route.key} [${who}: ${ids}] → ${answerOf(res).slice(0, 200)}: ${problem}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(await snapshot()).toEqual(before);
    // Two requests per mix and caller, and two snapshots: slow on a loaded two-core machine.
  }, 180_000);

  it('sent the mixes (a floor: two callers, every mix of every route)', () => {
    expect(sent).toBeGreaterThanOrEqual(80);
  });

  // The control: with A's ids only, no route refuses over an id, so the refusals above are about
  // B's ids. Most succeed; a conflict over another field (an invoice number the previous caller's
  // control took) is no refusal over an id.
  it.each(callers)('%s is never refused over A’s own ids', async (_, headers, takes) => {
    const ids: Record<string, string> = { ...world.a.ids, savedCard: await liveCardOf(world.a) };
    const wrong: string[] = [];
    for (const { route, slots } of mixedRoutes.filter(({ route }) => takes(route))) {
      const res = await send(
        headers,
        route,
        slots,
        slots.map((s) => ids[s.kind!]!),
      );
      if (res.statusCode >= 500 || isRefusedOverAnId(res, slots))
        wrong.push(`${route.key} → ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    expect(wrong).toEqual([]);
  });
});
