// Failover: when the processor a payment went to provably took nothing (connection refused, name
// not resolved, TLS failure, "unavailable" before processing), the payment is retried once on the
// merchant's fallback payment service. An unknown outcome (a timeout after sending) never fails
// over: the money may have moved, so the payment waits for reconciliation instead.
import type { AppContext } from '../../context.ts';
import { findProcessorDefinition } from '../../payments/registry.ts';
import type { ProcessorRoute } from '../connections/connections.service.ts';
import { switchProcessor } from './charge.queries.ts';
import type { RecordedAttempt } from './record-attempt.ts';

const nameOf = (providerId: string) => findProcessorDefinition(providerId)?.displayName ?? providerId;

/** The attempt, now bound to the fallback processor; null if it was decided meanwhile. */
export async function moveToFallback(
  ctx: AppContext,
  attempt: RecordedAttempt,
  fallback: ProcessorRoute,
): Promise<RecordedAttempt | null> {
  const message = `${nameOf(attempt.provider)} could not be reached and took nothing; the payment was sent to ${nameOf(fallback.provider)}.`;
  const row = await ctx.db.transaction((db) => switchProcessor(db, attempt.id, fallback, message));
  if (!row) return null;
  return { ...attempt, ...row, processorConnection: fallback.processorConnection, fallback: null };
}
