// Route matrix, part 4: answers never carry secrets (docs/ARCHITECTURE.md; docs/ARCHITECTURE.md#layers: never log or
// return secrets, card numbers, CVV, tokens). Every GET route is read as merchant A's owner, as the
// platform admin and — for public routes — anonymously, on every id the world holds; each JSON
// answer is searched for secret-looking keys, unmasked secrets, card numbers and the world's own
// plain secrets. A real card payment runs first so there is card data to leak.
import { isLuhnValid } from '@kassa/contract/card-number';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../helper.ts';
import type { TestSession } from '../session.ts';
import { usBilling } from '../support/buyer.ts';
import { checkoutByCard, testCard } from '../support/checkout.ts';
import { isPublic } from './allow-lists.ts';
import { fillPath, listRoutes, type RouteInfo } from './routes.ts';
import { sampleOf, toQueryString } from './samples.ts';
import { allIds, buildWorld } from './world.ts';

const t = await buildTestApp();
const { routes } = listRoutes(t.app);
const world = await buildWorld(t, routes);
afterAll(() => t.close());

const CARDS = ['4242424242424242', '5555555555554444'];

/** Keys that must never be in an answer, whatever their value. */
const FORBIDDEN_KEY =
  /^(password|password_?hash|passwordHash|pin|pin_?hash|pinHash|token_?hash|tokenHash|cvc|cvv|cvv2|card_?number|cardNumber|pan)$/i;
/** Keys whose value must be masked (dots) when present. */
const MASKED_KEY = /^(secret|shared_?secret|sharedSecret|secret_?key|api_?key|private_?key)$/i;

const isMasked = (v: unknown) => v === null || v === '' || (typeof v === 'string' && /[•*]{3,}/.test(v));

/** Every place in `value` that looks like a secret, as `path: why`. */
export function secretsIn(value: unknown, path = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => secretsIn(v, `${path}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => {
      const here = `${path}.${k}`;
      const own: string[] = [];
      if (FORBIDDEN_KEY.test(k)) own.push(`${here}: forbidden key`);
      // Strings only: `secret: false` in a provider's field list is a flag, not a secret.
      if (MASKED_KEY.test(k) && typeof v === 'string' && !isMasked(v)) own.push(`${here}: not masked`);
      if (k === 'credentials' && v && typeof v === 'object') {
        for (const [field, fv] of Object.entries(v)) {
          const isSecretName = /secret|key|password|token/i.test(field) && !MASKED_KEY.test(field);
          if (isSecretName && !isMasked(fv)) own.push(`${here}.${field}: not masked`);
        }
      }
      return [...own, ...secretsIn(v, here)];
    });
  }
  if (typeof value === 'string') {
    // Ids first: a uuid such as …-2967-4912-9744-5437… holds 16 digits between dashes.
    const text = value.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, ' ');
    for (const run of text.match(/\d(?:[ -]?\d){12,18}/g) ?? []) {
      const digits = run.replace(/[ -]/g, '');
      if (isLuhnValid(digits)) return [`${path}: looks like a card number (${digits.slice(0, 4)}…)`];
    }
  }
  return [];
}

let scanned = 0;

/** What is wrong with one successful JSON answer; other answers are not read. */
function scan(label: string, res: LightMyRequestResponse): string[] {
  if (res.statusCode !== 200 || !String(res.headers['content-type'] ?? '').includes('json')) return [];
  scanned += 1;
  const clear = [...world.secrets, ...CARDS].filter((s) => res.body.includes(s));
  return [
    ...clear.map((s) => `${label}: contains ${s.slice(0, 6)}… in clear`),
    ...secretsIn(res.json()).map((f) => `${label} ${f}`),
  ];
}
const chargeFindings: string[] = [];

beforeAll(async () => {
  // A card payment through the public checkout, as a buyer would make it.
  for (const number of CARDS) {
    const charge = await checkoutByCard(
      t,
      { product: world.a.ids.product! },
      { card: testCard(number), billing: usBilling() },
    );
    expect(charge.statusCode, charge.body).toBe(200);
    chargeFindings.push(...scan(`POST /apiv1/pay/charge/ (${number.slice(0, 4)})`, charge));
  }
});

const getRoutes = routes.filter((r) => r.method === 'GET');
const readers: [string, TestSession | null, (r: RouteInfo) => boolean][] = [
  ['owner', world.a.owner, (r) => !isPublic(r)],
  ['admin', world.admin, (r) => !isPublic(r)],
  ['anonymous', null, isPublic],
];

it('the charge answer carries no card data', () => {
  expect(chargeFindings).toEqual([]);
});

it.each(readers)(
  'no GET answer carries a secret (%s)',
  async (who, session, applies) => {
    const findings: string[] = [];
    const ids = allIds(world).map(([, id]) => id);
    for (const route of getRoutes.filter(applies)) {
      const query = route.query ? toQueryString(sampleOf(route.query) as Record<string, unknown>) : '';
      const urls =
        route.pathParams.length === 0
          ? [route.url]
          : ids.map((id) => fillPath(route, Object.fromEntries(route.pathParams.map((p) => [p, id]))));
      for (const url of urls) {
        const res = await t.app.inject({ method: 'GET', url: url + query, headers: session ? session.auth : {} });
        findings.push(...scan(`${who} ${route.key} ${url}`, res));
      }
    }
    expect(findings).toEqual([]);
  },
  120_000,
);

it('read enough answers for the scan to mean something', () => {
  // A floor: lists and details of products, quick payments, invoices, transactions, users,
  // connections, gift cards, merchants, partners, checkout details, public invoice.
  expect(scanned).toBeGreaterThan(60);
});

it('recognises what it looks for (the scanner itself)', () => {
  expect(secretsIn({ a: [{ password_hash: 'x' }] })).toEqual(['$.a[0].password_hash: forbidden key']);
  expect(secretsIn({ shared_secret: 'abc123abc123' })).toEqual(['$.shared_secret: not masked']);
  expect(secretsIn({ shared_secret: '••••••••9a2f' })).toEqual([]);
  expect(secretsIn({ credentials: { account_id: 'acct_1', secret_key: 'sk_test_abc' } })).toEqual([
    '$.credentials.secret_key: not masked',
  ]);
  expect(secretsIn({ credentials: { webhook_token: 'whk_1234' } })).toEqual([
    '$.credentials.webhook_token: not masked',
  ]);
  expect(secretsIn({ credential_fields: [{ name: 'secret_key', secret: true }] })).toEqual([]);
  expect(secretsIn({ note: 'card 4242 4242 4242 4242 used' })).toHaveLength(1);
  expect(secretsIn({ reference: '1234567890123' })).toEqual([]); // not Luhn-valid
  expect(secretsIn({ id: '04e67f8c-2967-4912-9744-5437aa1535ee' })).toEqual([]);
  expect(secretsIn({ note: '4242-4242-4242-4242' })).toHaveLength(1);
});
