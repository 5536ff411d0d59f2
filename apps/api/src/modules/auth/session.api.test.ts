import { ROLE } from '@kassa/contract/access';
import { eq } from 'drizzle-orm';
import { createDecoder } from 'fast-jwt';
import { afterAll, describe, expect, it } from 'vitest';
import { createMerchant } from '../../../test/factories/merchants.ts';
import { createUser } from '../../../test/factories/users.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { createSignedInUser, signIn } from '../../../test/session.ts';
import { merchants, users } from '../../db/schema.ts';
import { DAY } from '../../lib/clock.ts';
import { startSession } from './session.service.ts';

const decodeJwt = createDecoder();

const t = await buildTestApp();
afterAll(() => t.close());

const refresh = (token: string) =>
  t.app.inject({ method: 'POST', url: '/apiv1/auth/token/refresh/', payload: { refresh: token } });
const profile = (access: string) =>
  t.app.inject({ method: 'GET', url: '/apiv1/auth/profile/', headers: { authorization: `Bearer ${access}` } });

describe('POST /apiv1/auth/token/refresh/', () => {
  it('rotates: a new access and refresh token in the same family, both working', async () => {
    const merchant = await createMerchant(t.ctx.db);
    const s = await createSignedInUser(t, { role: ROLE.MERCHANT_OWNER, merchantId: merchant.id });
    const res = await refresh(s.refresh);
    expect(res.statusCode).toBe(200);
    const { access, refresh: next } = res.json().result;
    expect(next).not.toBe(s.refresh);
    const before = decodeJwt(s.access);
    const after = decodeJwt(access);
    expect(after).toMatchObject({ sub: s.user.id, role: 2, mid: merchant.id, fam: before.fam });
    expect((await profile(access)).statusCode).toBe(200);
    expect((await refresh(next)).statusCode).toBe(200);
  });

  it('treats a used refresh token as stolen: 401 and the whole family is revoked', async () => {
    const s = await createSignedInUser(t, { role: ROLE.PLATFORM_ADMIN });
    const first = (await refresh(s.refresh)).json().result;
    const reuse = await refresh(s.refresh);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toMatchObject({
      code: 'unauthorized',
      message: 'Your session has ended. Please sign in again.',
    });
    // The newest token of the family and its access token stop working too.
    expect((await refresh(first.refresh)).statusCode).toBe(401);
    expect((await profile(first.access)).statusCode).toBe(401);
    expect((await profile(s.access)).statusCode).toBe(401);
  });

  it('keeps the 30-day absolute expiry: rotation does not extend a session', async () => {
    const s = await createSignedInUser(t, { role: ROLE.PLATFORM_ADMIN });
    t.clock.advance(29 * DAY);
    const rotated = await refresh(s.refresh);
    expect(rotated.statusCode).toBe(200);
    t.clock.advance(DAY + 1000);
    const expired = await refresh(rotated.json().result.refresh);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe('Your session has expired. Please sign in again.');
  });

  it('refuses an unknown token and a malformed body', async () => {
    expect((await refresh('z'.repeat(43))).statusCode).toBe(401);
    const bad = await t.app.inject({ method: 'POST', url: '/apiv1/auth/token/refresh/', payload: {} });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ path: 'refresh', message: expect.any(String) }]);
  });

  it('ends the session of a user deactivated or a merchant blocked meanwhile', async () => {
    const merchant = await createMerchant(t.ctx.db);
    const owner = await createSignedInUser(t, { role: ROLE.MERCHANT_OWNER, merchantId: merchant.id });
    await t.ctx.db.update(merchants).set({ isBlocked: true }).where(eq(merchants.id, merchant.id));
    expect((await refresh(owner.refresh)).statusCode).toBe(401);

    const admin = await createSignedInUser(t, { role: ROLE.PLATFORM_ADMIN });
    await t.ctx.db.update(users).set({ isActive: false }).where(eq(users.id, admin.user.id));
    expect((await refresh(admin.refresh)).statusCode).toBe(401);
  });

  it('carries the segments of an embed session into every new access token', async () => {
    const merchant = await createMerchant(t.ctx.db);
    const owner = await createUser(t.ctx.db, { role: ROLE.MERCHANT_OWNER, merchantId: merchant.id });
    const session = await startSession(t.ctx, {
      userId: owner.id,
      role: owner.role,
      merchantId: merchant.id,
      segments: ['PR', 'INV'],
    });
    expect(decodeJwt(session.access).seg).toBe('PR,INV');
    const rotated = (await refresh(session.refresh)).json().result;
    expect(decodeJwt(rotated.access).seg).toBe('PR,INV');
  });
});

describe('POST /apiv1/auth/logout/', () => {
  it('revokes the family of the refresh token, without a bearer token', async () => {
    const s = await createSignedInUser(t, { role: ROLE.PLATFORM_ADMIN });
    const res = await t.app.inject({
      method: 'POST',
      url: '/apiv1/auth/logout/',
      payload: { refresh_token: s.refresh },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: 'Signed out.' });
    expect((await refresh(s.refresh)).statusCode).toBe(401);
    expect((await profile(s.access)).statusCode).toBe(401);
  });

  it('ends only that session: another sign-in of the same user stays', async () => {
    const user = await createUser(t.ctx.db, { role: ROLE.PLATFORM_ADMIN });
    const laptop = await signIn(t, user.email, user.password);
    const phone = await signIn(t, user.email, user.password);
    await t.app.inject({ method: 'POST', url: '/apiv1/auth/logout/', headers: laptop.auth, payload: {} });
    expect((await profile(laptop.access)).statusCode).toBe(401);
    expect((await profile(phone.access)).statusCode).toBe(200);
  });

  it('reads the scheme in any case (RFC 9110 §11.1): `bearer` works for requests and for signing out', async () => {
    const user = await createUser(t.ctx.db, { role: ROLE.PLATFORM_ADMIN });
    const s = await signIn(t, user.email, user.password);
    for (const scheme of ['bearer', 'BEARER', 'bEaReR']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/apiv1/auth/profile/',
        headers: { authorization: `${scheme}  ${s.access}` },
      });
      expect(res.statusCode, `${scheme}: ${res.body}`).toBe(200);
    }
    const out = await t.app.inject({
      method: 'POST',
      url: '/apiv1/auth/logout/',
      headers: { authorization: `bearer ${s.access}` },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect((await profile(s.access)).statusCode).toBe(401);
    // Another scheme is still no bearer token.
    const basic = await t.app.inject({
      method: 'GET',
      url: '/apiv1/auth/profile/',
      headers: { authorization: `Basic ${s.access}` },
    });
    expect(basic.statusCode).toBe(401);
  });

  it('succeeds for an unknown or missing token, so signing out never fails', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/apiv1/auth/logout/', payload: { refresh_token: 'nope' } });
    expect(res.statusCode).toBe(200);
  });
});
