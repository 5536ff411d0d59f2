import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

export async function hasAnyUser(db: Db): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).limit(1);
  return rows.length > 0;
}

export async function insertPlatformAdmin(db: Db, values: { email: string; passwordHash: string; role: number }) {
  await db.insert(users).values({ ...values, firstName: 'Platform', lastName: 'Admin' });
}
