import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { merchants, platformSettings, users } from '../../db/schema.ts';
import { mustEnrolSql } from './actor.queries.ts';

export async function readAdminRule(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ on: platformSettings.requireAdminSecondFactor }).from(platformSettings).limit(1);
  return row?.on ?? false;
}

/** One statement whatever the row's state: the first write creates the single row. */
export async function writeAdminRule(db: DbOrTx, on: boolean, now: Date): Promise<void> {
  await db
    .insert(platformSettings)
    .values({ id: true, requireAdminSecondFactor: on, updatedAt: now })
    .onConflictDoUpdate({ target: platformSettings.id, set: { requireAdminSecondFactor: on, updatedAt: now } });
}

export async function readMerchantRule(db: DbOrTx, merchantId: string): Promise<boolean> {
  const [row] = await db
    .select({ on: merchants.requireSecondFactor })
    .from(merchants)
    .where(eq(merchants.id, merchantId))
    .limit(1);
  return row?.on ?? false;
}

export async function writeMerchantRule(db: DbOrTx, merchantId: string, on: boolean, now: Date): Promise<void> {
  await db.update(merchants).set({ requireSecondFactor: on, updatedAt: now }).where(eq(merchants.id, merchantId));
}

/**
 * Locks the user's row: every removal of a factor takes it first, so two parallel removals (the app
 * and the last passkey) queue here and the second one sees what the first left.
 */
export async function lockUserForFactorChange(db: DbOrTx, userId: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update', { of: users });
}

/** After a removal, inside its transaction: true when the user is under a rule and has nothing left. */
export async function owesFactorNow(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ owes: mustEnrolSql(users.id) })
    .from(users)
    .leftJoin(merchants, eq(merchants.id, users.merchantId))
    .where(eq(users.id, userId))
    .limit(1);
  return Boolean(row?.owes);
}
