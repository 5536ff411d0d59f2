import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { userAppAccess, users } from '../../db/schema.ts';

/** The few fields access checks need: who the user is and which merchant it belongs to. */
export async function findUserScope(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ id: users.id, role: users.role, merchantId: users.merchantId })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export async function selectStoredAccess(db: DbOrTx, userId: string) {
  return db
    .select({ app: userAppAccess.app, access: userAppAccess.access })
    .from(userAppAccess)
    .where(eq(userAppAccess.userId, userId));
}

/** PUT semantics: the new list replaces the old one entirely. */
export async function replaceStoredAccess(db: DbOrTx, userId: string, rows: { app: number; access: number[] }[]) {
  await db.delete(userAppAccess).where(eq(userAppAccess.userId, userId));
  if (rows.length > 0) await db.insert(userAppAccess).values(rows.map((r) => ({ userId, ...r })));
}
