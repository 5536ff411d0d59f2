// Route matrix, part 2: bad input never crashes anything and never loses data (docs/ARCHITECTURE.md#api-conventions: "No
// 500 for anything a client can send"). Every registered route gets the malformed requests of
// fuzz-cases.ts from a signed-in merchant owner and then from a platform admin; every answer must
// arrive, be below 500, and every 4xx must be the error envelope with a readable message. After each
// route the app must still answer its health check with no error left unhandled (what would end a
// real process). Where a PATCH/PUT points at a real object, a refused request must leave that object
// exactly as it was.
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../helper.ts';
import type { TestSession } from '../session.ts';
import { signsOut } from './allow-lists.ts';
import { envelopeProblem, outcome } from './envelope.ts';
import { type FuzzCase, fuzzCases } from './fuzz-cases.ts';
import { fillPath, listRoutes, NIL_LIKE_UUID, type RouteInfo } from './routes.ts';
import { allIds, buildWorld, readableId } from './world.ts';

const t = await buildTestApp();
const { routes } = listRoutes(t.app);
const world = await buildWorld(t, routes);
afterAll(() => t.close());

/**
 * Known answers that break the rule, each a finding for the owner of the code named in `why`. The
 * test asserts today's status for them, so it fails — and the entry must go — the day it is fixed;
 * an entry that matches nothing fails too.
 */
// Cases answered wrongly today, with why: empty since router errors get the envelope (app.ts).
const KNOWN_FINDINGS: { match: RegExp; status: number; why: string }[] = [];
const knownSeen = new Set<RegExp>();
const knownFinding = (name: string) => KNOWN_FINDINGS.find((f) => f.match.test(name));

/** Objects a refused request must leave alone: not the signed-in users themselves nor merchant A
 * (a successful update of one — `is_blocked: true` — would end the sessions the file uses). */
const targetIds = allIds(world)
  .filter(([label]) => !/\.(owner|subUser|admin|staffAdmin)$|^A\.merchant$/.test(label))
  .map(([, id]) => id);

async function getJson(session: TestSession, url: string): Promise<string | null> {
  const res = await t.app.inject({ method: 'GET', url, headers: session.auth });
  return res.statusCode === 200 ? JSON.stringify(res.json().result) : null;
}

/** For a PATCH/PUT on `{id}` with a GET twin: the URL of an object of the actor's that the GET answers. */
async function existingTarget(session: TestSession, route: RouteInfo) {
  if (!['PATCH', 'PUT'].includes(route.method)) return null;
  const id = await readableId(t, session, route, routes, targetIds);
  return id === null ? null : fillPath(route, { id });
}

/**
 * Far longer than any answer takes, even on a loaded machine: a request still unanswered then has
 * lost its response (a stream that died with nobody handling its error, say).
 */
const ANSWER_WITHIN_MS = 12_000;

function send(session: TestSession, route: RouteInfo, c: FuzzCase, url: string) {
  const params = c.params ? Object.fromEntries(route.pathParams.map((p) => [p, c.params!])) : null;
  const answer = t.app.inject({
    method: route.method,
    url: (params ? fillPath(route, params) : url) + (c.query ?? ''),
    headers: {
      ...(signsOut(route) ? {} : session.auth),
      ...c.headers,
      ...(c.contentType ? { 'content-type': c.contentType } : {}),
    },
    ...(c.payload !== undefined ? { payload: c.payload } : {}),
  });
  let timer: NodeJS.Timeout | undefined;
  const silence = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ANSWER_WITHIN_MS);
  });
  return Promise.race([answer, silence]).finally(() => clearTimeout(timer));
}

/**
 * What would end a real server: an error nobody handled (Node exits on an uncaught exception, and on
 * an unhandled rejection by default). In-process they only reach the listeners, so they are counted
 * here and every route's batch must leave the list empty.
 */
const processErrors: string[] = [];
const recordProcessError = (error: unknown) => {
  processErrors.push(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
};
process.on('uncaughtException', recordProcessError);
process.on('unhandledRejection', recordProcessError);
afterAll(() => {
  process.off('uncaughtException', recordProcessError);
  process.off('unhandledRejection', recordProcessError);
});

/** After each batch the app still answers, and nothing happened that would have ended the process. */
async function stillServing(): Promise<string[]> {
  const problems = processErrors.splice(0).map((e) => `an error that would end the process: ${e}`);
  const health = await t.app.inject({ method: 'GET', url: '/apiv1/health/' });
  if (health.statusCode !== 200) problems.push(`health check answers ${health.statusCode}`);
  return problems;
}

function problemWith(res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) return res.body.slice(0, 200);
  if (res.statusCode >= 400) return envelopeProblem(res);
  return null;
}

