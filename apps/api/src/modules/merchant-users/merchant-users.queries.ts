import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { merchants, users } from '../../db/schema.ts';
import { containsText } from '../../lib/db/list.ts';
import { readPage } from '../../lib/db/read-page.ts';

const columns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  isActive: users.isActive,
  invitationPending: sql<boolean>`${users.passwordHash} is null`,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
};
export type MerchantUserRow = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: number;
  isActive: boolean;
  invitationPending: boolean;
  lastLoginAt: Date | null;
  createdAt: Date;
};

export interface MerchantUserFilter {
  merchantId: string;
  search?: string;
  sortBy?: string;
  isActive?: boolean;
  page: number;
  pageSize: number;
}

export async function listMerchantUsers(db: DbOrTx, f: MerchantUserFilter) {
  const where = and(
    eq(users.merchantId, f.merchantId),
    f.isActive === undefined ? undefined : eq(users.isActive, f.isActive),
    containsText([users.email, users.firstName, users.lastName], f.search),
  );
  const { rows, count } = await readPage(db, users, db.select(columns).from(users).$dynamic(), {
    ...f,
    where,
    sortColumns: { created_at: users.createdAt, email: users.email, first_name: users.firstName },
    id: users.id,
  });
  return { rows: rows as MerchantUserRow[], count };
}

export async function findMerchantUser(db: DbOrTx, merchantId: string, id: string) {
  const [row] = await db
    .select(columns)
    .from(users)
    .where(and(eq(users.id, id), eq(users.merchantId, merchantId)))
    .limit(1);
  return row as MerchantUserRow | undefined;
}

/** A new invited user without a password; undefined when the e-mail is already registered. */
export async function insertInvitedUser(
  db: DbOrTx,
  values: { merchantId: string; email: string; firstName: string; lastName: string; role: number },
): Promise<string | undefined> {
  const [row] = await db
    .insert(users)
    .values({ ...values, passwordHash: null })
    .onConflictDoNothing()
    .returning({ id: users.id });
  return row?.id;
}

export async function updateMerchantUser(
  db: DbOrTx,
  merchantId: string,
  id: string,
  values: Partial<{ firstName: string; lastName: string; role: number; isActive: boolean }>,
  now: Date,
) {
  await db
    .update(users)
    .set({ ...values, updatedAt: now })
    .where(and(eq(users.id, id), eq(users.merchantId, merchantId)));
}

export async function findMerchantName(db: DbOrTx, merchantId: string): Promise<string> {
  const [row] = await db.select({ name: merchants.name }).from(merchants).where(eq(merchants.id, merchantId));
  return row?.name ?? '';
}
