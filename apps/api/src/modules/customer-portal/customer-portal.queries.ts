import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { customerPortalLinks, customerPortalSessions, merchants } from '../../db/schema.ts';

/** What the portal shows of a merchant and whether it is open; undefined for an unknown id. */
export async function findPortalMerchant(db: DbOrTx, merchantId: string) {
  const [row] = await db
    .select({
      id: merchants.id,
      name: merchants.name,
      logo: merchants.logo,
      customersMayCancel: merchants.customersMayCancel,
      isBlocked: merchants.isBlocked,
      removedAt: merchants.removedAt,
    })
    .from(merchants)
    .where(eq(merchants.id, merchantId))
    .limit(1);
  return row;
}

export async function insertPortalLink(
  db: DbOrTx,
  row: { merchantId: string; customerId: string; tokenHash: string; expiresAt: Date },
) {
  await db.insert(customerPortalLinks).values(row);
}

/**
 * Uses a sign-in link: only the first of any number of clicks at once gets the row back, and only
 * while the link is unused and unexpired (the database decides, docs/product-rules.md#customer-portal).
 */
export async function claimPortalLink(db: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await db
    .update(customerPortalLinks)
    .set({ usedAt: now })
    .where(
      and(
        eq(customerPortalLinks.tokenHash, tokenHash),
        isNull(customerPortalLinks.usedAt),
        gt(customerPortalLinks.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

export async function insertPortalSession(
  db: DbOrTx,
  row: { merchantId: string; customerId: string; linkId: string; tokenHash: string; expiresAt: Date },
) {
  await db.insert(customerPortalSessions).values(row);
}

/** The live session of a cookie's token: not ended, not expired. */
export async function findLivePortalSession(db: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await db
    .select()
    .from(customerPortalSessions)
    .where(
      and(
        eq(customerPortalSessions.tokenHash, tokenHash),
        isNull(customerPortalSessions.endedAt),
        gt(customerPortalSessions.expiresAt, now),
      ),
    )
    .limit(1);
  return row;
}

export async function endPortalSession(db: DbOrTx, tokenHash: string, now: Date) {
  await db
    .update(customerPortalSessions)
    .set({ endedAt: now })
    .where(and(eq(customerPortalSessions.tokenHash, tokenHash), isNull(customerPortalSessions.endedAt)));
}
