// Route matrix, part 3: no leaks between tenants and no way around the permission checks
// (docs/ARCHITECTURE.md and 12: "another merchant's id gets 404"; docs/ARCHITECTURE.md: roles, apps, view flags).
// Merchant A's owner aims every id route at merchant B's objects; list routes of A must never carry
// B's ids; a staff admin without view flags, a merchant owner and a sub-user without app access are
// refused where they have no business. Every route is taken from the route table, none is named.

import { ACCESS, ADMIN_PERMISSION_FLAGS, APPS, ROLE } from '@kassa/contract/access';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant } from '../factories/merchants.ts';
import { buildTestApp } from '../helper.ts';
import { createSignedInUser, type TestSession } from '../session.ts';
import { hasNoJsonResponse, isPublic, isSelfService, isViewerAction, readsViaPost, signsOut } from './allow-lists.ts';
import { envelopeProblem } from './envelope.ts';
import { isRefusedBlind, malformedRequests } from './malformed.ts';
import { fillPath, isAdminArea, listRoutes, NIL_LIKE_UUID, type RouteInfo } from './routes.ts';
import { sampleBody, sampleOf, toQueryString } from './samples.ts';
import { allIds, buildTenant, buildWorld, readableId, type Tenant } from './world.ts';

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

// Viewers: a sub-user with view on every app, a staff admin with every view flag (docs/ARCHITECTURE.md:
// flags and the view code only let one look).
const viewers = {
  subUser: await createSignedInUser(t, {
    role: ROLE.MERCHANT_SUB_USER,
    merchantId: world.a.merchantId,
    access: Object.fromEntries(APPS.map((a) => [a.key, [ACCESS.VIEW]])),
  }),
  staff: await createSignedInUser(t, {
    role: ROLE.STAFF_ADMIN,
    adminPermissions: Object.fromEntries(ADMIN_PERMISSION_FLAGS.map((f) => [f, 1])),
  }),
};
/** Every route that changes something, except one's own profile and password. */
const isWrite = (r: RouteInfo) =>
  r.method !== 'GET' && !isPublic(r) && !isSelfService(r) && !readsViaPost(r) && !isViewerAction(r);

