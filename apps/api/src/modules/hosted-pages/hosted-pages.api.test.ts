import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import errorsPlugin from '../../plugins/errors.ts';
import securityHeaders from '../../plugins/security-headers.ts';
import hostedPagesRoutes, { LONG_CACHE, NOT_BUILT_MESSAGE, SHORT_CACHE } from './hosted-pages.routes.ts';

const CHANNEL = '0123456789abcdef0123456789abcdef';
const fieldsUrl = (query: Record<string, string>) => `/pay/fields?${new URLSearchParams(query)}`;
const goodQuery = { channel: CHANNEL, parent: 'https://shop.example.com', method: 'card' };

const directives = (csp: unknown) =>
  Object.fromEntries(
    String(csp)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  );

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

/** GET a hosted page shell: HTML that is never cached; the answer and its CSP directives. */
async function getShell(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(res.headers['cache-control']).toBe('no-store');
  return { res, csp: directives(res.headers['content-security-policy']) };
}

describe("the hosted pages' language", () => {
  const get = (url: string, acceptLanguage?: string) =>
    t.app.inject({ method: 'GET', url, headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {} });

  it("is the first supported language of the buyer's Accept-Language, said in <html lang>; English otherwise", async () => {
    const german = await get(fieldsUrl(goodQuery), 'de-CH,de;q=0.9,en;q=0.5');
    expect(german.body).toContain('<html lang="de">');
    expect(german.body).toContain('<title>Sichere Zahlung</title>');
    expect(german.body).toContain('Das sichere Zahlungsformular wird geladen …');
    // The card fields' own texts in German, as data for fields.js (which carries English only).
    const texts = /<main id="kassa-fields" data-texts="([^"]*)">/.exec(german.body)?.[1] ?? '';
    expect(JSON.parse(texts.replaceAll('&quot;', '"').replaceAll('&amp;', '&'))).toMatchObject({
      'field.cardNumber': 'Kartennummer',
      'save.consent': 'Diese Karte für künftige Zahlungen speichern',
    });
    const french = await get('/pay/approve/ref_0123456789', 'it,fr-CA;q=0.8');
    expect(french.body).toContain('<html lang="fr">');
    expect(french.body).toContain('<title>Approuvez votre paiement</title>');
    for (const english of [await get(fieldsUrl(goodQuery)), await get(fieldsUrl(goodQuery), 'ja,it')]) {
      expect(english.body).toContain('<html lang="en">');
      expect(english.body).toContain('<title>Secure payment</title>');
      expect(english.body).toContain('<p class="kf-loading">Loading the secure payment form…</p>');
      expect(english.body).not.toContain('data-texts');
    }
  });

  it("is the embedding page's language when the widget gives one, whatever the browser's", async () => {
    const spanish = await get(fieldsUrl({ ...goodQuery, lang: 'es' }), 'de-CH,de;q=0.9');
    expect(spanish.body).toContain('<html lang="es">');
    expect(spanish.body).toContain('Número de tarjeta');
    const english = await get(fieldsUrl({ ...goodQuery, lang: 'en' }), 'fr');
    expect(english.body).toContain('<html lang="en">');
  });
});

