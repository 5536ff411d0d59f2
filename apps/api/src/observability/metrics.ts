// The Prometheus metrics of one API process (docs/operations.md#metrics). Labels hold only values
// from small fixed sets — a route pattern, a status class, a processor id, an outcome — never a raw
// URL, an id, an e-mail or anything typed by a person: every label value is a new time series, and
// what a label holds is readable by whoever reads the metrics.
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** Kassa's own registry (not prom-client's global one), so the metrics endpoint shows exactly these. */
export const registry = new Registry();

// Seconds, from a cached read to a processor that takes its time (KASSA_PROCESSOR_TIMEOUT_MS is 30 s).
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export const httpRequests = new Counter({
  name: 'kassa_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status class.',
  labelNames: ['method', 'route', 'status_class'] as const,
  registers: [registry],
});

export const httpRequestDuration = new Histogram({
  name: 'kassa_http_request_duration_seconds',
  help: 'Time from receiving an HTTP request to its answer, by method, route pattern and status class.',
  labelNames: ['method', 'route', 'status_class'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [registry],
});

export const payments = new Counter({
  name: 'kassa_payments_total',
  help: 'Payment attempts by their outcome (the transaction status they ended in), processor and mode.',
  labelNames: ['outcome', 'processor', 'mode'] as const,
  registers: [registry],
});

export const attemptPaths = new Counter({
  name: 'kassa_payment_attempt_paths_total',
  help: 'Payment attempts by how they were recorded: one_statement, locked (one statement did not apply), or locked_after_refusal (the database refused the one statement).',
  labelNames: ['path'] as const,
  registers: [registry],
});

export const processorCallDuration = new Histogram({
  name: 'kassa_processor_call_duration_seconds',
  help: 'Time a payment processor took to answer a call, by processor and operation.',
  labelNames: ['processor', 'operation'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [registry],
});

export const processorErrors = new Counter({
  name: 'kassa_processor_errors_total',
  help: 'Processor calls that gave no answer: unavailable (not reached), outcome_unknown (timed out after sending), error (anything else).',
  labelNames: ['processor', 'operation', 'kind'] as const,
  registers: [registry],
});

export const queueDepth = new Gauge({
  name: 'kassa_queue_depth',
  help: 'Undelivered items per queue (webhook deliveries pending, e-mails queued), read from the database at scrape time.',
  labelNames: ['queue'] as const,
  registers: [registry],
});

export const queueOldestAge = new Gauge({
  name: 'kassa_queue_oldest_age_seconds',
  help: 'Age of the oldest undelivered item per queue (0 when the queue is empty), read at scrape time.',
  labelNames: ['queue'] as const,
  registers: [registry],
});

export const queueReadFailures = new Counter({
  name: 'kassa_queue_read_failures_total',
  help: 'Scrapes whose queue read failed or ran past its time bound; the queue gauges then keep their last values.',
  registers: [registry],
});

export const reconciled = new Counter({
  name: 'kassa_reconciled_total',
  help: 'Operations settled by the reconciliation job: payments left processing, refunds, captures and voids left pending.',
  labelNames: ['kind'] as const,
  registers: [registry],
});

export const dbPoolConnections = new Gauge({
  name: 'kassa_db_pool_connections',
  help: 'PostgreSQL connections: the pool\'s open (state="total") and idle (state="idle"), and the shared ones for statements of fixed text (state="shared"); absent on PGlite.',
  labelNames: ['state'] as const,
  registers: [registry],
});

export const dbPoolWaiting = new Gauge({
  name: 'kassa_db_pool_waiting',
  help: 'Requests waiting for a PostgreSQL pool connection; absent on PGlite.',
  registers: [registry],
});

export const dbSharedUnanswered = new Gauge({
  name: 'kassa_db_shared_unanswered',
  help: 'Statements sent on the shared PostgreSQL connections and not yet answered; absent on PGlite.',
  registers: [registry],
});

let processMetricsStarted = false;

/**
 * Event-loop lag, memory, CPU, handles: prom-client's default Node.js metrics. Started with the
 * metrics endpoint, not at import, so a process that serves no metrics does not sample them.
 */
export function startProcessMetrics() {
  if (processMetricsStarted) return;
  processMetricsStarted = true;
  collectDefaultMetrics({ register: registry });
}

/** "2xx", "4xx", …: the class says what an operator needs, the exact code would multiply series. */
export const statusClassOf = (statusCode: number) => `${Math.floor(statusCode / 100)}xx`;

export type AttemptPath = 'one_statement' | 'locked' | 'locked_after_refusal' | 'in_batch';

/** How a payment attempt was recorded (docs/decisions/0025-an-attempt-in-one-statement.md). */
export function countAttemptPath(path: AttemptPath, attempts = 1) {
  attemptPaths.inc({ path }, attempts);
}

/** One payment attempt decided (or left `processing` for reconciliation) on the request's path. */
export function countPayment(row: { status: string; provider: string; mode: string }) {
  payments.inc({ outcome: row.status, processor: row.provider, mode: row.mode });
}
