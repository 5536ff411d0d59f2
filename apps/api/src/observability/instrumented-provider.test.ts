// Every processor call is timed and its failures counted by kind, and the measured adapter still
// looks like the adapter to its callers (its id, and optional methods absent when it lacks them).
import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/app-error.ts';
import { type PaymentProvider, ProcessorOutcomeUnknownError, ProcessorUnavailableError } from '../payments/provider.ts';
import { instrumentProvider } from './instrumented-provider.ts';
import { registry } from './metrics.ts';

/** A sample's value by its exposed name (a histogram's `_count` included) and labels. */
async function sampleOf(sampleName: string, labels: Record<string, string>): Promise<number> {
  for (const metric of await registry.getMetricsAsJSON()) {
    for (const v of metric.values) {
      const name = (v as { metricName?: string }).metricName ?? metric.name;
      if (name === sampleName && Object.entries(labels).every(([k, l]) => v.labels[k] === l)) return v.value;
    }
  }
  return 0;
}

describe('a measured processor adapter', () => {
  const failures = [
    new ProcessorUnavailableError('connection refused'),
    new ProcessorOutcomeUnknownError('timed out after sending'),
    new AppError('business_rule', 'This card cannot be used here.'),
    new Error('something else'),
  ];
  let calls = 0;
  const adapter = {
    id: 'stripe',
    authorize: async () => {
      const failure = failures[calls++];
      if (failure) throw failure;
      return { status: 'capture_succeeded' };
    },
  } as unknown as PaymentProvider;
  const measured = instrumentProvider('stripe', adapter);

  it('answers as the adapter does and keeps its id and its set of methods', async () => {
    expect(measured.id).toBe('stripe');
    expect(measured.saveCard).toBeUndefined();
    expect('findModification' in measured).toBe(false);
    for (const failure of failures) {
      await expect(measured.authorize({} as never)).rejects.toBe(failure);
    }
    expect(await measured.authorize({} as never)).toEqual({ status: 'capture_succeeded' });
  });

  it('counted each call and each failure by its kind', async () => {
    const labels = { processor: 'stripe', operation: 'authorize' };
    expect(await sampleOf('kassa_processor_call_duration_seconds_count', labels)).toBe(5);
    for (const kind of ['unavailable', 'outcome_unknown', 'refused', 'error']) {
      expect(await sampleOf('kassa_processor_errors_total', { ...labels, kind }), kind).toBe(1);
    }
  });
});
