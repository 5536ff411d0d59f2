// The webhook and e-mail queues live in the database (webhook_deliveries, notifications), shared by
// every process; their depth and the age of their oldest item are read when Prometheus scrapes, so
// each process reports the same numbers without a timer of its own (docs/operations.md#metrics).
import type { Database } from '../db/client.ts';
import { within } from '../lib/within.ts';
import {
  dbPoolConnections,
  dbPoolWaiting,
  dbSharedUnanswered,
  queueDepth,
  queueOldestAge,
  queueReadFailures,
} from './metrics.ts';

/** A scrape waits this long for the queue read; past it the gauges keep their last values. */
export const QUEUE_READ_BOUND_MS = 1_000;

// Both filters follow an index (webhook_deliveries_due_idx) or a small set (queued e-mails leave the
// queue within seconds); one statement, one round trip.
const QUEUE_READ = `
  SELECT 'webhook' AS queue, count(*)::int AS depth,
         coalesce(extract(epoch FROM now() - min(created_at)), 0)::float8 AS oldest_age_s
    FROM webhook_deliveries WHERE status = 'pending'
  UNION ALL
  SELECT 'email', count(*)::int, coalesce(extract(epoch FROM now() - min(created_at)), 0)::float8
    FROM notifications WHERE status = 'queued'`;

interface QueueRow {
  queue: string;
  depth: number;
  oldest_age_s: number;
}

/**
 * Refreshes the gauges that need the database. At most one read is in flight: scrapes that come
 * faster than a slow database answers share it instead of queueing statements on the pool.
 */
export function queueGaugesReader(database: Database, boundMs = QUEUE_READ_BOUND_MS) {
  let inFlight: Promise<QueueRow[]> | null = null;
  return async function refresh(): Promise<void> {
    const pool = database.poolUse?.();
    if (pool) {
      dbPoolConnections.set({ state: 'total' }, pool.total);
      dbPoolConnections.set({ state: 'idle' }, pool.idle);
      dbPoolWaiting.set(pool.waiting);
      dbPoolConnections.set({ state: 'shared' }, pool.shared);
      dbSharedUnanswered.set(pool.sharedUnanswered);
    }
    inFlight ??= database.query<QueueRow>(QUEUE_READ).finally(() => {
      inFlight = null;
    });
    const read = await within(boundMs, inFlight).catch(() => null);
    if (!read?.settled) {
      queueReadFailures.inc();
      return;
    }
    for (const row of read.value) {
      queueDepth.set({ queue: row.queue }, Number(row.depth));
      queueOldestAge.set({ queue: row.queue }, Number(row.oldest_age_s));
    }
  };
}