/** Actors who must get 403 on a set of routes, whatever id or body they send. */
const refusals: [string, () => TestSession, (r: RouteInfo) => boolean, () => string[]][] = [
  ['a sub-user with view access only', () => viewers.subUser, isWrite, () => A_IDS],
  [
    'a staff admin with every view flag',
    () => viewers.staff,
    isWrite,
    () => [world.a.merchantId, ...Object.values(world.platformIds)],
  ],
  [
    'a staff admin without view flags',
    () => world.staffNoFlags,
    // The catalog is the platform's view of every merchant's products (docs/ARCHITECTURE.md), behind view_catalog.
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
  it.each(refused.map((r) => [r.key, r] as const))('%s → 403 before reading a malformed request', async (_, route) => {
    const wrong = (await malformedRequests(t.app, signsOut(route) ? {} : session().auth, route))
      .filter((res) => !isRefusedBlind(res, 403))
      .map((res) => `${res.statusCode} ${res.body.slice(0, 160)}`);
    expect(wrong).toEqual([]);
  });

  it.each(refused.map((r) => [r.key, r] as const))('%s → 403', async (_, route) => {
    // A real object where the route has a readable one (as the platform admin or A's owner sees it),
    // so the refusal is about who asks, not about a missing id.
    const reader = who.includes('staff admin') ? world.admin : world.a.owner;
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

// A master merchant's users see its sub-merchants' data read-only (docs/ARCHITECTURE.md), asked for with
// ?merchant_id=<sub>; a sub-merchant never sees its master's.
describe('a master merchant and its sub-merchant', () => {
  const idRoutes = routes.filter((r) => !isPublic(r) && !isAdminArea(r) && r.pathParams.join() === 'id');
  const writes = idRoutes.filter((r) => r.method !== 'GET').sort((a, b) => ORDER[a.method] - ORDER[b.method]);
  let master: Tenant;
  let sub: Tenant;
  beforeAll(async () => {
    master = await buildTenant(t, routes, 'Matrix Master');
    sub = await buildTenant(t, routes, 'Matrix Sub', { masterMerchantId: master.merchantId });
  });

  const snapshot = async (tenant: Tenant) => {
    const state: string[] = [];
    for (const route of idRoutes.filter((r) => r.method === 'GET')) {
      for (const id of Object.values(tenant.ids)) {
        const res = await request(tenant.owner, route, id);
        if (res.statusCode === 200) state.push(`${route.key} ${id} ${res.body}`);
      }
    }
    return state;
  };

  // Every write route times every id of the sub-merchant: long on a loaded machine.
  it('the master’s owner changes nothing of the sub-merchant’s', async () => {
    const before = await snapshot(sub);
    expect(before.length).toBeGreaterThanOrEqual(5); // products, quick payments, invoices, transactions, users, …
    const wrong: string[] = [];
    for (const route of writes) {
      for (const [kind, id] of Object.entries(sub.ids)) {
        for (const extra of ['', `merchant_id=${sub.merchantId}`]) {
          const res = await request(master.owner, route, id, extra);
          if (res.statusCode < 400 || envelopeProblem(res))
            wrong.push(`${route.key} [sub.${kind}] ?${extra} → ${res.statusCode}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(await snapshot(sub)).toEqual(before);
    // Every write route times every object of the sub: minutes on a loaded two-core machine.
  }, 180_000);

  it('the sub-merchant’s owner never reaches the master’s objects or lists', async () => {
    const wrong: string[] = [];
    for (const route of idRoutes) {
      for (const [kind, id] of Object.entries(master.ids)) {
        const res = await request(sub.owner, route, id, `merchant_id=${master.merchantId}`);
        if (res.statusCode < 400 || envelopeProblem(res))
          wrong.push(`${route.key} [master.${kind}] → ${res.statusCode}`);
      }
    }
    for (const route of routes.filter((r) => r.method === 'GET' && r.pathParams.length === 0 && !isPublic(r))) {
      const res = await request(sub.owner, route, NIL_LIKE_UUID, `merchant_id=${master.merchantId}`);
      // The master's own id is no secret to its sub (the profile names its master for the logo, docs/product-rules.md#entities).
      const leaked = Object.entries(master.ids).filter(([k, id]) => k !== 'merchant' && res.body.includes(id));
      if (leaked.length > 0) wrong.push(`${route.key}?merchant_id=master → ${leaked.map(([k]) => k).join(', ')}`);
    }
    expect(wrong).toEqual([]);
  }, 180_000);
});

// Hub status (docs/ARCHITECTURE.md): "Only 3 lets the hub's endpoints work". The apps of each hub, by path;
// a new route under one of these paths is covered the day it is registered.
const HUB_ROUTES = {
  payment:
    /^\/apiv1\/(product|quick-payment|invoice|recurring-invoice|transaction|virtual-terminal|gift-card|connection\/(merchant-connection|verify-connection-credentials))\//,
  financing: /^\/apiv1\/connection\/(financial-partners|sso-login)\//,
};

describe.each([
  ['payment', { paymentHubStatus: 1 }],
  ['payment', { paymentHubStatus: 4 }],
  ['financing', { financeHubStatus: 2 }],
] as const)('the owner of a merchant whose %s hub is %o', (hub, status) => {
  const hubRoutes = routes.filter((r) => HUB_ROUTES[hub].test(r.url) && !isPublic(r));
  let owner: TestSession;
  beforeAll(async () => {
    const merchant = await createMerchant(t.ctx.db, status);
    owner = await createSignedInUser(t, { role: ROLE.MERCHANT_OWNER, merchantId: merchant.id });
  });

  it('gets 403 from every route of that hub', async () => {
    expect(hubRoutes.length).toBeGreaterThan(hub === 'payment' ? 20 : 1);
    const wrong: string[] = [];
    for (const route of hubRoutes) {
      const res = await request(owner, route, NIL_LIKE_UUID);
      if (res.statusCode !== 403 || envelopeProblem(res))
        wrong.push(`${route.key} → ${res.statusCode} ${res.body.slice(0, 100)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('gets 403 from every route of that hub before the request is read', async () => {
    const wrong: string[] = [];
    for (const route of hubRoutes) {
      for (const res of await malformedRequests(t.app, owner.auth, route)) {
        if (!isRefusedBlind(res, 403)) wrong.push(`${route.key} → ${res.statusCode} ${res.body.slice(0, 100)}`);
      }
    }
    expect(wrong).toEqual([]);
  });
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
      // A CSV export has no count: its size is its length.
      const size = hasNoJsonResponse(r) ? res.body.length : (res.json().result?.count ?? res.body.length);
      counts[r.key] = res.statusCode === 200 ? size : res.statusCode;
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
