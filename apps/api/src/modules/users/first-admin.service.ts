import { randomBytes } from 'node:crypto';
import { ROLE } from '@kassa/contract/access';
import type { Db } from '../../db/client.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { hasAnyUser, insertPlatformAdmin } from './first-admin.queries.ts';

/** Creates the first platform admin when the database has no user at all (docs/ARCHITECTURE.md). */
export async function ensureFirstAdmin(db: Db, email: string, password?: string) {
  if (await hasAnyUser(db)) return null;
  const plain = password ?? `Kassa-${randomBytes(9).toString('base64url')}`;
  await insertPlatformAdmin(db, {
    email: email.toLowerCase(),
    passwordHash: await hashPassword(plain),
    role: ROLE.PLATFORM_ADMIN,
  });
  return { email: email.toLowerCase(), password: plain, generated: !password };
}
