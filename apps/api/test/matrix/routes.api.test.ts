// Route matrix, part 1: what every registered route declares (docs/ARCHITECTURE.md: a response schema, so
// nothing leaks that was not meant to) and that every route outside the public allow-list answers
// 401 with the error envelope to a missing, garbage, expired or forged token (docs/ARCHITECTURE.md#api-conventions).
import { ROLE } from '@kassa/contract/access';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../../src/lib/tokens.ts';
import { buildTestApp } from '../helper.ts';
import { createSignedInUser, type TestSession } from '../session.ts';
import { hasNoJsonResponse, isAllowedUndocumented, isPublic } from './allow-lists.ts';
import { envelopeProblem, outcome } from './envelope.ts';
import { fillPath, listRoutes, type RouteInfo } from './routes.ts';
import { sampleBody, sampleOf, toQueryString } from './samples.ts';

const t = await buildTestApp();
const { routes, undocumented } = listRoutes(t.app);
const privateRoutes = routes.filter((r) => !isPublic(r));
let admin: TestSession;

beforeAll(async () => {
  admin = await createSignedInUser(t, { role: ROLE.PLATFORM_ADMIN });
});
afterAll(() => t.close());

/** A request that passes the route's validation: sample params, query and body from its schemas. */
function validRequest(route: RouteInfo, headers: Record<string, string>) {
  const query = route.query ? toQueryString(sampleOf(route.query) as Record<string, unknown>) : '';
  return t.app.inject({
    method: route.method,
    url: fillPath(route, {}) + query,
    headers,
    ...(route.body ? { payload: sampleBody(route.body) as object } : {}),
  });
}

describe('the route table', () => {
  it('finds the routes of every module, documented in the OpenAPI document', () => {
    // A floor, not a count: the matrix must never silently run over an empty table.
    expect(routes.length).toBeGreaterThan(80);
    expect(undocumented.filter((r) => !isAllowedUndocumented(r))).toEqual([]);
  });

  it('gives every /apiv1 route a JSON response schema for its success status', () => {
    const missing = routes
      .filter((r) => r.url.startsWith('/apiv1/') && !hasNoJsonResponse(r))
      .filter((r) => r.successStatus === null || r.responseSchema === null)
      .map((r) => r.key);
    expect(missing).toEqual([]);
  });

  it('declares bearer security exactly on the routes that are not public', () => {
    const wrong = routes.filter((r) => r.isBearer === isPublic(r)).map((r) => `${r.key} (bearer: ${r.isBearer})`);
    expect(wrong).toEqual([]);
  });
});

describe('without a valid token', () => {
  const tokens: [string, () => Promise<Record<string, string>>][] = [
    ['no token', async () => ({})],
    ['garbage token', async () => ({ authorization: 'Bearer not.a.jwt' })],
    ['basic scheme', async () => ({ authorization: 'Basic YWRtaW46YWRtaW4=' })],
    [
      'expired token',
      async () => {
        const claims = JSON.parse(Buffer.from(admin.access.split('.')[1]!, 'base64url').toString());
        const hourAgo = new Date(t.clock.now().getTime() - 60 * 60 * 1000);
        const token = await signAccessToken(t.ctx.keys.tokenSigning, { ...claims, sub: claims.sub }, hourAgo);
        return { authorization: `Bearer ${token}` };
      },
    ],
    [
      'token signed with another key',
      async () => {
        const claims = JSON.parse(Buffer.from(admin.access.split('.')[1]!, 'base64url').toString());
        const forged = await signAccessToken(crypto.getRandomValues(new Uint8Array(32)), claims, t.clock.now());
        return { authorization: `Bearer ${forged}` };
      },
    ],
  ];

  it.each(tokens)('every private route answers 401 with the envelope: %s', async (_, makeHeaders) => {
    const headers = await makeHeaders();
    const wrong: string[] = [];
    for (const route of privateRoutes) {
      const res = await validRequest(route, headers);
      const problem = envelopeProblem(res);
      if (res.statusCode !== 401 || problem || res.json().code !== 'unauthorized') {
        wrong.push(`${outcome(route.key, 'anonymous', res)} ${problem ?? res.body.slice(0, 160)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('the valid token used above does reach the routes (the 401s are about the token)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/apiv1/auth/profile/', headers: admin.auth });
    expect(res.statusCode).toBe(200);
  });

  // Authentication runs on onRequest, before schema validation: an anonymous caller sending a
  // malformed request is refused (401) and is not told which fields of a private endpoint are wrong.
  // (Found by this matrix while every module still authenticated in preHandler.)
  it('refuses an anonymous malformed request with 401 before validating it', async () => {
    const wrong: string[] = [];
    for (const route of privateRoutes.filter((r) => r.body || r.pathParams.length > 0)) {
      const res = await t.app.inject({
        method: route.method,
        url: fillPath(route, Object.fromEntries(route.pathParams.map((p) => [p, 'not-a-uuid']))),
        ...(route.body ? { payload: [] as unknown as object } : {}),
      });
      if (res.statusCode !== 401 || envelopeProblem(res)) wrong.push(`${outcome(route.key, 'malformed', res)}`);
    }
    expect(wrong).toEqual([]);
  });
});
