// Velocity counts for the anti-fraud service, from the merchant's own payments (every attempt counts,
// declined ones too: card testing shows up as a run of declines).
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { transactions } from '../../db/schema.ts';

export async function countRecentPayments(
  db: DbOrTx,
  input: { merchantId: string; since: Date; cardFingerprint: string | null; email: string },
) {
  const recent = and(eq(transactions.merchantId, input.merchantId), gt(transactions.createdAt, input.since));
  const [byCard] = input.cardFingerprint
    ? await db
        .select({ n: count() })
        .from(transactions)
        .where(and(recent, eq(transactions.cardFingerprint, input.cardFingerprint)))
    : [{ n: 0 }];
  const [byEmail] = await db
    .select({ n: count() })
    .from(transactions)
    .where(and(recent, sql`lower(${transactions.buyerEmail}) = ${input.email.toLowerCase()}`));
  return { byCard: byCard?.n ?? 0, byEmail: byEmail?.n ?? 0 };
}
