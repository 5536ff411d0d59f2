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
