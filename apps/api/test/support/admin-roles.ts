// Shared by the back-office API tests: one session per role that matters to an admin endpoint, and
// checks that a request is allowed or refused. Sessions start through the session service rather than
// the login flow: argon2 for ten users would cost seconds per file, and sign-in has its own tests.
import { type AdminPermissionFlag, ALL_ACCESS, APP, ROLE } from '@kassa/contract/access';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { startSession } from '../../src/modules/auth/session.service.ts';
import { createMerchant } from '../factories/merchants.ts';
import { type CreateUserOptions, createUser } from '../factories/users.ts';
import { buildTestApp, type TestApp } from '../helper.ts';
import type { TestSession } from '../session.ts';

export type RoleKey =
  | 'admin'
  | 'staffNone'
  | 'staffMerchant'
  | 'staffCatalog'
  | 'staffTransactions'
  | 'staffIndustryType'
  | 'staffAll'
  | 'owner'
  | 'subUser'
  | 'merchantStaff';
export type RoleSessions = Record<RoleKey, TestSession>;

const STAFF_FLAG: Partial<Record<RoleKey, AdminPermissionFlag>> = {
  staffMerchant: 'view_merchant',
  staffCatalog: 'view_catalog',
  staffTransactions: 'view_transactions',
  staffIndustryType: 'view_industry_type',
};
export const STAFF_KEYS = [
  'staffNone',
  'staffMerchant',
  'staffCatalog',
  'staffTransactions',
  'staffIndustryType',
  'staffAll',
] as const;
export const MERCHANT_KEYS = ['owner', 'subUser', 'merchantStaff'] as const;

async function sessionFor(t: TestApp, opts: CreateUserOptions): Promise<TestSession> {
  const user = await createUser(t.ctx.db, { ...opts, password: null });
  const { access, refresh } = await startSession(t.ctx, {
    userId: user.id,
    role: user.role,
    merchantId: user.merchantId,
  });
  const me = { id: user.id, role: user.role, first_name: user.firstName, last_name: user.lastName, email: user.email };
  return {
    access,
    refresh,
    user: { ...me, phone: null, image: null, send_notification: true, locale: null, merchant: null },
    auth: { authorization: `Bearer ${access}` },
  };
}

/** A fresh test app with every role signed in: `const { t, s } = await startRoleApp()` at the top of a test file. */
export async function startRoleApp(): Promise<{ t: TestApp; s: RoleSessions }> {
  const t = await buildTestApp();
  return { t, s: await signInRoles(t) };
}

export async function signInRoles(t: TestApp): Promise<RoleSessions> {
  const merchant = await createMerchant(t.ctx.db);
  const staff = async (key: RoleKey) => {
    const flag = STAFF_FLAG[key];
    const all = key === 'staffAll';
    return sessionFor(t, {
      role: ROLE.STAFF_ADMIN,
      adminPermissions: {
        view_merchant: all || flag === 'view_merchant' ? 1 : 0,
        view_catalog: all || flag === 'view_catalog' ? 1 : 0,
        view_transactions: all || flag === 'view_transactions' ? 1 : 0,
        view_industry_type: all || flag === 'view_industry_type' ? 1 : 0,
      },
    });
  };
  const everyApp = Object.fromEntries(Object.values(APP).map((app) => [app, [...ALL_ACCESS]]));
  return {
    admin: await sessionFor(t, { role: ROLE.PLATFORM_ADMIN }),
    staffNone: await staff('staffNone'),
    staffMerchant: await staff('staffMerchant'),
    staffCatalog: await staff('staffCatalog'),
    staffTransactions: await staff('staffTransactions'),
    staffIndustryType: await staff('staffIndustryType'),
    staffAll: await staff('staffAll'),
    owner: await sessionFor(t, { role: ROLE.MERCHANT_OWNER, merchantId: merchant.id }),
    subUser: await sessionFor(t, { role: ROLE.MERCHANT_SUB_USER, merchantId: merchant.id, access: everyApp }),
    merchantStaff: await sessionFor(t, { role: ROLE.MERCHANT_STAFF, merchantId: merchant.id }),
  };
}

/** Every role in `refused` gets 403 and an anonymous caller 401; nothing is changed. */
export async function expectRefused(
  t: TestApp,
  sessions: RoleSessions,
  request: InjectOptions,
  refused: readonly RoleKey[],
) {
  const anonymous = await t.app.inject(request);
  expect(anonymous.statusCode, `anonymous ${request.method} ${request.url}`).toBe(401);
  for (const key of refused) {
    const res = await t.app.inject({ ...request, headers: { ...request.headers, ...sessions[key].auth } });
    expect(res.statusCode, `${key} ${request.method} ${request.url}: ${res.body}`).toBe(403);
    expect(res.json()).toMatchObject({ status: 'error', code: 'forbidden' });
  }
}

/** Every role in `allowed` gets 200. */
export async function expectAllowed(
  t: TestApp,
  sessions: RoleSessions,
  request: InjectOptions,
  allowed: readonly RoleKey[],
) {
  for (const key of allowed) {
    const res = await t.app.inject({ ...request, headers: { ...request.headers, ...sessions[key].auth } });
    expect(res.statusCode, `${key} ${request.method} ${request.url}: ${res.body}`).toBe(200);
  }
}

export const ALL_ROLE_KEYS: readonly RoleKey[] = ['admin', ...STAFF_KEYS, ...MERCHANT_KEYS];
/** Everyone but the platform admin: the refusal list of every back-office change. */
export const NOT_PLATFORM_ADMIN: readonly RoleKey[] = [...STAFF_KEYS, ...MERCHANT_KEYS];
/** Who may read an endpoint guarded by one view flag. */
export const readersOf = (flag: 'staffMerchant' | 'staffCatalog' | 'staffTransactions' | 'staffIndustryType') => ({
  allowed: ['admin', flag, 'staffAll'] as RoleKey[],
  refused: ALL_ROLE_KEYS.filter((k) => !['admin', flag, 'staffAll'].includes(k)),
});
