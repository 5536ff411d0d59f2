import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APP, ROLE } from '@kassa/contract/access';
import { createDecoder } from 'fast-jwt';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.ts';
import { createSignedInUser, type TestSession } from '../../../test/session.ts';
import { expectFieldErrors } from '../../../test/support/field-errors.ts';
import { createOwnedMerchant } from '../../../test/support/merchant-team.ts';
import { buildApp } from '../../app.ts';
import { embedSessions, embedSettings } from '../../db/schema.ts';
import { startEmbedParent } from '../../demo/embed-parent.ts';
import { DAY } from '../../lib/clock.ts';
import { hashToken } from '../../lib/keys.ts';
import {
  EMBED_NO_ORIGIN,
  EMBED_SESSION_KEY_ONLY,
  EMBED_SETTINGS_TOKEN_RETIRED,
  EMBED_TOKEN_EXPIRED,
  EMBED_TOKEN_INVALID,
  EMBED_TOKEN_USED,
  purgeExpiredEmbedSessions,
} from './embed-sessions.service.ts';

const decodeJwt = createDecoder();

const t = await buildTestApp();
afterAll(() => t.close());
const { merchantId: acme, owner } = await createOwnedMerchant(t, { name: 'Acme' });

const call = (
  s: TestSession | { auth: Record<string, string> } | null,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
) => t.app.inject({ method, url: `/apiv1${url}`, payload, headers: s ? s.auth : {} });
const bearer = (access: string) => ({ auth: { authorization: `Bearer ${access}` } });
let caller = 0;
/** Each call from its own address: the callback's per-address rate limit is not what these tests are about. */
const callback = (payload: object, headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/apiv1/auth/embed-callback/',
    payload,
    headers,
    remoteAddress: `10.${(++caller >> 16) & 255}.${(caller >> 8) & 255}.${caller & 255}`,
  });
async function apiKey(scopes: string[]) {
  const res = await call(owner, 'POST', '/developers/api-keys/', { name: 'Shop server', mode: 'live', scopes });
  expect(res.statusCode, res.body).toBe(201);
  return { authorization: `Bearer ${res.json().result.secret}` };
}

