// Signs in through the API the way the login page does (docs/ARCHITECTURE.md): password, then the one-time
// code from the outbox. For tests that need a signed-in user without driving the login form, and
// for setting up data through the API before a browser test.
import type { LoginResult, TokensResult } from '@kassa/contract/auth';
import { extractCode, SIGN_IN_CODE_SUBJECT, waitForMail } from './outbox.ts';
import type { KassaServer } from './server.ts';

/** POST/GET on the server's API with the success envelope unwrapped; throws on an error envelope. */
export async function api<T>(
  server: Pick<KassaServer, 'url'>,
  method: string,
  path: string,
  opts: { body?: unknown; token?: string } = {},
): Promise<T> {
  const res = await fetch(`${server.url}/apiv1${path}`, {
    method,
    headers: {
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const json = (await res.json()) as { status: string; result: T; message?: string };
  if (!res.ok || json.status !== 'success') {
    throw new Error(`${method} ${path} → ${res.status}: ${JSON.stringify(json)}`);
  }
  return json.result;
}

export async function apiSignIn(
  server: Pick<KassaServer, 'url' | 'dataDir'>,
  email: string,
  password: string,
): Promise<TokensResult> {
  const before = Date.now();
  const login = await api<LoginResult>(server, 'POST', '/auth/login/', { body: { email, password } });
  if (!login.otp_required) return login;
  const mail = await waitForMail(server.dataDir, email, { after: before - 1_000, subject: SIGN_IN_CODE_SUBJECT });
  return api<TokensResult>(server, 'POST', '/auth/verify-otp/', {
    body: { otp_token: login.otp_token, code: extractCode(mail) },
  });
}
