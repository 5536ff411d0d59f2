// Route matrix, part 5: API keys. Every route comes from the route table and every scope from the
// scope table in @kassa/contract/developers, so a new route or scope is checked the day it appears.
// A key holding every scope is refused (403) on every signed-in route that declares no scope (admin
// areas, account settings, key management); on a route that declares one, a key holding only that
// scope gets past authorization and a key holding every other scope gets 403 naming it.
import { ROLE } from '@kassa/contract/access';
import { API_KEY_SCOPE_NAMES, API_KEY_SCOPES, type ApiKeyScope, grantsScope } from '@kassa/contract/developers';
import { afterAll, describe, expect, it } from 'vitest';
import { API_KEY_NOT_HERE, missingScopeMessage } from '../../src/plugins/auth.ts';
import { createMerchant } from '../factories/merchants.ts';
import { buildTestApp } from '../helper.ts';
import { createSignedInUser } from '../session.ts';
import { isPublic } from './allow-lists.ts';
import { envelopeProblem } from './envelope.ts';
import { isRefusedBlind, malformedRequests } from './malformed.ts';
import { isAdminArea, listRoutes } from './routes.ts';
import { sendWellFormed } from './well-formed-request.ts';

const t = await buildTestApp({ KASSA_API_KEY_RATE_LIMIT: '1000000', KASSA_API_KEY_RATE_WINDOW_S: '60' });
const { routes } = listRoutes(t.app);
afterAll(() => t.close());

const merchantId = (await createMerchant(t.ctx.db, { name: 'Matrix Keys', allowConnections: true })).id;
const owner = await createSignedInUser(t, { role: ROLE.MERCHANT_OWNER, merchantId });

async function keyWith(scopes: readonly string[]): Promise<{ authorization: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/apiv1/developers/api-keys/',
    headers: owner.auth,
    payload: { name: `matrix ${scopes.length} scopes`, mode: 'test', scopes },
  });
  if (res.statusCode !== 201) throw new Error(`key: ${res.statusCode} ${res.body}`);
  return { authorization: `Bearer ${res.json().result.secret}` };
}

const privateRoutes = routes.filter((r) => !isPublic(r));
const keyRoutes = privateRoutes.filter((r) => r.apiKeyScope !== null);
const noKeyRoutes = privateRoutes.filter((r) => r.apiKeyScope === null);
const allScopes = await keyWith(API_KEY_SCOPE_NAMES);

describe('the scope table and the route table', () => {
  it('name only known scopes, never on an admin route, and every scope opens at least one route', () => {
    expect(keyRoutes.filter((r) => !API_KEY_SCOPE_NAMES.includes(r.apiKeyScope as ApiKeyScope))).toEqual([]);
    expect(keyRoutes.filter(isAdminArea).map((r) => r.key)).toEqual([]);
    // webhooks:write is used by the webhook endpoint routes, which may not be registered yet.
    const unused = API_KEY_SCOPE_NAMES.filter((s) => !keyRoutes.some((r) => r.apiKeyScope === s));
    expect(unused.filter((s) => s !== 'webhooks:write')).toEqual([]);
  });

  it('keeps key management, account settings and admin areas closed to keys', () => {
    const open = keyRoutes
      .filter((r) => /\/(admin|superadmin|auth|developers\/api-keys|merchant-user|users)\//.test(r.url))
      .map((r) => r.key);
    expect(open).toEqual([]);
  });
});

describe('a key holding every scope', () => {
  it.each(noKeyRoutes.map((r) => [r.key, r] as const))('%s → 403 (no keys here)', async (_, route) => {
    const res = await sendWellFormed(t, allScopes, route);
    expect(res.statusCode, res.body).toBe(403);
    expect(envelopeProblem(res)).toBeNull();
    expect(res.json()).toMatchObject({ code: 'forbidden', message: API_KEY_NOT_HERE });
  });

  it.each(noKeyRoutes.map((r) => [r.key, r] as const))(
    '%s → 403 before reading a malformed request',
    async (_, route) => {
      const wrong = (await malformedRequests(t.app, allScopes, route))
        .filter((res) => !isRefusedBlind(res, 403))
        .map((res) => `${res.statusCode} ${res.body.slice(0, 160)}`);
      expect(wrong).toEqual([]);
    },
  );
});

describe.each(API_KEY_SCOPES.map((s) => [s.scope, s] as const))('scope %s', (scope) => {
  const opened = keyRoutes.filter((r) => grantsScope([scope], r.apiKeyScope as ApiKeyScope));
  const closed = keyRoutes.filter((r) => !grantsScope([scope], r.apiKeyScope as ApiKeyScope));

  it('lets a key holding only it past authorization on its routes', async () => {
    const key = await keyWith([scope]);
    const wrong: string[] = [];
    for (const route of opened) {
      const res = await sendWellFormed(t, key, route);
      // Past the access check: a missing id, an invalid sample or a business rule, never 401/403.
      if (
        [401, 403].includes(res.statusCode) ||
        res.statusCode >= 500 ||
        (res.statusCode >= 400 && envelopeProblem(res))
      )
        wrong.push(`${route.key} → ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('is the one scope missing: a key with every other scope gets 403 naming it', async () => {
    const others = API_KEY_SCOPE_NAMES.filter((s) => s !== scope && !grantsScope([s], scope));
    const key = await keyWith(others);
    const wrong: string[] = [];
    for (const route of keyRoutes.filter((r) => r.apiKeyScope === scope)) {
      const res = await sendWellFormed(t, key, route);
      if (res.statusCode !== 403 || res.json().message !== missingScopeMessage(scope))
        wrong.push(`${route.key} → ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('opens nothing else', async () => {
    const key = await keyWith([scope]);
    const wrong: string[] = [];
    for (const route of closed) {
      const res = await sendWellFormed(t, key, route);
      if (res.statusCode !== 403 || res.json().message !== missingScopeMessage(route.apiKeyScope!))
        wrong.push(`${route.key} → ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
    expect(wrong).toEqual([]);
  });
});