describe('embed settings', () => {
  it('answers one default element before anything is saved', async () => {
    const res = await call(owner, 'GET', '/auth/embed-data/');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toEqual([
      {
        merchant_id: acme,
        allowed_domains: [],
        allowed_segments: [],
        embed_token: null,
        embed_url: null,
        updated_at: null,
      },
    ]);
  });

  it('refuses to save zero allowed sections, with the reason on the field', async () => {
    const res = await call(owner, 'POST', '/auth/embed-data/', {
      allowed_domains: ['shop.example.com'],
      allowed_segments: [],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { path: 'allowed_segments', message: 'Choose at least one section the embedded portal may open.' },
    ]);
  });

  it('saves domains and segments, creating the token on first save', async () => {
    const res = await call(owner, 'POST', '/auth/embed-data/', {
      allowed_domains: ['Shop.Example.com', 'localhost', '*.partners.example'],
      allowed_segments: ['INV', 'PR'],
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json().result;
    expect(saved).toMatchObject({
      allowed_domains: ['shop.example.com', 'localhost', '*.partners.example'],
      allowed_segments: ['PR', 'INV'],
    });
    expect(saved.embed_token).toMatch(/^emb_[\w-]{30,}$/);
    expect(saved.embed_url).toBe(`http://kassa.test/embed?token=${saved.embed_token}&merchant_id=${acme}`);
    const [row] = await t.ctx.db.select().from(embedSettings);
    expect(JSON.stringify(row)).not.toContain(saved.embed_token);
    expect((await call(owner, 'GET', '/auth/embed-data/')).json().result[0].embed_token).toBe(saved.embed_token);
  });

  it('validates domains and segments', async () => {
    const res = await call(owner, 'POST', '/auth/embed-data/', {
      allowed_domains: ['https://shop.example.com/page'],
      allowed_segments: ['USERS'],
    });
    expectFieldErrors(res, ['allowed_domains.0', 'allowed_segments.0']);
  });

  it('is for owners and staff only', async () => {
    const sub = await createSignedInUser(t, {
      role: ROLE.MERCHANT_SUB_USER,
      merchantId: acme,
      access: { [APP.PRODUCTS]: [1] },
    });
    expect((await call(sub, 'GET', '/auth/embed-data/')).statusCode).toBe(403);
    const admin = await createSignedInUser(t, { role: ROLE.PLATFORM_ADMIN });
    expect((await call(admin, 'POST', '/auth/embed-token/')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/auth/embed-data/')).statusCode).toBe(401);
  });
});

describe('POST /embed/sessions/ and the embed callback', () => {
  let key: { authorization: string };
  beforeAll(async () => {
    await call(owner, 'POST', '/auth/embed-data/', {
      allowed_domains: ['shop.example.com', 'localhost', '*.partners.example'],
      allowed_segments: ['PR', 'INV'],
    });
    key = await apiKey(['embed:write']);
  });
  afterEach(() => {
    t.clock.offsetMs = 0;
  });

  const mint = async (body: object = { domain: 'shop.example.com' }) => {
    const res = await t.app.inject({ method: 'POST', url: '/apiv1/embed/sessions/', headers: key, payload: body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().result as { token: string; embed_url: string; segments: string[]; expires_at: string };
  };
  const from = (origin: string) => ({ origin });

  it('mints a five-minute token bound to one embed domain, for a key with embed:write only', async () => {
    const minted = await mint();
    expect(minted.token).toMatch(/^ems_[\w-]{40,}$/);
    expect(minted.embed_url).toBe(`http://kassa.test/embed?token=${minted.token}&merchant_id=${acme}`);
    expect(minted.segments).toEqual(['PR', 'INV']);
    expect(Date.parse(minted.expires_at) - t.clock.now().getTime()).toBeGreaterThan(4 * 60_000);
    expect(Date.parse(minted.expires_at) - t.clock.now().getTime()).toBeLessThanOrEqual(5 * 60_000);
    const rows = await t.ctx.db.select().from(embedSessions);
    expect(JSON.stringify(rows)).not.toContain(minted.token);

    const person = await call(owner, 'POST', '/embed/sessions/', { domain: 'shop.example.com' });
    expect(person.statusCode).toBe(403);
    expect(person.json().message).toBe(EMBED_SESSION_KEY_ONLY);
    const other = await apiKey(['products:read']);
    const noScope = await t.app.inject({
      method: 'POST',
      url: '/apiv1/embed/sessions/',
      headers: other,
      payload: { domain: 'shop.example.com' },
    });
    expect(noScope.statusCode).toBe(403);
    expect(noScope.json().message).toBe('This API key does not have the embed:write scope.');
  });

  it('refuses a domain outside the embed settings and sections they do not allow; narrows to a subset', async () => {
    const post = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/apiv1/embed/sessions/', headers: key, payload });
    const evil = await post({ domain: 'evil.example.net' });
    expect(evil.statusCode).toBe(422);
    expect(evil.json().errors[0].path).toBe('domain');
    const seg = await post({ domain: 'shop.example.com', segments: ['VT'] });
    expect(seg.statusCode).toBe(422);
    expect(seg.json().message).toBe('Embed settings do not allow VT; allowed: PR, INV.');
    expect((await post({ domain: '*.partners.example' })).statusCode).toBe(400);
    const subset = await mint({ domain: 'https://app.partners.example/shop', segments: ['PR'] });
    expect(subset.segments).toEqual(['PR']);
  });

  it('opens one session from the bound origin, limited to the allowed segments, and never a second', async () => {
    const { token } = await mint();
    const res = await callback({ token, merchant_id: acme }, from('https://shop.example.com'));
    expect(res.statusCode, res.body).toBe(200);
    const { access, refresh, allowed_segments } = res.json().result;
    expect(allowed_segments).toBe('PR,INV');
    expect(decodeJwt(access).seg).toBe('PR,INV');
    const s = bearer(access);
    expect((await call(s, 'GET', '/product/')).statusCode).toBe(200);
    expect((await call(s, 'GET', '/invoice/')).statusCode).toBe(200);
    expect((await call(s, 'GET', '/connection/merchant-connection/')).statusCode).toBe(403);
    expect((await call(s, 'GET', '/auth/embed-data/')).statusCode).toBe(403);
    expect((await call(s, 'GET', '/developers/api-keys/')).statusCode).toBe(403);
    const refreshed = await call(null, 'POST', '/auth/token/refresh/', { refresh });
    expect(decodeJwt(refreshed.json().result.access).seg).toBe('PR,INV');

    const again = await callback({ token, merchant_id: acme }, from('https://shop.example.com'));
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(EMBED_TOKEN_USED);
  });

  it('gives exactly one session to 20 parallel callbacks with one token', async () => {
    for (let round = 0; round < 3; round++) {
      const { token } = await mint();
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => callback({ token, merchant_id: acme }, from('https://shop.example.com'))),
      );
      const codes = answers.map((a) => a.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 401)).toHaveLength(19);
    }
  });

  it('refuses a token after its five minutes', async () => {
    const { token } = await mint();
    t.clock.advance(5 * 60_000 + 1000);
    const res = await callback({ token, merchant_id: acme }, from('https://shop.example.com'));
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(EMBED_TOKEN_EXPIRED);
  });

  it('refuses another origin without using the token up, and a call with no origin at all', async () => {
    const { token } = await mint();
    const evil = await callback({ token, merchant_id: acme }, from('https://evil.example.net'));
    expect(evil.statusCode).toBe(403);
    expect(evil.json().message).toBe('evil.example.net is not the site this embed link was made for.');
    // Another allowed domain is still not the bound one.
    expect((await callback({ token, merchant_id: acme }, from('http://localhost:8082'))).statusCode).toBe(403);
    const referer = await callback({ token, merchant_id: acme }, { referer: 'https://evil.example.net/page' });
    expect(referer.statusCode).toBe(403);
    const none = await callback({ token, merchant_id: acme, domain: 'shop.example.com' }, {});
    expect(none.statusCode).toBe(403);
    expect(none.json().message).toBe(EMBED_NO_ORIGIN);
    const wrongMerchant = await callback({ token, merchant_id: crypto.randomUUID() }, from('https://shop.example.com'));
    expect(wrongMerchant.statusCode).toBe(401);
    expect(wrongMerchant.json().message).toBe(EMBED_TOKEN_INVALID);
    // The rightful parent still gets in.
    expect((await callback({ token, merchant_id: acme }, from('https://shop.example.com:8443'))).statusCode).toBe(200);
  });

  it('from the portal’s own embed page, checks the parent the page reports (its document.referrer)', async () => {
    const own = { origin: 'http://kassa.test', referer: `http://kassa.test/embed?x=1` };
    const first = await mint();
    const wrong = await callback({ token: first.token, merchant_id: acme, domain: 'https://evil.example.net/' }, own);
    expect(wrong.statusCode).toBe(403);
    const right = await callback(
      { token: first.token, merchant_id: acme, domain: 'https://shop.example.com/portal' },
      own,
    );
    expect(right.statusCode, right.body).toBe(200);
    const second = await mint();
    const missing = await callback({ token: second.token, merchant_id: acme }, own);
    expect(missing.json().message).toBe(EMBED_NO_ORIGIN);
  });

  it('no longer opens a session with the settings token', async () => {
    const settingsToken = (await call(owner, 'GET', '/auth/embed-data/')).json().result[0].embed_token;
    const res = await callback({ token: settingsToken, merchant_id: acme }, from('https://shop.example.com'));
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(EMBED_SETTINGS_TOKEN_RETIRED);
    const garbage = await callback({ token: 'ems_nothing', merchant_id: acme }, from('https://shop.example.com'));
    expect(garbage.json().message).toBe(EMBED_TOKEN_INVALID);
  });

  it('drops sessions a day past their expiry in the background jobs, and only those', async () => {
    const old = await mint();
    t.clock.advance(DAY);
    const fresh = await mint();
    t.clock.advance(5 * 60_000 + 1000);
    await purgeExpiredEmbedSessions(t.ctx);
    const left = (await t.ctx.db.select().from(embedSessions)).map((r) => r.tokenHash);
    expect(left).not.toContain(hashToken(old.token));
    expect(left).toContain(hashToken(fresh.token));
  });

  it('opens only the sections still allowed when the settings narrowed after minting', async () => {
    const { token } = await mint();
    await call(owner, 'POST', '/auth/embed-data/', {
      allowed_domains: ['shop.example.com', 'localhost', '*.partners.example'],
      allowed_segments: ['PR'],
    });
    const res = await callback({ token, merchant_id: acme }, from('https://shop.example.com'));
    expect(res.json().result.allowed_segments).toBe('PR');
    const invoices = await call(bearer(res.json().result.access), 'GET', '/invoice/');
    expect(invoices.statusCode).toBe(403);
    expect(invoices.json().message).toBe('This embedded session does not include that section.');
  });
});

describe('frame-ancestors on the embed entry page', () => {
  let web: FastifyInstance;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'kassa-web-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Kassa</title><div id="root"></div>');
    web = await buildApp(t.ctx, { webDist: dist });
    await web.ready();
  });
  afterAll(() => web.close());

  it('lets the merchant’s allowed domains frame /embed, or only the domain of its embed session', async () => {
    const res = await web.inject({ method: 'GET', url: `/embed?token=x&merchant_id=${acme}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain(
      "frame-ancestors 'self' shop.example.com:* localhost:* *.partners.example:*",
    );
    expect(res.headers['x-frame-options']).toBeUndefined();

    // A one-time embed session narrows it to the domain it was made for.
    const key = await apiKey(['embed:write']);
    const minted = await t.app.inject({
      method: 'POST',
      url: '/apiv1/embed/sessions/',
      headers: key,
      payload: { domain: 'app.partners.example' },
    });
    const bound = await web.inject({
      method: 'GET',
      url: new URL(minted.json().result.embed_url).pathname + new URL(minted.json().result.embed_url).search,
    });
    expect(bound.headers['content-security-policy']).toMatch(/frame-ancestors 'self' app\.partners\.example:\*(;|$)/);

    const unknown = await web.inject({ method: 'GET', url: `/embed?merchant_id=${crypto.randomUUID()}` });
    expect(unknown.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const products = await web.inject({ method: 'GET', url: `/products?merchant_id=${acme}` });
    expect(products.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const api = await web.inject({ method: 'GET', url: `/apiv1/health/?merchant_id=${acme}` });
    expect(api.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});

describe('npm run demo:embed', () => {
  /**
   * Kassa listening on a real port with the merchant's embed domains set to `allowedDomains`, and
   * the demo parent site (demo/embed-parent.ts) holding an embed:write key.
   */
  async function startDemoParent(allowedDomains: string[]) {
    await call(owner, 'POST', '/auth/embed-data/', { allowed_domains: allowedDomains, allowed_segments: ['PR'] });
    const kassa = await buildApp(t.ctx);
    const kassaUrl = await kassa.listen({ port: 0, host: '127.0.0.1' });
    const secret = (await apiKey(['embed:write'])).authorization.slice(7);
    const parent = await startEmbedParent({ port: 0, kassaUrl, apiKey: secret });
    return { kassa, kassaUrl, secret, parent };
  }

  it('mints a one-time session on its server for each page load and frames it; the portal accepts it once', async () => {
    // The merchant's settings must list the parent's host.
    const { kassa, kassaUrl, secret, parent } = await startDemoParent(['localhost']);
    const helpOnly = await startEmbedParent({ port: 0, kassaUrl });
    try {
      const res = await fetch(parent.url);
      const html = await res.text();
      expect(res.headers.get('content-security-policy')).toContain(`frame-src ${kassaUrl}`);
      expect(html).not.toContain(secret);
      const src = html.match(/<iframe id="kassa-portal"[^>]* src="([^"]+)"/)?.[1]?.replaceAll('&amp;', '&');
      expect(src?.startsWith('http://kassa.test/embed?token=ems_')).toBe(true);
      expect(new URL(src!).searchParams.get('merchant_id')).toBe(acme);
      const token = new URL(src!).searchParams.get('token')!;
      const second = (await (await fetch(parent.url)).text()).match(/token=(ems_[\w-]+)/)?.[1];
      expect(second).toBeDefined();
      expect(second).not.toBe(token);

      const origin = new URL(parent.url).origin;
      expect((await callback({ token, merchant_id: acme }, { origin })).statusCode).toBe(200);
      expect((await callback({ token, merchant_id: acme }, { origin })).statusCode).toBe(401);

      expect(await (await fetch(helpOnly.url)).text()).toContain('KASSA_API_KEY=sk_test_');
    } finally {
      await Promise.all([parent.close(), helpOnly.close()]);
      await kassa.close();
    }
  });

  it('shows Kassa’s refusal when the parent’s host is not an embed domain', async () => {
    const { kassa, parent } = await startDemoParent(['shop.example.com']);
    try {
      const html = await (await fetch(parent.url)).text();
      expect(html).toContain('<div class="error" id="embed-error">Kassa answered 422: localhost is not one of');
      expect(html).not.toContain('<iframe');
    } finally {
      await parent.close();
      await kassa.close();
    }
  });
});
