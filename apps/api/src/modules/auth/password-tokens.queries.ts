import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { passwordTokens } from '../../db/schema.ts';

export type PasswordTokenPurpose = (typeof passwordTokens.$inferSelect)['purpose'];

export async function insertPasswordToken(
  db: DbOrTx,
  row: { userId: string; purpose: PasswordTokenPurpose; tokenHash: string; expiresAt: Date },
) {
  await db.insert(passwordTokens).values(row);
}

export async function findPasswordToken(db: DbOrTx, tokenHash: string) {
  const [row] = await db.select().from(passwordTokens).where(eq(passwordTokens.tokenHash, tokenHash)).limit(1);
  return row;
}

/** Single use: only the request that sets used_at may go on to set the password. */
export async function consumePasswordToken(db: DbOrTx, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(passwordTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordTokens.id, id), isNull(passwordTokens.usedAt)))
    .returning({ id: passwordTokens.id });
  return rows.length === 1;
}

/** A newer link makes the older unused ones of the same purpose worthless. */
export async function voidUnusedPasswordTokens(db: DbOrTx, userId: string, purpose: PasswordTokenPurpose, now: Date) {
  await db
    .update(passwordTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordTokens.userId, userId), eq(passwordTokens.purpose, purpose), isNull(passwordTokens.usedAt)));
}
