// Every call to a payment processor, timed and counted (kassa_processor_call_duration_seconds,
// kassa_processor_errors_total) and, when tracing is on, a span of its own under the request's span.
// The span and the labels carry the processor's id and the operation only: the request holds card
// data and the buyer's details, the answer holds the processor's references, and none of that may
// leave the process in telemetry (docs/operations.md#traces).
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { AppError } from '../lib/app-error.ts';
import { type PaymentProvider, ProcessorOutcomeUnknownError, ProcessorUnavailableError } from '../payments/provider.ts';
import { processorCallDuration, processorErrors } from './metrics.ts';

// The API package only: without a registered SDK (OTEL_EXPORTER_OTLP_ENDPOINT unset) this tracer is
// a no-op whose spans record nothing.
const tracer = trace.getTracer('kassa-payments');

/** Why a call gave no answer, in words from a fixed set. */
function errorKindOf(error: unknown): string {
  if (error instanceof ProcessorUnavailableError) return 'unavailable';
  if (error instanceof ProcessorOutcomeUnknownError) return 'outcome_unknown';
  // A refusal before anything was sent (a card the processor cannot take): Kassa's rule, not an outage.
  if (error instanceof AppError && error.statusCode < 500) return 'refused';
  return 'error';
}

function operationsOf(provider: PaymentProvider): string[] {
  const names = new Set<string>();
  for (let o: object | null = provider; o && o !== Object.prototype; o = Object.getPrototypeOf(o)) {
    for (const name of Object.getOwnPropertyNames(o)) {
      if (name !== 'constructor' && typeof (provider as unknown as Record<string, unknown>)[name] === 'function') {
        names.add(name);
      }
    }
  }
  return [...names];
}

/**
 * The provider with each of its methods measured. Built once per adapter (lib/providers.ts keeps
 * it), so a payment pays for a timer and a no-op span, not for building a wrapper.
 */
export function instrumentProvider(processor: string, provider: PaymentProvider): PaymentProvider {
  // Inherits `id` and leaves optional methods the adapter lacks absent, as callers test for them.
  const measured = Object.create(provider) as Record<string, unknown>;
  const target = provider as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  for (const operation of operationsOf(provider)) {
    const call = target[operation]!;
    const labels = { processor, operation };
    // Built once per operation, not per call: the span's name and options, and the timer's series.
    const name = `processor ${operation}`;
    const spanOptions = {
      kind: SpanKind.CLIENT,
      attributes: { 'kassa.processor': processor, 'kassa.processor.operation': operation },
    };
    const duration = processorCallDuration.labels(labels);
    measured[operation] = (...args: unknown[]) =>
      tracer.startActiveSpan(name, spanOptions, async (span) => {
        const started = performance.now();
        try {
          return await call.apply(provider, args);
        } catch (error) {
          const kind = errorKindOf(error);
          processorErrors.inc({ ...labels, kind });
          // The kind only: an adapter's message may quote what the processor said about the card.
          span.setStatus({ code: SpanStatusCode.ERROR, message: kind });
          throw error;
        } finally {
          duration.observe((performance.now() - started) / 1000);
          span.end();
        }
      });
  }
  return measured as unknown as PaymentProvider;
}
