// Loaded with `node --import` before the server (the start command in package.json): OpenTelemetry
// must hook `pg`, `http` and `fastify` before the server imports them, and in an ES module program
// only a loader hook registered before the first import can (docs/operations.md#traces). Without
// OTEL_EXPORTER_OTLP_ENDPOINT this reads one variable and loads nothing: tracing costs nothing when
// it is off.
const { OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, OTEL_SDK_DISABLED } = process.env;

if ((OTEL_EXPORTER_OTLP_ENDPOINT || OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) && OTEL_SDK_DISABLED !== 'true') {
  const { startTracing } = await import('./tracing.ts');
  await startTracing();
}

export {};
