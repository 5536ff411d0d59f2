// One line of the bench table: what was measured, its value and unit, and the target it must meet.

export interface BenchRow {
  name: string;
  value: number;
  unit: string;
  /** Human-readable target, e.g. "≥ 0.5" or "< 50"; '—' when the row is informational. */
  target: string;
  ok: boolean;
}

export interface Target {
  min?: number;
  max?: number;
}

export function metric(name: string, value: number, unit: string, target: Target = {}): BenchRow {
  const parts = [target.min !== undefined ? `≥ ${target.min}` : '', target.max !== undefined ? `< ${target.max}` : ''];
  const ok =
    Number.isFinite(value) &&
    (target.min === undefined || value >= target.min) &&
    (target.max === undefined || value < target.max);
  return { name, value, unit, target: parts.filter(Boolean).join(', ') || '—', ok };
}

/**
 * The p95 row of a latency bench, plus a row for failed requests when there were any: a p95 of only
 * the requests that succeeded would flatter an endpoint whose slowest requests timed out.
 */
export function latencyMetrics(name: string, result: { p95Ms: number; failures: number }, target: Target): BenchRow[] {
  if (result.failures === 0) return [metric(`${name}: p95`, result.p95Ms, 'ms', target)];
  return [
    metric(`${name}: p95`, Number.NaN, 'ms', target),
    metric(`${name}: failed or timed out (10 s)`, result.failures, 'requests', { max: 1 }),
  ];
}