const guarded: string[] = [];

const actors: [string, () => TestSession][] = [
  ['owner', () => world.a.owner],
  ['admin', () => world.admin],
];

/** A fuzz run by a signed-out actor would pass on 401s alone: prove both sessions work, before and after. */
const sessionsWork = async () => {
  for (const [, session] of actors) {
    const res = await t.app.inject({ method: 'GET', url: '/apiv1/auth/profile/', headers: session().auth });
    expect(res.statusCode, res.body).toBe(200);
  }
};
it('starts with both actors signed in', sessionsWork);

describe.each(actors)('malformed requests as the %s', (actor, session) => {
  it.each(routes.map((r) => [r.key, r] as const))('%s', async (_, route) => {
    expect(fuzzCases(route).length).toBeLessThanOrEqual(24);
    const s = session();
    const target = await existingTarget(s, route);
    if (target) guarded.push(`${actor} ${route.key}`);
    const defaultUrl = target ?? fillPath(route, Object.fromEntries(route.pathParams.map((p) => [p, NIL_LIKE_UUID])));
    const wrong: string[] = [];
    for (const c of fuzzCases(route)) {
      const before = target && !c.params ? await getJson(s, target) : null;
      const res = await send(s, route, c, defaultUrl);
      const name = `${actor} ${route.key} [${c.label}]`;
      if (!res) {
        // The rest of the route's cases would wait as long again; one lost answer is enough to report.
        wrong.push(`${route.key} [${c.label}] → no answer within ${ANSWER_WITHIN_MS / 1000} s`);
        break;
      }
      const known = knownFinding(name);
      if (known) {
        knownSeen.add(known.match);
        if (res.statusCode !== known.status) wrong.push(`${name}: known finding now answers ${res.statusCode}`);
        continue;
      }
      const problem = problemWith(res);
      if (problem) wrong.push(`${outcome(route.key, c.label, res)} ${problem}`);
      if (before !== null && res.statusCode >= 400 && (await getJson(s, target!)) !== before) {
        wrong.push(`${outcome(route.key, c.label, res)} refused, yet the object changed`);
      }
    }
    wrong.push(...(await stillServing()));
    expect(wrong).toEqual([]);
  });
});

