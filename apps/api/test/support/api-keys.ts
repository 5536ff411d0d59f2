// An API key a merchant's owner makes on the Developers page, for tests that call as the merchant's server.
import { expect } from 'vitest';
import type { TestApp } from '../helper.ts';
import type { TestSession } from '../session.ts';

/** A test-mode key with the scopes a saved-card charge needs unless told: its id and the header to send. */
export async function createApiKey(
  t: TestApp,
  owner: TestSession,
  scopes: string[] = ['customers:write', 'payments:write'],
  mode: 'test' | 'live' = 'test',
) {
  const created = await t.app.inject({
    method: 'POST',
    url: '/apiv1/developers/api-keys/',
    headers: owner.auth,
    payload: { name: 'server', mode, scopes },
  });
  expect(created.statusCode, created.body).toBe(201);
  const { id, secret } = created.json().result as { id: string; secret: string };
  return { id, header: { authorization: `Bearer ${secret}` } };
}
