import { describe, expect, it } from 'vitest';
import { percentile } from './autocannon.ts';
import { metric } from './metric.ts';

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

describe('percentile', () => {
  it('takes the nearest rank', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 95)).toBe(95);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([], 95)).toBeNaN();
  });
});
