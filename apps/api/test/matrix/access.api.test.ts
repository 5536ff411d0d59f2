// Route matrix, part 3: no leaks between tenants and no way around the permission checks
// (CONVENTIONS 4 and 12: "another merchant's id gets 404"; ARCHITECTURE 5: roles, apps, view flags).
// Merchant A's owner aims every id route at merchant B's objects; list routes of A must never carry
// B's ids; a staff admin without view flags, a merchant owner and a sub-user without app access are
// refused where they have no business. Every route is taken from the route table, none is named.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../helper.ts';
import type { TestSession } from '../session.ts';
import { isPublic, isSelfService, readsViaPost, signsOut } from './allow-lists.ts';
import { envelopeProblem } from './envelope.ts';
import { fillPath, isAdminArea, listRoutes, NIL_LIKE_UUID, type RouteInfo } from './routes.ts';
import { sampleBody, sampleOf, toQueryString } from './samples.ts';
import { allIds, buildWorld, readableId } from './world.ts';

const t = await buildTestApp();
const { routes } = listRoutes(t.app);
const world = await buildWorld(t, routes);
afterAll(() => t.close());

const B_IDS = Object.entries(world.b.ids);
const A_IDS = Object.values(world.a.ids);

/**
 * Known answers that break the rule: `route [who/what]` → the status it gets today. Each is a
 * finding for the module's owner; the test asserts today's status, so it fails (and the entry must
 * go) the day the module is fixed.
 */
const KNOWN_FINDINGS: Record<string, number> = {};

function request(session: TestSession | null, route: RouteInfo, id: string, extraQuery = '') {
  const query = route.query ? toQueryString(sampleOf(route.query) as Record<string, unknown>) : '';
  const glue = query ? '&' : '?';
  return t.app.inject({
    method: route.method,
    url:
      fillPath(route, Object.fromEntries(route.pathParams.map((p) => [p, id]))) +
      query +
      (extraQuery && glue + extraQuery),
    headers: session && !signsOut(route) ? session.auth : {},
    ...(route.body ? { payload: sampleBody(route.body) as object } : {}),
  });
}

/** Compares against KNOWN_FINDINGS; returns a line for the report when the answer is wrong. */
function verdict(name: string, res: LightMyRequestResponse, isRight: boolean): string | null {
  const known = KNOWN_FINDINGS[name];
  if (known !== undefined)
    return res.statusCode === known ? null : `${name}: known finding now answers ${res.statusCode}`;
  return isRight ? null : `${name} → ${res.statusCode} ${res.body.slice(0, 160)}`;
}

const code = (res: LightMyRequestResponse) => (res.body.startsWith('{') ? res.json().code : undefined);

// Reads first, then writes, deletes last: were isolation broken, the reads still report cleanly.
const ORDER = { GET: 0, POST: 1, PUT: 1, PATCH: 1, DELETE: 2 } as const;
const tenantIdRoutes = routes
  .filter((r) => !isPublic(r) && !isAdminArea(r) && r.pathParams.includes('id'))
  .sort((a, b) => ORDER[a.method] - ORDER[b.method]);

const controls: string[] = [];

describe('merchant A’s owner and merchant B’s objects', () => {
  it.each(tenantIdRoutes.map((r) => [r.key, r] as const))(
    '%s: B’s ids look exactly like missing ones',
    async (_, route) => {
      const owner = world.a.owner;
      // Control: where the route reads A's own object, it does answer 200, so a 404 for B means something.
      if (route.method === 'GET' && (await readableId(t, owner, route, routes, A_IDS))) controls.push(route.key);
      const missing = await request(owner, route, NIL_LIKE_UUID);
      const wrong: string[] = [];
      for (const [kind, id] of B_IDS) {
        const res = await request(owner, route, id);
        // Indistinguishable from an id nobody has: same status and code, never a success.
        const same = res.statusCode === missing.statusCode && code(res) === code(missing) && res.statusCode >= 400;
        const line = verdict(`${route.key} [B.${kind}]`, res, same && envelopeProblem(res) === null);
        if (line) wrong.push(`${line} (a missing id gets ${missing.statusCode})`);
      }
      expect(wrong).toEqual([]);
    },
  );

  it('had real objects of A to compare with (a floor: products, quick payments, invoices, users, …)', () => {
    expect(controls.length).toBeGreaterThanOrEqual(6);
  });

  it('left every object of B in place', async () => {
    const gone: string[] = [];
    for (const route of routes.filter((r) => r.method === 'GET' && r.pathParams.join() === 'id' && !isPublic(r))) {
      if (isAdminArea(route)) continue;
      const id = await readableId(t, world.b.owner, route, routes, Object.values(world.b.ids));
      if (id === null) continue;
      const res = await request(world.b.owner, route, id);
      if (res.statusCode !== 200) gone.push(`${route.key} ${id} → ${res.statusCode}`);
    }
    expect(gone).toEqual([]);
  });

  // Lists and searches of A, also asked for B by name where the route takes a merchant filter.
  const listRoutes_ = routes.filter(
    (r) => !isPublic(r) && r.pathParams.length === 0 && (r.method === 'GET' || readsViaPost(r)),
  );
  it.each(listRoutes_.map((r) => [r.key, r] as const))('%s never carries one of B’s ids', async (_, route) => {
    const merchantParams = Object.keys(route.query?.properties ?? {}).filter((k) => k.includes('merchant'));
    const variants = ['', ...merchantParams.map((k) => `${k}=${world.b.merchantId}`)];
    const leaks: string[] = [];
    for (const extra of variants) {
      const res = await request(world.a.owner, route, NIL_LIKE_UUID, extra);
      expect(res.statusCode, `${route.key}?${extra}`).toBeLessThan(500);
      for (const [kind, id] of [['merchant', world.b.merchantId], ...B_IDS]) {
        if (res.body.includes(id!)) leaks.push(`${route.key}?${extra} → ${res.statusCode} contains B.${kind}`);
      }
    }
    expect(leaks).toEqual([]);
  });
});

