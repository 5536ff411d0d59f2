import { describe, expect, it } from 'vitest';
import { percentile } from './autocannon.ts';
import { latencyMetrics, metric } from './metric.ts';

describe('metric', () => {
  it('checks a value against its target and describes the target', () => {
    expect(metric('ratio', 0.6, 'ratio', { min: 0.5 })).toEqual({
      name: 'ratio',
      value: 0.6,
      unit: 'ratio',
      target: '≥ 0.5',
      ok: true,
    });
    expect(metric('p95', 50, 'ms', { max: 50 }).ok).toBe(false);
    expect(metric('p95', 49.9, 'ms', { max: 50 }).target).toBe('< 50');
  });

  it('accepts any finite value without a target, and never a missing one', () => {
    expect(metric('req/s', 1234, 'req/s')).toMatchObject({ target: '—', ok: true });
    expect(metric('req/s', Number.NaN, 'req/s').ok).toBe(false);
  });
});

describe('latencyMetrics', () => {
  it('reports the p95 alone when every request succeeded', () => {
    expect(latencyMetrics('list', { p95Ms: 12, failures: 0 }, { max: 50 })).toEqual([
      { name: 'list: p95', value: 12, unit: 'ms', target: '< 50', ok: true },
    ]);
  });

  it('misses the target, and counts the failures, when any request failed', () => {
    const rows = latencyMetrics('list', { p95Ms: 12, failures: 3 }, { max: 50 });
    expect(rows.map((r) => [r.name, r.ok])).toEqual([
      ['list: p95', false],
      ['list: failed or timed out (10 s)', false],
    ]);
    expect(rows[1]?.value).toBe(3);
  });
});

describe('percentile', () => {
  it('takes the nearest rank', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 95)).toBe(95);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([], 95)).toBeNaN();
  });
});
