// Reconciliation of refunds, captures and voids whose processor answer was lost
// (docs/decisions/0021-money-calls-written-before-sent.md); run by the background jobs of every API
// process: two processes settling the same one apply it once (the settle is a conditional update).
import type { AppContext } from '../../context.ts';
import { MINUTE } from '../../lib/clock.ts';
import { reconcilePendingChanges } from './capture-void.service.ts';
import { reconcilePendingRefunds } from './refund.service.ts';

/**
 * Settles what has been pending longer than `olderThanMs` (longer than a processor call may take, so
 * a call still in flight is left alone). Returns how many were settled.
 */
export async function reconcilePendingMoneyCalls(ctx: AppContext, olderThanMs = MINUTE): Promise<number> {
  const before = new Date(ctx.clock.now().getTime() - olderThanMs);
  return (await reconcilePendingRefunds(ctx, before)) + (await reconcilePendingChanges(ctx, before));
}
