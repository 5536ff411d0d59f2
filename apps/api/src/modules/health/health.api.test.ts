import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.ts';

const t = await buildTestApp();
afterAll(() => t.close());

describe('GET /apiv1/health/', () => {
  it('reports the database reachable and every migration applied', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/apiv1/health/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', result: { database: 'ok', migrations: 'current' } });
  });

  it('answers an unknown API path with the error envelope and 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/apiv1/nope/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 'error', code: 'not_found' });
  });

  it('sends the security headers on every response', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/apiv1/health/' });
    expect(res.headers['content-security-policy']).toContain("object-src 'none'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('adds HSTS only when the request came over https, as told by a trusted proxy', async () => {
    const tlsHeaders = { 'x-forwarded-proto': 'https' };
    const plain = await t.app.inject({ method: 'GET', url: '/apiv1/health/' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // Without KASSA_TRUSTED_PROXIES a client's own X-Forwarded-Proto says nothing.
    const untrusted = await t.app.inject({ method: 'GET', url: '/apiv1/health/', headers: tlsHeaders });
    expect(untrusted.headers['strict-transport-security']).toBeUndefined();
    const proxied = await buildTestApp({ KASSA_TRUSTED_PROXIES: '127.0.0.1' });
    try {
      const tls = await proxied.app.inject({ method: 'GET', url: '/apiv1/health/', headers: tlsHeaders });
      expect(tls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await proxied.close();
    }
  });
});
