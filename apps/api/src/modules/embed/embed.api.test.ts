import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APP, ROLE } from '@kassa/contract/access';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant } from '../../../test/factories/merchants.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { createSignedInUser, type TestSession } from '../../../test/session.ts';
import { buildApp } from '../../app.ts';
import { embedSettings } from '../../db/schema.ts';
import { startEmbedParent } from '../../demo/embed-parent.ts';

let t: TestApp;
let acme: string;
let owner: TestSession;

beforeAll(async () => {
  t = await buildTestApp();
  acme = (await createMerchant(t.ctx.db, { name: 'Acme' })).id;
  owner = await createSignedInUser(t, { role: ROLE.MERCHANT_OWNER, merchantId: acme });
});
afterAll(() => t.close());

const call = (
  s: TestSession | { auth: Record<string, string> } | null,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
) => t.app.inject({ method, url: `/apiv1${url}`, payload, headers: s ? s.auth : {} });
const bearer = (access: string) => ({ auth: { authorization: `Bearer ${access}` } });
const callback = (payload: object) => t.app.inject({ method: 'POST', url: '/apiv1/auth/embed-callback/', payload });

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
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['allowed_domains.0', 'allowed_segments.0']);
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

describe('POST /auth/embed-callback/', () => {
  let token: string;
  beforeAll(async () => {
    token = (await call(owner, 'GET', '/auth/embed-data/')).json().result[0].embed_token;
  });

  it('refuses a wrong token, an unknown merchant and a domain outside the list', async () => {
    const wrong = await callback({ token: 'emb_wrong', merchant_id: acme, domain: 'https://shop.example.com/' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('The embed token is not valid. Copy the current token from Embed settings.');
    const unknown = await callback({ token, merchant_id: crypto.randomUUID(), domain: 'https://shop.example.com/' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe('Embedding is not set up for this merchant.');
    const other = await callback({ token, merchant_id: acme, domain: 'https://evil.example.net/x' });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('evil.example.net is not an allowed domain for this merchant’s embedded portal.');
    const bare = await callback({ token, merchant_id: acme, domain: 'partners.example' });
    expect(bare.statusCode).toBe(403);
    const missing = await callback({ token, merchant_id: acme, domain: '' });
    expect(missing.json().message).toBe('The address of the embedding page is missing, so it cannot be checked.');
  });

  it('opens a session limited to the allowed segments: products yes, invoices and settings no', async () => {
    const res = await callback({ token, merchant_id: acme, domain: 'http://localhost:8082/parent.html' });
    expect(res.statusCode, res.body).toBe(200);
    const { access, refresh, allowed_segments } = res.json().result;
    expect(allowed_segments).toBe('PR,INV');
    expect(decodeJwt(access).seg).toBe('PR,INV');
    const s = bearer(access);
    expect((await call(s, 'GET', '/product/')).statusCode).toBe(200);
    expect((await call(s, 'GET', '/invoice/')).statusCode).toBe(200);
    expect((await call(s, 'GET', '/connection/merchant-connection/')).statusCode).toBe(403);
    expect((await call(s, 'GET', '/auth/embed-data/')).statusCode).toBe(403);
    expect((await call(s, 'POST', '/auth/embed-token/')).statusCode).toBe(403);

    // Refreshing keeps the segments.
    const refreshed = await call(null, 'POST', '/auth/token/refresh/', { refresh });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(decodeJwt(refreshed.json().result.access).seg).toBe('PR,INV');
    expect(
      (await call(bearer(refreshed.json().result.access), 'GET', '/connection/merchant-connection/')).statusCode,
    ).toBe(403);
  });

  it('refuses invoices once only products are allowed, and accepts a subdomain of a wildcard entry', async () => {
    await call(owner, 'POST', '/auth/embed-data/', {
      allowed_domains: ['localhost', '*.partners.example'],
      allowed_segments: ['PR'],
    });
    const res = await callback({ token, merchant_id: acme, domain: 'https://app.partners.example/' });
    expect(res.statusCode, res.body).toBe(200);
    const s = bearer(res.json().result.access);
    expect((await call(s, 'GET', '/product/')).statusCode).toBe(200);
    const invoices = await call(s, 'GET', '/invoice/');
    expect(invoices.statusCode).toBe(403);
    expect(invoices.json().message).toBe('This embedded session does not include that section.');
  });

  it('stops accepting the old token once a new one is generated', async () => {
    const rotated = await call(owner, 'POST', '/auth/embed-token/');
    const next = rotated.json().result.embed_token;
    expect(next).not.toBe(token);
    expect((await callback({ token, merchant_id: acme, domain: 'localhost' })).statusCode).toBe(401);
    expect((await callback({ token: next, merchant_id: acme, domain: 'localhost' })).statusCode).toBe(200);
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

  it('lets the merchant’s allowed domains frame /embed and nothing else', async () => {
    const res = await web.inject({ method: 'GET', url: `/embed?token=x&merchant_id=${acme}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self' localhost:* *.partners.example:*");
    expect(res.headers['x-frame-options']).toBeUndefined();

    const unknown = await web.inject({ method: 'GET', url: `/embed?merchant_id=${crypto.randomUUID()}` });
    expect(unknown.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const products = await web.inject({ method: 'GET', url: `/products?merchant_id=${acme}` });
    expect(products.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const api = await web.inject({ method: 'GET', url: `/apiv1/health/?merchant_id=${acme}` });
    expect(api.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});

describe('npm run demo:embed', () => {
  it('serves a parent page on another origin that frames the embed entry', async () => {
    const parent = await startEmbedParent({ port: 0, kassaUrl: 'http://localhost:8080/' });
    try {
      const res = await fetch(`${parent.url}?token=emb_abc&merchant_id=${acme}`);
      const html = await res.text();
      expect(res.headers.get('content-security-policy')).toContain('frame-src http://localhost:8080');
      expect(html).toContain(`<iframe id="kassa-portal"`);
      expect(html).toContain(`src="http://localhost:8080/embed?token=emb_abc&amp;merchant_id=${acme}"`);
      expect((await fetch(`${parent.url}?token=%22%3E%3Cscript%3E&merchant_id=x`)).status).toBe(200);
      expect(await (await fetch(`${parent.url}?token=%22%3E%3Cscript%3E&merchant_id=x`)).text()).not.toContain(
        '"><script>',
      );
    } finally {
      await parent.close();
    }
  });
});
