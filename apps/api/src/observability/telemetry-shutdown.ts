// The one thing server.ts needs from tracing: to send the spans still buffered before it exits. The
// preload (telemetry-preload.ts) registers how; without tracing there is nothing to do. This module
// is shared by the preload and the server (one chunk in the build), so both see the same hook.
import { within } from '../lib/within.ts';

/**
 * Traces are best effort: a collector that is down at that moment (the exporter waits up to 10 s per
 * batch) must not keep a drained process from exiting 0 within KASSA_SHUTDOWN_TIMEOUT_MS.
 */
const FLUSH_BOUND_MS = 2_000;

let flush: (() => Promise<void>) | null = null;

export function onTelemetryShutdown(shutdown: () => Promise<void>) {
  flush = shutdown;
}

export async function shutDownTelemetry(): Promise<void> {
  if (flush) await within(FLUSH_BOUND_MS, flush()).catch(() => {});
}
