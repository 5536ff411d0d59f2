// Test factory: a user of any role, with a real argon2id password so it can sign in.
//   createUser(db, { role: ROLE.PLATFORM_ADMIN })
//   createUser(db, { role: ROLE.MERCHANT_OWNER, merchantId })
//   createUser(db, { role: ROLE.MERCHANT_SUB_USER, merchantId, access: { [APP.PRODUCTS]: [1], [APP.INVOICES]: [1, 2] } })
//   createUser(db, { role: ROLE.STAFF_ADMIN, adminPermissions: { view_merchant: 1 } })
// The result is the stored row plus the plain `password`, ready for signIn(t, user.email, user.password).
import type { AdminPermissions } from '@kassa/contract/access';
import type { Db } from '../../src/db/client.ts';
import { adminPermissions as adminPermissionsTable, userAppAccess, users } from '../../src/db/schema.ts';
import { hashPassword } from '../../src/lib/passwords.ts';

export const TEST_PASSWORD = 'Kassa-test-2026!';

export interface CreateUserOptions {
  role: number;
  merchantId?: string | null;
  /** Defaults to TEST_PASSWORD; null creates an invited user without a password yet. */
  password?: string | null;
  email?: string;
  firstName?: string;
  lastName?: string;
  phone?: string | null;
  isActive?: boolean;
  sendNotification?: boolean;
  /** Role 3 app access: app key → access codes (1 view, 2 create, 3 edit, 4 delete). */
  access?: Partial<Record<number, number[]>>;
  /** Role 4 view flags; flags left out are 0. */
  adminPermissions?: Partial<AdminPermissions>;
}

export type UserRow = typeof users.$inferSelect;
export type TestUser = UserRow & { password: string };

let seq = 0;

export async function createUser(db: Db, opts: CreateUserOptions): Promise<TestUser> {
  seq += 1;
  const password = opts.password === undefined ? TEST_PASSWORD : opts.password;
  const [row] = await db
    .insert(users)
    .values({
      email: (opts.email ?? `user-${seq}-${crypto.randomUUID().slice(0, 8)}@example.test`).toLowerCase(),
      passwordHash: password === null ? null : await hashPassword(password),
      firstName: opts.firstName ?? 'Test',
      lastName: opts.lastName ?? `User ${seq}`,
      phone: opts.phone ?? null,
      role: opts.role,
      merchantId: opts.merchantId ?? null,
      isActive: opts.isActive ?? true,
      sendNotification: opts.sendNotification ?? true,
    })
    .returning();
  if (!row) throw new Error('createUser: insert returned nothing');

  const access = Object.entries(opts.access ?? {}).filter((e): e is [string, number[]] => Array.isArray(e[1]));
  if (access.length > 0) {
    await db
      .insert(userAppAccess)
      .values(access.map(([app, codes]) => ({ userId: row.id, app: Number(app), access: codes })));
  }
  if (opts.adminPermissions) {
    const p = opts.adminPermissions;
    await db.insert(adminPermissionsTable).values({
      userId: row.id,
      viewMerchant: p.view_merchant ?? 0,
      viewCatalog: p.view_catalog ?? 0,
      viewTransactions: p.view_transactions ?? 0,
      viewIndustryType: p.view_industry_type ?? 0,
    });
  }
  return { ...row, password: password ?? '' };
}
