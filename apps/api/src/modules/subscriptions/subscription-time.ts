// Which time a subscription follows: its test clock's while it has one (test mode only), else the wall
// clock (docs/decisions/0024-renewals-exactly-once.md). Live subscriptions never have a clock.
import { createHash } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { findTestClockById } from './subscriptions.queries.ts';

export async function timeOf(ctx: AppContext, db: DbOrTx, testClockId: string | null): Promise<Date> {
  if (!testClockId) return ctx.clock.now();
  const clock = await findTestClockById(db, testClockId);
  return clock ? clock.frozenTime : ctx.clock.now();
}

/**
 * The payment id of an invoice's n-th try, derived (a name-based UUID, RFC 9562 version 8 layout) so that
 * the same try always has the same id: the processor's idempotency key, which is this id, then answers a
 * repeated try with the first one's result instead of charging again.
 */
export function invoiceAttemptId(invoiceId: string, attempt: number): string {
  const hex = createHash('sha256').update(`kassa-invoice-attempt:${invoiceId}:${attempt}`).digest('hex');
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export const DAY_MS = 86_400_000;
/** How long a claimed try is held before another process may take it again (a crash mid-charge). */
export const ATTEMPT_LEASE_MS = 10 * 60_000;
export const isoDay = (d: Date) => d.toISOString().slice(0, 10);
