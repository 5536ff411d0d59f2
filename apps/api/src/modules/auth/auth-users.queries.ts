import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { merchants, users } from '../../db/schema.ts';

const credentialColumns = {
  id: users.id,
  email: users.email,
  role: users.role,
  firstName: users.firstName,
  locale: users.locale,
  passwordHash: users.passwordHash,
  isActive: users.isActive,
  merchantId: users.merchantId,
  merchantBlocked: merchants.isBlocked,
  merchantRemovedAt: merchants.removedAt,
};

export type UserCredentials = NonNullable<Awaited<ReturnType<typeof findUserByEmail>>>;

/** E-mails are unique case-insensitively (users_email_uq on lower(email)). */
export async function findUserByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select(credentialColumns)
    .from(users)
    .leftJoin(merchants, eq(merchants.id, users.merchantId))
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return row;
}

export async function findUserById(db: DbOrTx, userId: string) {
  const [row] = await db
    .select(credentialColumns)
    .from(users)
    .leftJoin(merchants, eq(merchants.id, users.merchantId))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export async function setPasswordHash(db: DbOrTx, userId: string, passwordHash: string, now: Date) {
  await db.update(users).set({ passwordHash, passwordChangedAt: now, updatedAt: now }).where(eq(users.id, userId));
}

export async function markSignedIn(db: DbOrTx, userId: string, now: Date) {
  await db.update(users).set({ lastLoginAt: now }).where(eq(users.id, userId));
}

/** The profile language of the user with this e-mail, for the e-mails that reach them (null: none chosen). */
export async function findUserLocaleByEmail(db: DbOrTx, email: string): Promise<string | null> {
  const [row] = await db
    .select({ locale: users.locale })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return row?.locale ?? null;
}
