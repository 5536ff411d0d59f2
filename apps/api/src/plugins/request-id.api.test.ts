// The request id a merchant quotes to support: in the X-Request-Id header and every error envelope,
// made by Kassa (a client's header is not taken), and on the request's one log line.
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helper.ts';
import { buildApp } from '../app.ts';

const t = await buildTestApp();
const lines: Record<string, unknown>[] = [];
const sink = new Writable({
  write(chunk, _enc, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});
const logged = await buildApp(t.ctx, { logger: { level: 'info', stream: sink } });
afterAll(async () => {
  await logged.close();
  await t.close();
});

describe('request ids', () => {
  it('answers an id of its own in the header and in the error envelope, whatever the client sent', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/apiv1/no-such-route/',
      headers: { 'x-request-id': 'client-chosen' },
    });
    expect(res.statusCode).toBe(404);
    const id = res.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.json()).toMatchObject({ status: 'error', request_id: id });
    const again = await t.app.inject({ method: 'GET', url: '/apiv1/no-such-route/' });
    expect(again.headers['x-request-id']).not.toBe(id);
  });

  it('puts it in validation and sign-in errors too, and only the header on a success', async () => {
    const invalid = await t.app.inject({ method: 'POST', url: '/apiv1/auth/login/', payload: { email: 'nope' } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().request_id).toBe(invalid.headers['x-request-id']);
    const unauthorized = await t.app.inject({ method: 'GET', url: '/apiv1/auth/profile/' });
    expect(unauthorized.statusCode).toBe(401);
    expect(unauthorized.json().request_id).toBe(unauthorized.headers['x-request-id']);
    const ok = await t.app.inject({ method: 'GET', url: '/apiv1/health/' });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['x-request-id']).toBeTruthy();
    expect(ok.json()).not.toHaveProperty('request_id');
  });

  it('logs one line per request with the id, the route pattern and the status, not the query', async () => {
    const res = await logged.inject({ method: 'GET', url: '/apiv1/auth/profile/?search=zoe%40example.com' });
    const id = res.headers['x-request-id'];
    const mine = lines.filter((l) => l.request_id === id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ msg: 'request', method: 'GET', route: '/apiv1/auth/profile/', status: 401 });
    // Letters outside hex, so the request id itself cannot contain them.
    expect(JSON.stringify(mine)).not.toMatch(/zoe|example|search/);
  });
});
