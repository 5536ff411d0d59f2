// Route matrix, part 5: authorization comes before validation. For every signed-in route and every
// kind of caller, a well-formed request that is refused 403 (the caller lacks the role, view flag,
// app access, hub or embed segment) must be refused 403 just the same when it is malformed — never
// 400 with the route's field errors, which would tell a caller who may not use the route what it
// takes. Nothing here names a route or says who may use it: the well-formed answer says so.
import { ACCESS, ADMIN_PERMISSION_FLAGS, APPS, ROLE } from '@kassa/contract/access';
import { afterAll, describe, expect, it } from 'vitest';
import { startSession } from '../../src/modules/auth/session.service.ts';
import { createMerchant } from '../factories/merchants.ts';
import { buildTestApp } from '../helper.ts';
import { createSignedInUser } from '../session.ts';
import { isPublic } from './allow-lists.ts';
import { isRefusedBlind, malformedRequests } from './malformed.ts';
import { listRoutes } from './routes.ts';
import { sendWellFormed } from './well-formed-request.ts';

const t = await buildTestApp();
const { routes } = listRoutes(t.app);
afterAll(() => t.close());

const merchant = await createMerchant(t.ctx.db, { name: 'Refused First', allowConnections: true });
const dormant = await createMerchant(t.ctx.db, { paymentHubStatus: 1, financeHubStatus: 2 });
const unconnected = await createMerchant(t.ctx.db, { allowConnections: false });
const owner = await createSignedInUser(t, { role: ROLE.MERCHANT_OWNER, merchantId: merchant.id });
const embedOwner = await startSession(t.ctx, {
  userId: owner.user.id,
  role: ROLE.MERCHANT_OWNER,
  merchantId: merchant.id,
  segments: ['PR'],
});

/** Every kind of signed-in caller, each short of something somewhere. */
const callers: [string, Record<string, string>][] = [
  ['the platform admin', (await createSignedInUser(t, { role: ROLE.PLATFORM_ADMIN })).auth],
  ['a staff admin without view flags', (await createSignedInUser(t, { role: ROLE.STAFF_ADMIN })).auth],
  [
    'a staff admin with every view flag',
    (
      await createSignedInUser(t, {
        role: ROLE.STAFF_ADMIN,
        adminPermissions: Object.fromEntries(ADMIN_PERMISSION_FLAGS.map((f) => [f, 1])),
      })
    ).auth,
  ],
  ['a merchant owner', owner.auth],
  ['a merchant staff user', (await createSignedInUser(t, { role: ROLE.MERCHANT_STAFF, merchantId: merchant.id })).auth],
  [
    'a sub-user with view access on every app',
    (
      await createSignedInUser(t, {
        role: ROLE.MERCHANT_SUB_USER,
        merchantId: merchant.id,
        access: Object.fromEntries(APPS.map((a) => [a.key, [ACCESS.VIEW]])),
      })
    ).auth,
  ],
  [
    'a sub-user without app access',
    (await createSignedInUser(t, { role: ROLE.MERCHANT_SUB_USER, merchantId: merchant.id })).auth,
  ],
  ['the owner in an embedded session limited to Products', { authorization: `Bearer ${embedOwner.access}` }],
  [
    'the owner of a merchant whose hubs are not active',
    (await createSignedInUser(t, { role: ROLE.MERCHANT_OWNER, merchantId: dormant.id })).auth,
  ],
  [
    'the owner of a merchant not allowed its own payment connections',
    (await createSignedInUser(t, { role: ROLE.MERCHANT_OWNER, merchantId: unconnected.id })).auth,
  ],
];

// Reads first, then writes, deletes last.
const ORDER = { GET: 0, POST: 1, PUT: 1, PATCH: 1, DELETE: 2 } as const;
const signedInRoutes = routes.filter((r) => !isPublic(r)).sort((a, b) => ORDER[a.method] - ORDER[b.method]);
let refusals = 0;

describe.each(callers)('%s', (_, headers) => {
  it('is refused 403 on a malformed request wherever it is refused on a well-formed one', async () => {
    const wrong: string[] = [];
    for (const route of signedInRoutes) {
      if ((await sendWellFormed(t, headers, route)).statusCode !== 403) continue;
      refusals += 1;
      for (const res of await malformedRequests(t.app, headers, route)) {
        if (!isRefusedBlind(res, 403)) wrong.push(`${route.key} → ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

it('found refusals to check on most routes (a floor: the rule never runs over nothing)', () => {
  expect(refusals).toBeGreaterThan(400);
});
