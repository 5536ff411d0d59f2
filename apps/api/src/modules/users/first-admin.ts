import { randomBytes } from 'node:crypto';
import { ROLE } from '@kassa/contract/access';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { hashPassword } from '../../lib/passwords.ts';

/** Creates the first platform admin when the database has no user at all (ARCHITECTURE 3). */
export async function ensureFirstAdmin(db: Db, email: string, password?: string) {
  const existing = await db.select({ id: users.id }).from(users).limit(1);
  if (existing.length > 0) return null;
  const plain = password ?? `Kassa-${randomBytes(9).toString('base64url')}`;
  await db.insert(users).values({
    email: email.toLowerCase(),
    passwordHash: await hashPassword(plain),
    firstName: 'Platform',
    lastName: 'Admin',
    role: ROLE.PLATFORM_ADMIN,
  });
  return { email: email.toLowerCase(), password: plain, generated: !password };
}
