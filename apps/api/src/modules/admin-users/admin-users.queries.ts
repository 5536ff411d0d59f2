import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { adminPermissions, users } from '../../db/schema.ts';

export interface PermissionFlags {
  viewMerchant: number;
  viewCatalog: number;
  viewTransactions: number;
  viewIndustryType: number;
}

export async function upsertAdminPermissions(db: DbOrTx, userId: string, flags: PermissionFlags, now: Date) {
  await db
    .insert(adminPermissions)
    .values({ userId, ...flags, updatedAt: now })
    .onConflictDoUpdate({ target: adminPermissions.userId, set: { ...flags, updatedAt: now } });
}

export async function updateStaffAdminUser(
  db: DbOrTx,
  userId: string,
  values: Partial<{ firstName: string; lastName: string; isActive: boolean; updatedAt: Date }>,
) {
  await db
    .update(users)
    .set(values)
    .where(and(eq(users.id, userId), eq(users.role, 4)));
}