describe('GET /pay/fields', () => {
  it('serves the hosted fields shell, frameable by any page, never cached, with no inline script', async () => {
    const { res, csp } = await getShell(fieldsUrl(goodQuery));
    expect(csp['frame-ancestors']).toEqual(['*']);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['style-src']).toEqual(["'self'"]);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.body).toContain('<main id="kassa-fields">');
    expect(res.body).toMatch(/<script src="\/pay\/fields\.js(\?v=[0-9a-f]{16})?" defer><\/script>/);
    expect(res.body).toMatch(/<link rel="stylesheet" href="\/pay\/fields\.css/);
    // Every <script> has a src: CSP script-src 'self' would block an inline one.
    expect(res.body.match(/<script(?![^>]*\ssrc=)[^>]*>/g)).toBeNull();
  });

  it('accepts the non-card method and a loopback parent', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: fieldsUrl({ ...goodQuery, method: 'non-card', parent: 'http://localhost:5173' }),
    });
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['an unknown method', { ...goodQuery, method: 'bogus' }, 'method'],
    ['no method', { channel: CHANNEL, parent: goodQuery.parent }, 'method'],
    ['a short channel', { ...goodQuery, channel: 'abc' }, 'channel'],
    ['a parent with a path', { ...goodQuery, parent: 'https://shop.example.com/checkout' }, 'parent'],
    ['a javascript: parent', { ...goodQuery, parent: 'javascript:alert(1)' }, 'parent'],
    ['no parent', { channel: CHANNEL, method: 'card' }, 'parent'],
    ['a language Kassa does not speak', { ...goodQuery, lang: 'it' }, 'lang'],
  ])('refuses %s with the 400 envelope', async (_name, query, path) => {
    const res = await t.app.inject({ method: 'GET', url: fieldsUrl(query as Record<string, string>) });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ status: 'error', code: 'invalid_input' });
    expect(body.errors.map((e: { path: string }) => e.path)).toContain(path);
  });
});

describe('GET /pay/approve/:reference', () => {
  it('serves the approval shell, never framed, with the opener kept', async () => {
    const { res, csp } = await getShell('/pay/approve/ref_12345678-abc');
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(res.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    expect(res.body).toContain('<main id="kassa-approval" data-reference="ref_12345678-abc">');
    expect(res.body).toMatch(/<script src="\/pay\/approval\.js(\?v=[0-9a-f]{16})?" defer><\/script>/);
  });

  it('refuses a malformed reference', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/pay/approve/${encodeURIComponent('<script>x')}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 'error', code: 'invalid_input' });
  });
});

describe('built scripts', () => {
  let dist: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'kassa-widget-dist-'));
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(securityHeaders);
    await app.register(errorsPlugin);
    await app.register(hostedPagesRoutes, { ctx: t.ctx, distDir: dist });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers 503 with the envelope before `npm run build`', async () => {
    for (const url of ['/pay/widget.js', '/pay/fields.js', '/pay/approval.css']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(503);
      expect(res.json()).toEqual({ status: 'error', code: 'not_built', message: NOT_BUILT_MESSAGE });
    }
    // The page shells still load; they link the files without a version.
    const page = await app.inject({ method: 'GET', url: fieldsUrl(goodQuery) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<script src="/pay/fields.js" defer>');
  });

  it('serves the widget to any origin with a short cache and an ETag', async () => {
    writeFileSync(join(dist, 'widget.js'), 'var Kassa=(function(){return {}})();');
    const res = await app.inject({ method: 'GET', url: '/pay/widget.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['cache-control']).toBe(SHORT_CACHE);
    expect(res.body).toBe('var Kassa=(function(){return {}})();');
    const again = await app.inject({
      method: 'GET',
      url: '/pay/widget.js',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('links the page files by content hash and caches that version for a year', async () => {
    writeFileSync(join(dist, 'fields.js'), 'console.info("fields v1")');
    writeFileSync(join(dist, 'fields.css'), 'body{margin:0}');
    const page = await app.inject({ method: 'GET', url: fieldsUrl(goodQuery) });
    const version = /\/pay\/fields\.js\?v=([0-9a-f]{16})/.exec(page.body)?.[1];
    expect(version).toBeDefined();
    const script = await app.inject({ method: 'GET', url: `/pay/fields.js?v=${version}` });
    expect(script.statusCode).toBe(200);
    expect(script.headers['cache-control']).toBe(LONG_CACHE);
    expect(script.headers['access-control-allow-origin']).toBeUndefined();
    const css = await app.inject({ method: 'GET', url: '/pay/fields.css?v=stale' });
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.headers['cache-control']).toBe(SHORT_CACHE);

    // A rebuild while the server runs changes the link.
    writeFileSync(join(dist, 'fields.js'), 'console.info("fields v2, longer")');
    const rebuilt = await app.inject({ method: 'GET', url: fieldsUrl(goodQuery) });
    expect(/\/pay\/fields\.js\?v=([0-9a-f]{16})/.exec(rebuilt.body)?.[1]).not.toBe(version);
  });
});
