// OpenTelemetry traces, exported over OTLP to OTEL_EXPORTER_OTLP_ENDPOINT (the SDK reads the standard
// OTEL_* variables: protocol, headers, sampler, service name). Loaded only by the preload, only when
// that variable is set. A payment's trace: the HTTP request (http and Fastify spans), its database
// statements (pg), and the processor call (observability/instrumented-provider.ts).
//
// What leaves the process (docs/operations.md#traces): statements as Kassa wrote them, with $1…
// placeholders and never their values (enhancedDatabaseReporting off); addresses with their path
// segments that could be an id or a token replaced, and no query string; no client address or user
// agent. Request and response bodies, where card numbers and buyers' details travel, are never read.
import type { IncomingMessage, RequestOptions } from 'node:http';
import { register } from 'node:module';
import type { Attributes } from '@opentelemetry/api';
import { createAddHookMessageChannel } from 'import-in-the-middle';
import { onTelemetryShutdown } from './telemetry-shutdown.ts';

/**
 * A path segment kept as is: a word of the API's own vocabulary (`transaction`, `apiv1`), not a value
 * someone supplied. Ids, tokens and e-mail addresses have digits inside, dots or @.
 */
const WORD = /^[a-z][a-z_-]{0,39}\d{0,2}$/i;

/** `/apiv1/transaction/4f1c…/refund/?q=ada@example.com` → `/apiv1/transaction/:value/refund/`. */
export function redactedPath(url: string | undefined): string {
  const path = (url ?? '/').split('?')[0] ?? '/';
  return path
    .split('/')
    .map((segment) => (segment === '' || WORD.test(segment) ? segment : ':value'))
    .join('/');
}

/**
 * What the http instrumentation would record about the caller and the address, replaced before the
 * span starts (its start hook's attributes win over the defaults), under both the older and the
 * current semantic-convention names.
 */
export function incomingRequestAttributes(request: IncomingMessage): Attributes {
  const path = redactedPath(request.url);
  return {
    'http.target': path,
    'http.url': path,
    'url.path': path,
    'url.full': path,
    'url.query': '',
    'http.user_agent': '',
    'user_agent.original': '',
    'net.peer.ip': '',
    'net.sock.peer.addr': '',
    'client.address': '',
    'network.peer.address': '',
    'http.client_ip': '',
  };
}

/**
 * The same for calls Kassa makes (a processor's API, a merchant's webhook endpoint, whose address
 * may carry a token in its query string): host and the redacted path only.
 */
export function outgoingRequestAttributes(request: RequestOptions): Attributes {
  const path = redactedPath(request.path ?? '/');
  const origin = `${request.protocol ?? 'http:'}//${request.hostname ?? request.host ?? ''}`;
  return {
    'http.target': path,
    'http.url': origin + path,
    'url.full': origin + path,
    'url.path': path,
    'url.query': '',
  };
}

export async function startTracing(): Promise<void> {
  // Only the modules an instrumentation asks for are wrapped, not every module the server loads.
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);

  // Traces only: the metrics are Prometheus's (KASSA_METRICS_PORT), the logs are the JSON lines on
  // stdout. An operator who wants OTLP metrics or logs too sets these variables.
  process.env.OTEL_METRICS_EXPORTER ??= 'none';
  process.env.OTEL_LOGS_EXPORTER ??= 'none';
  process.env.OTEL_SERVICE_NAME ??= 'kassa-api';

  const [{ NodeSDK }, { HttpInstrumentation }, { PgInstrumentation }, { default: FastifyOtel }] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-pg'),
    import('@fastify/otel'),
  ]);
  const sdk = new NodeSDK({
    instrumentations: [
      new HttpInstrumentation({
        // Probes every few seconds would drown the requests that matter.
        ignoreIncomingRequestHook: (request) => (request.url ?? '').startsWith('/apiv1/health/'),
        startIncomingSpanHook: incomingRequestAttributes,
        startOutgoingSpanHook: outgoingRequestAttributes,
      }),
      new FastifyOtel({
        registerOnInitialization: true,
        // The request span and the handler's; a span for each of the ~10 hooks a request passes
        // would cost more than it tells (docs/benchmarks.md#observability-what-watching-kassa-costs).
        instrumentHooks: false,
        ignorePaths: (route) => route.url.startsWith('/apiv1/health/'),
        // Its request span records the address as asked for (ids, a buyer page's token); http.route
        // beside it says which route it was.
        requestHook: (span, request) => span.setAttribute('url.path', redactedPath(request.url)),
      }),
      new PgInstrumentation({
        enhancedDatabaseReporting: false,
        // The workers poll every second; their statements outside any request would be most of the traces.
        requireParentSpan: true,
      }),
    ],
  });
  sdk.start();
  onTelemetryShutdown(() => sdk.shutdown());
  await waitForAllMessagesAcknowledged();
}
