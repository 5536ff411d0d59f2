// Who the client is (the socket, or a trusted proxy's X-Forwarded-For) and the limits per account
// that no change of address escapes. The parallel cases send every request from its own address.
import { ROLE } from '@kassa/contract/access';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories/users.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { authLimits } from '../../db/schema.ts';
import { MINUTE } from '../../lib/clock.ts';
import { settleDetachedWork } from '../../lib/detached-work.ts';
import { purgeExpiredAccountLimits, RESET_MAIL_LIMIT, takeAccountLimit } from './account-limits.ts';

let plain: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  plain = await buildTestApp();
  proxied = await buildTestApp({ KASSA_TRUSTED_PROXIES: '1' });
});
afterAll(async () => {
  await plain?.close();
  await proxied?.close();
});

let address = 0;
/** A different client address each call. */
const nextAddress = () => `203.0.${Math.floor(++address / 250) % 250}.${(address % 250) + 1}`;

const post = (t: TestApp, url: string, payload: object, forwardedFor = nextAddress()) =>
  t.app.inject({ method: 'POST', url: `/apiv1${url}`, payload, headers: { 'x-forwarded-for': forwardedFor } });

const login = (t: TestApp, email: string, password: string, forwardedFor?: string) =>
  post(t, '/auth/login/', { email, password }, forwardedFor);

function statuses(answers: { statusCode: number }[]) {
  const count: Record<number, number> = {};
  for (const a of answers) count[a.statusCode] = (count[a.statusCode] ?? 0) + 1;
  return count;
}

/** Ten wrong passwords for `email`, each refused as wrong (401): enough to reach any sign-in limit. */
async function tenWrongPasswords(app: TestApp, email: string) {
  for (let i = 0; i < 10; i++) expect((await login(app, email, `wrong-${i}-password`)).statusCode).toBe(401);
}

/** A new admin who gets ten wrong passwords in, then the right one: the user and the answer to it. */
async function rightAfterTenWrong(app: TestApp) {
  const user = await createUser(app.ctx.db, { role: ROLE.PLATFORM_ADMIN });
  await tenWrongPasswords(app, user.email);
  return { user, answer: await login(app, user.email, user.password) };
}

const ACCOUNT_LOCKED = /^Too many failed sign-ins for this account\. Try again in (\d+) minutes\.$/;

describe('the client address without trusted proxies (the default)', () => {
  it('ignores X-Forwarded-For: a rotating one does not escape the per-address sign-in limit', async () => {
    const { answer: limited } = await rightAfterTenWrong(plain);
    expect(limited.statusCode).toBe(429);
    // The per-address limit answered, not the account's: every request counted as one address.
    expect(limited.json().message).toMatch(/^Too many attempts\. Try again in \d+ minutes\.$/);
  });

  it('ignores X-Forwarded-For on forgot-password too', async () => {
    for (let i = 0; i < 5; i++)
      expect((await post(plain, '/auth/forgot-password/', { email: 'rotating@kassa.test' })).statusCode).toBe(200);
    const limited = await post(plain, '/auth/forgot-password/', { email: 'rotating@kassa.test' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ status: 'error', code: 'rate_limited' });
  });
});

describe('the client address with KASSA_TRUSTED_PROXIES=1', () => {
  it('takes the address the proxy forwarded', async () => {
    for (let i = 0; i < 5; i++)
      expect(
        (await post(proxied, '/auth/forgot-password/', { email: 'one@kassa.test' }, '198.51.100.7')).statusCode,
      ).toBe(200);
    expect(
      (await post(proxied, '/auth/forgot-password/', { email: 'one@kassa.test' }, '198.51.100.7')).statusCode,
    ).toBe(429);
    // Another client behind the same proxy has its own count.
    expect(
      (await post(proxied, '/auth/forgot-password/', { email: 'one@kassa.test' }, '198.51.100.8')).statusCode,
    ).toBe(200);
  });
});