/** Actors who must get 403 on a set of routes, whatever id or body they send. */
const refusals: [string, () => TestSession, (r: RouteInfo) => boolean, () => string[]][] = [
  [
    'a staff admin without view flags',
    () => world.staffNoFlags,
    // The catalog is the platform's view of every merchant's products (ARCHITECTURE 5), behind view_catalog.
    (r) => (isAdminArea(r) || r.url.startsWith('/apiv1/catalog/')) && !isSelfService(r),
    () => [world.a.merchantId, ...Object.values(world.platformIds)],
  ],
  ['merchant A’s owner', () => world.a.owner, (r) => isAdminArea(r), () => [world.a.merchantId, ...A_IDS]],
  [
    'a sub-user without app access',
    () => world.a.noAccessSubUser,
    (r) => !isPublic(r) && !isSelfService(r),
    () => A_IDS,
  ],
];

describe.each(refusals)('%s', (who, session, applies, candidates) => {
  const refused = routes.filter(applies).sort((a, b) => ORDER[a.method] - ORDER[b.method]);
  it.each(refused.map((r) => [r.key, r] as const))('%s → 403', async (_, route) => {
    // A real object where the route has a readable one (as the platform admin or A's owner sees it),
    // so the refusal is about who asks, not about a missing id.
    const reader = who.includes('staff') ? world.admin : world.a.owner;
    const id = (await readableId(t, reader, route, routes, candidates())) ?? NIL_LIKE_UUID;
    const res = await request(session(), route, id);
    const isForbidden = res.statusCode === 403 && code(res) === 'forbidden' && envelopeProblem(res) === null;
    const line = verdict(`${route.key} [${who}]`, res, isForbidden);
    expect(line).toBeNull();
  });
});

it('shows a staff admin only its own permission set in GET /superadmin/admin/', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/apiv1/superadmin/admin/', headers: world.staffNoFlags.auth });
  expect(res.statusCode).toBe(200);
  expect(res.json().result.results.map((r: { user_id: string }) => r.user_id)).toEqual([world.staffNoFlags.user.id]);
});

// Mass assignment: a body naming another tenant must not move anything into (or out of) it.
describe('merchant A’s owner naming merchant B in a body', () => {
  const writes = routes.filter(
    (r) => !isPublic(r) && !isAdminArea(r) && r.body && ['POST', 'PUT', 'PATCH'].includes(r.method),
  );
  const bLists = routes.filter(
    (r) => r.method === 'GET' && r.pathParams.length === 0 && !isPublic(r) && !isAdminArea(r),
  );
  const bCounts = async () => {
    const counts: Record<string, unknown> = {};
    for (const r of bLists) {
      const res = await t.app.inject({ method: 'GET', url: r.url, headers: world.b.owner.auth });
      counts[r.key] = res.statusCode === 200 ? (res.json().result?.count ?? res.body.length) : res.statusCode;
    }
    return counts;
  };

  it('never writes into B: results stay in A and B’s lists keep their size', async () => {
    const before = await bCounts();
    // Not the signed-in users themselves: a successful update must not end the sessions in use.
    const ownIds = Object.entries(world.a.ids)
      .filter(([k]) => k !== 'owner' && k !== 'subUser')
      .map(([, id]) => id);
    const wrong: string[] = [];
    for (const route of writes) {
      const id = (await readableId(t, world.a.owner, route, routes, ownIds)) ?? NIL_LIKE_UUID;
      const base = sampleBody(route.body!) as Record<string, unknown>;
      const res = await t.app.inject({
        method: route.method,
        url: fillPath(route, Object.fromEntries(route.pathParams.map((p) => [p, id]))),
        headers: world.a.owner.auth,
        payload: { ...base, merchant_id: world.b.merchantId, merchant: world.b.merchantId },
      });
      expect(res.statusCode, `${route.key} ${res.body.slice(0, 200)}`).toBeLessThan(500);
      const isJson = String(res.headers['content-type'] ?? '').includes('json');
      const merchantId = res.statusCode < 300 && isJson ? res.json().result?.merchant_id : undefined;
      if (merchantId !== undefined && merchantId !== world.a.merchantId)
        wrong.push(`${route.key} → merchant ${merchantId}`);
    }
    expect(wrong).toEqual([]);
    expect(await bCounts()).toEqual(before);
  });
});

it('ran with every session alive', async () => {
  for (const s of [world.admin, world.staffNoFlags, world.a.owner, world.a.noAccessSubUser, world.b.owner]) {
    const res = await t.app.inject({ method: 'GET', url: '/apiv1/auth/profile/', headers: s.auth });
    expect(res.statusCode, res.body).toBe(200);
  }
  expect(allIds(world).length).toBeGreaterThan(10);
});
