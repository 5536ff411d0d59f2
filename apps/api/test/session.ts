// Signs a user in through the real API — login, the one-time code read from the in-memory mailer,
// verify-otp — and returns the tokens plus ready-made headers:
//   const { auth, user } = await signIn(t, owner.email, owner.password);
//   await t.app.inject({ method: 'GET', url: '/apiv1/auth/profile/', headers: auth });
// Login is rate-limited per address and e-mail (10 per 15 minutes): a test file that signs the same
// user in more often should reuse one session.

import type { User } from '@kassa/contract/auth';
import { expect } from 'vitest';
import type { MemoryMailer } from '../src/lib/mailer.ts';
import { type CreateUserOptions, createUser, type TestUser } from './factories/users.ts';
import type { TestApp } from './helper.ts';

export interface TestSession {
  access: string;
  refresh: string;
  user: User;
  auth: { authorization: string };
}

/** The newest 6-digit sign-in code mailed to `email`. */
export function lastOtpCode(mail: MemoryMailer, email: string): string {
  const code = mail.lastTo(email)?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`No sign-in code was mailed to ${email}`);
  return code;
}

export async function signIn(t: TestApp, email: string, password: string): Promise<TestSession> {
  const login = await t.app.inject({ method: 'POST', url: '/apiv1/auth/login/', payload: { email, password } });
  expect(login.statusCode, login.body).toBe(200);
  let result = login.json().result;
  if (result.otp_required) {
    const verify = await t.app.inject({
      method: 'POST',
      url: '/apiv1/auth/verify-otp/',
      payload: { otp_token: result.otp_token, code: lastOtpCode(t.mail, email) },
    });
    expect(verify.statusCode, verify.body).toBe(200);
    result = verify.json().result;
  }
  return {
    access: result.access,
    refresh: result.refresh,
    user: result.user,
    auth: { authorization: `Bearer ${result.access}` },
  };
}

/** createUser + signIn in one step, for tests that just need "a signed-in owner of merchant X". */
export async function createSignedInUser(
  t: TestApp,
  opts: CreateUserOptions,
): Promise<TestSession & { account: TestUser }> {
  const account = await createUser(t.ctx.db, opts);
  return { ...(await signIn(t, account.email, account.password)), account };
}