describe('failed sign-ins per account', () => {
  it('refuses the account after 10 wrong passwords from any addresses, even with the right one, until the window ends', async () => {
    const { user, answer: locked } = await rightAfterTenWrong(proxied);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ status: 'error', code: 'rate_limited' });
    expect(locked.json().message).toMatch(ACCOUNT_LOCKED);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // Another account is not affected.
    const other = await createUser(proxied.ctx.db, { role: ROLE.PLATFORM_ADMIN });
    expect((await login(proxied, other.email, other.password)).statusCode).toBe(200);

    proxied.clock.advance(15 * MINUTE + 1000);
    expect((await login(proxied, user.email, user.password)).statusCode).toBe(200);
  });

  it('lets exactly 10 of 30 parallel wrong passwords be checked, for a known and an unknown e-mail alike', async () => {
    for (let round = 0; round < 3; round++) {
      const user = await createUser(proxied.ctx.db, { role: ROLE.PLATFORM_ADMIN });
      for (const email of [user.email, `ghost-${round}@kassa.test`]) {
        const answers = await Promise.all(
          Array.from({ length: 30 }, (_, i) => login(proxied, email, `wrong-${i}-password`)),
        );
        expect(statuses(answers)).toEqual({ 401: 10, 429: 20 });
        for (const a of answers.filter((x) => x.statusCode === 429)) expect(a.json().message).toMatch(ACCOUNT_LOCKED);
      }
    }
  });

  it('does not count right passwords', async () => {
    const user = await createUser(proxied.ctx.db, { role: ROLE.PLATFORM_ADMIN });
    // A password being checked holds a place until it proves right, so these go one after another.
    for (let i = 0; i < 9; i++) expect((await login(proxied, user.email, user.password)).statusCode).toBe(200);
    await tenWrongPasswords(proxied, user.email);
    expect((await login(proxied, user.email, user.password)).json().message).toMatch(ACCOUNT_LOCKED);
  });
});

describe('sign-in codes per account', () => {
  const CODES_LIMITED = /^Too many sign-in codes were sent to this account\. Try again in \d+ minutes\.$/;

  it('mails at most 10 codes an hour, from sign-ins and parallel resends together', async () => {
    for (let round = 0; round < 2; round++) {
      const user = await createUser(proxied.ctx.db, { role: ROLE.PLATFORM_ADMIN });
      const mailed = () => proxied.mail.sent.filter((m) => m.to === user.email).length;
      const tokens: string[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await login(proxied, user.email, user.password);
        expect(res.statusCode).toBe(200);
        tokens.push(res.json().result.otp_token);
      }
      proxied.clock.advance(31_000);
      // Four resends per sign-in, all at once: each sign-in may resend once, the account only four times.
      const resends = await Promise.all(
        tokens.flatMap((otp_token) =>
          Array.from({ length: 4 }, () => post(proxied, '/auth/resend-otp/', { otp_token })),
        ),
      );
      expect(statuses(resends)).toEqual({ 200: 4, 429: 20 });
      // Two sign-ins found the account's codes spent; the rest were told to wait for their own resend.
      const refusals = resends.filter((r) => r.statusCode === 429).map((r) => r.json().message as string);
      expect(refusals.filter((m) => CODES_LIMITED.test(m)).length).toBeGreaterThanOrEqual(2);
      for (const m of refusals)
        expect(m).toMatch(/^(Wait \d+ seconds before asking for a new code\.|Too many sign-in codes)/);
      expect(mailed()).toBe(10);

      const more = await login(proxied, user.email, user.password);
      expect(more.statusCode).toBe(429);
      expect(more.json().message).toMatch(CODES_LIMITED);
      expect(mailed()).toBe(10);

      proxied.clock.advance(60 * MINUTE);
      expect((await login(proxied, user.email, user.password)).statusCode).toBe(200);
    }
  });
});

describe('password reset mails per account', () => {
  it('mails at most 5 links an hour for 25 parallel requests, answering every one alike', async () => {
    for (let round = 0; round < 3; round++) {
      const user = await createUser(proxied.ctx.db, { role: ROLE.PLATFORM_ADMIN });
      const answers = await Promise.all(
        Array.from({ length: 25 }, () => post(proxied, '/auth/forgot-password/', { email: user.email })),
      );
      const unknown = await post(proxied, '/auth/forgot-password/', { email: `nobody-${round}@kassa.test` });
      for (const a of answers) {
        expect(a.statusCode).toBe(200);
        expect(a.json()).toEqual(unknown.json());
      }
      await settleDetachedWork();
      expect(proxied.mail.sent.filter((m) => m.to === user.email)).toHaveLength(5);
    }
  });
});

describe('expired counters', () => {
  it('are purged once their window is over; live ones stay', async () => {
    const ctx = plain.ctx;
    await takeAccountLimit(ctx, RESET_MAIL_LIMIT, 'subject-of-an-old-window');
    plain.clock.advance(61 * MINUTE);
    await takeAccountLimit(ctx, RESET_MAIL_LIMIT, 'subject-of-a-live-window');
    await purgeExpiredAccountLimits(ctx);
    const subjects = (await ctx.db.select().from(authLimits)).map((r) => r.subject);
    expect(subjects).toContain('subject-of-a-live-window');
    expect(subjects).not.toContain('subject-of-an-old-window');
  });
});
