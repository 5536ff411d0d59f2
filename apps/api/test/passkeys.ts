// Passkeys in API tests: register one for a signed-in user as the browser would (options, the
// authenticator's answer, verification), and sign in with it.
import { expect } from 'vitest';
import type { TestApp } from './helper.ts';
import { TestAuthenticator } from './webauthn.ts';

export const TEST_RP = { rpId: 'kassa.test', origin: 'http://kassa.test' };

// The sign-in steps are limited per address; each call comes from its own so tests that sign in
// many times test the passkey, not the rate limit.
let address = 0;
export const nextAddress = () => `10.77.${Math.floor(++address / 250) % 250}.${(address % 250) + 1}`;

export async function passkeyOptions(
  t: TestApp,
  url: string,
  payload: object = {},
  headers: Record<string, string> = {},
) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/apiv1/auth/passkeys/${url}`,
    payload,
    headers,
    remoteAddress: nextAddress(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as { ceremony_token: string; options: { challenge: string; user?: { id: string } } };
}

export async function registerPasskey(t: TestApp, auth: { authorization: string }, name = 'Work laptop') {
  const authenticator = new TestAuthenticator(TEST_RP);
  const { ceremony_token, options } = await passkeyOptions(t, 'registration/options/', {}, auth);
  const res = await t.app.inject({
    method: 'POST',
    url: '/apiv1/auth/passkeys/registration/',
    headers: auth,
    payload: { ceremony_token, name, credential: authenticator.register(options) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { authenticator, passkey: res.json().result as { id: string; name: string } };
}

export const passkeySignIn = (t: TestApp, payload: object) =>
  t.app.inject({ method: 'POST', url: '/apiv1/auth/passkeys/sign-in/', payload, remoteAddress: nextAddress() });
