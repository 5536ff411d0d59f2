// The one thing server.ts needs from tracing: to send the spans still buffered before it exits. The
// preload (telemetry-preload.ts) registers how; without tracing there is nothing to do. This module
// is shared by the preload and the server (one chunk in the build), so both see the same hook.
let flush: (() => Promise<void>) | null = null;

export function onTelemetryShutdown(shutdown: () => Promise<void>) {
  flush = shutdown;
}

export function shutDownTelemetry(): Promise<void> {
  return flush ? flush() : Promise.resolve();
}