// Requests no schema describes: the transport around the body and the headers.
describe('edge requests', () => {
  const owner = () => world.a.owner.auth;
  const cases: [string, () => InjectOptions][] = [
    [
      'empty body with a JSON content type',
      () => ({
        method: 'POST',
        url: '/apiv1/product/',
        headers: { ...owner(), 'content-type': 'application/json' },
        payload: '',
      }),
    ],
    [
      'a 2 MB body (limit 1 MB)',
      () => ({ method: 'POST', url: '/apiv1/product/', headers: owner(), payload: { name: 'x'.repeat(2_000_000) } }),
    ],
    [
      'JSON nested 5,000 deep',
      () => ({
        method: 'POST',
        url: '/apiv1/product/',
        headers: { ...owner(), 'content-type': 'application/json' },
        payload: `${'['.repeat(5000)}${']'.repeat(5000)}`,
      }),
    ],
    [
      'a number beyond double range (1e400 parses to Infinity)',
      () => ({
        method: 'POST',
        url: '/apiv1/product/',
        headers: { ...owner(), 'content-type': 'application/json' },
        payload: '{"name":"Lamp","price_per_unit":1e400,"currency":"USD"}',
      }),
    ],
    [
      // Fastify's JSON parser refuses both keys (onProtoPoisoning / onConstructorPoisoning).
      '__proto__ and constructor keys in a JSON body',
      () => ({
        method: 'POST',
        url: '/apiv1/product/',
        headers: { ...owner(), 'content-type': 'application/json' },
        payload: '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}},"name":"Lamp"}',
      }),
    ],
    [
      'prototype keys in the query string',
      () => ({
        method: 'GET',
        url: '/apiv1/product/?__proto__[polluted]=1&constructor[prototype][polluted]=1',
        headers: owner(),
      }),
    ],
    [
      'a 10 kB Idempotency-Key on a refund',
      () => ({
        method: 'POST',
        url: `/apiv1/transaction/${world.a.ids.transaction}/refund/`,
        headers: { ...owner(), 'idempotency-key': 'k'.repeat(10_240) },
        payload: { amount: 1 },
      }),
    ],
    [
      'a 10 kB checkout token header',
      () => ({
        method: 'GET',
        url: `/apiv1/pay/payment/${world.a.ids.transaction}/`,
        headers: { 'x-checkout-token': 't'.repeat(10_240) },
      }),
    ],
    [
      'a JSON body declared as UTF-16',
      () => ({
        method: 'POST',
        url: '/apiv1/product/',
        headers: { ...owner(), 'content-type': 'application/json; charset=utf-16' },
        payload: '{"name":"Lamp","price_per_unit":100,"currency":"USD"}',
      }),
    ],
  ];

  it.each(cases)('%s: no 5xx, the envelope on 4xx', async (_, make) => {
    const res = await t.app.inject(make());
    expect(res.statusCode, res.body.slice(0, 200)).toBeLessThan(500);
    if (res.statusCode >= 400) expect(envelopeProblem(res), res.body.slice(0, 200)).toBeNull();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

// Validation failures a schema does not word itself read as sentences (apps/api/src/lib/
// validation-messages.ts), never as zod's defaults ("Invalid input: expected number, received NaN").
describe('validation messages read like sentences', () => {
  it.each([
    ['a page that is not a number', 'GET', '/apiv1/product/?page=abc', undefined, 'Page: Enter a number'],
    ['a JSON null body', 'POST', '/apiv1/product/', 'null', 'Must be an object'],
    [
      'a refund amount sent as text',
      'POST',
      `/apiv1/transaction/${NIL_LIKE_UUID}/refund/`,
      '{"amount": "5"}',
      'Must be a number',
    ],
  ] as const)('%s', async (_, method, url, payload, wording) => {
    const res = await t.app.inject({
      method,
      url,
      headers: { ...world.a.owner.auth, ...(payload ? { 'content-type': 'application/json' } : {}) },
      ...(payload ? { payload } : {}),
    });
    expect(res.statusCode).toBe(400);
    expect(envelopeProblem(res)).toBeNull();
    expect(res.body).toContain(wording);
    expect(res.body).not.toMatch(/Invalid input|expected \w+, received/);
  });
});

describe('the fuzz itself', () => {
  it('ends with both actors still signed in', sessionsWork);

  it('guarded real objects on the PATCH/PUT routes of both actors', () => {
    // A floor: products, quick payments, invoices, users, connections for the owner; merchants,
    // industry types, catalog for the admin. Zero would mean the data-loss check never ran.
    expect(guarded.filter((g) => g.startsWith('owner')).length).toBeGreaterThanOrEqual(4);
    expect(guarded.filter((g) => g.startsWith('admin')).length).toBeGreaterThanOrEqual(2);
  });

  it('sent unstorable text and impossible dates wherever a route takes text or dates', () => {
    const reached = (label: RegExp) =>
      routes.filter((r) => fuzzCases(r).some((c) => label.test(c.label))).map((r) => r.key);
    expect(reached(/a NUL byte in text/).length).toBeGreaterThanOrEqual(30);
    expect(reached(/a lone UTF-16 surrogate in text/).length).toBeGreaterThanOrEqual(30);
    expect(reached(/the date 2026-02-30/)).toEqual(
      expect.arrayContaining([
        'POST /apiv1/transaction/transaction-details/',
        'POST /apiv1/transaction/export/',
        'GET /apiv1/dashboard/summary/',
        'POST /apiv1/invoice/',
        'POST /apiv1/quick-payment/',
      ]),
    );
  });

  it('still meets every known finding (a stale entry must be removed)', () => {
    expect(KNOWN_FINDINGS.filter((f) => !knownSeen.has(f.match)).map((f) => f.why)).toEqual([]);
  });

  // Router-level refusals get the envelope too (apps/api/src/app.ts frameworkErrors).
  it('answers a malformed %-escape with the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/apiv1/product/%E0%A4%A/', headers: world.a.owner.auth });
    expect(res.statusCode).toBe(400);
    expect(envelopeProblem(res)).toBeNull();
    expect(res.json().message).toBe('The address is not valid.');
  });
});
