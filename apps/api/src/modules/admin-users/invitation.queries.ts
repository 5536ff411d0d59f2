import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

export type InvitedUserInsert = Pick<
  typeof users.$inferInsert,
  'email' | 'firstName' | 'lastName' | 'role' | 'merchantId'
>;

/** A user without a password yet; undefined when the e-mail is taken (users_email_uq, case-insensitive). */
export async function insertUserUnlessEmailTaken(db: DbOrTx, values: InvitedUserInsert) {
  const [row] = await db
    .insert(users)
    .values({ ...values, passwordHash: null })
    .onConflictDoNothing()
    .returning({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      isActive: users.isActive,
      lastLoginAt: users.lastLoginAt,
    });
  return row;
}
