import { and, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { authLimits } from '../../db/schema.ts';

export interface CounterKey {
  scope: string;
  subject: string;
}

/**
 * Counts one event against `max` per window in a single statement: a new or expired window starts at
 * one, a live one goes up by one only while it is below `max`. Parallel requests queue on the row,
 * so exactly `max` of them get a count back; the rest get nothing (refused).
 */
export async function countEvent(
  db: DbOrTx,
  key: CounterKey,
  limit: { max: number; windowMs: number; now: Date },
): Promise<number | undefined> {
  const now = limit.now.toISOString();
  const cutoff = new Date(limit.now.getTime() - limit.windowMs).toISOString();
  const expired = sql`${authLimits.windowStartedAt} <= ${cutoff}::timestamptz`;
  const [row] = await db
    .insert(authLimits)
    .values({ ...key, windowStartedAt: limit.now, count: 1 })
    .onConflictDoUpdate({
      target: [authLimits.scope, authLimits.subject],
      set: {
        count: sql`case when ${expired} then 1 else ${authLimits.count} + 1 end`,
        windowStartedAt: sql`case when ${expired} then ${now}::timestamptz else ${authLimits.windowStartedAt} end`,
      },
      setWhere: sql`${authLimits.count} < ${limit.max} or ${expired}`,
    })
    .returning({ count: authLimits.count });
  return row?.count;
}

/** Takes back one counted event (one that turned out not to count, such as a right password). */
export async function uncountEvent(db: DbOrTx, key: CounterKey) {
  await db
    .update(authLimits)
    .set({ count: sql`greatest(${authLimits.count} - 1, 0)` })
    .where(and(eq(authLimits.scope, key.scope), eq(authLimits.subject, key.subject)));
}

export async function findWindowStart(db: DbOrTx, key: CounterKey): Promise<Date | undefined> {
  const [row] = await db
    .select({ windowStartedAt: authLimits.windowStartedAt })
    .from(authLimits)
    .where(and(eq(authLimits.scope, key.scope), eq(authLimits.subject, key.subject)))
    .limit(1);
  return row?.windowStartedAt;
}

/** Counters whose window ended before `before` say nothing any more. */
export async function deleteCountersBefore(db: DbOrTx, before: Date): Promise<number> {
  const rows = await db
    .delete(authLimits)
    .where(lt(authLimits.windowStartedAt, before))
    .returning({ scope: authLimits.scope });
  return rows.length;
}
