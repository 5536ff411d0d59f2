import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../config.ts';
import type { AppContext } from '../context.ts';
import { signedIn } from '../lib/route-access.ts';
import authPlugin from './auth.ts';

/** An app with one route; resolves when it starts, rejects with the reason it refuses to. */
async function startWith(route: { security?: boolean; access?: boolean }) {
  const app = Fastify({ logger: false });
  await app.register(rateLimit, { global: false });
  await app.register(authPlugin, { ctx: { config: readConfig({}) } as AppContext });
  app.get(
    '/thing/',
    {
      ...(route.access ? { config: { access: signedIn } } : {}),
      schema: route.security ? { security: [{ bearer: [] }] } : {},
    },
    async () => ({ ok: true }),
  );
  try {
    await app.ready();
  } finally {
    await app.close();
  }
}

describe('a route’s access rule and its documented bearer security', () => {
  it('starts when both are there, or neither (a public route)', async () => {
    await expect(startWith({ security: true, access: true })).resolves.toBeUndefined();
    await expect(startWith({})).resolves.toBeUndefined();
  });

  it('refuses to start a route documented as signed-in that declares no access rule', async () => {
    await expect(startWith({ security: true })).rejects.toThrow(
      'GET /thing/ documents bearer security but declares no access rule',
    );
  });

  it('refuses to start a route with an access rule that the document shows as public', async () => {
    await expect(startWith({ access: true })).rejects.toThrow('GET /thing/ has an access rule but does not document');
  });
});

it('holds the HEAD twin of a signed-in GET to the same rule', async () => {
  const app = Fastify({ logger: false });
  await app.register(rateLimit, { global: false });
  await app.register(authPlugin, { ctx: { config: readConfig({}) } as AppContext });
  app.get('/thing/', { config: { access: signedIn }, schema: { security: [{ bearer: [] }] } }, async () => ({
    ok: true,
  }));
  for (const method of ['GET', 'HEAD'] as const) {
    expect((await app.inject({ method, url: '/thing/' })).statusCode, method).toBe(401);
  }
  await app.close();
});
