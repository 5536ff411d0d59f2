import { describe, expect, it } from 'vitest';
import { formatRate, monthlyRecurringRevenue } from './subscription-metrics.ts';

const item = (amount: number, interval: 'day' | 'week' | 'month' | 'year', intervalCount = 1, quantity = 1) => ({
  amount,
  quantity,
  interval,
  intervalCount,
});

describe('monthly recurring revenue (Stripe: yearly ÷ 12, weekly × 52 ÷ 12, daily × 365 ÷ 12)', () => {
  it('brings each interval to one month', () => {
    expect(monthlyRecurringRevenue([item(3_000, 'month')])).toBe(3_000);
    expect(monthlyRecurringRevenue([item(12_000, 'year')])).toBe(1_000);
    expect(monthlyRecurringRevenue([item(1_200, 'week')])).toBe(5_200);
    expect(monthlyRecurringRevenue([item(120, 'day')])).toBe(3_650);
  });

  it('divides by the interval count and multiplies by the quantity', () => {
    expect(monthlyRecurringRevenue([item(9_000, 'month', 3)])).toBe(3_000);
    expect(monthlyRecurringRevenue([item(2_500, 'month', 1, 4)])).toBe(10_000);
    expect(monthlyRecurringRevenue([item(24_000, 'year', 2, 3)])).toBe(3_000);
  });

  it('sums exactly and rounds once, half away from zero', () => {
    // 100 a year is 8.333… a month: three of them are 25 exactly, not 3 × 8.
    expect(monthlyRecurringRevenue([item(100, 'year'), item(100, 'year'), item(100, 'year')])).toBe(25);
    // 1 a week is 4.333… a month; 3 a day is 91.25.
    expect(monthlyRecurringRevenue([item(1, 'week')])).toBe(4);
    expect(monthlyRecurringRevenue([item(3, 'day')])).toBe(91);
    // 6 a year is 0.5 a month: the half goes up.
    expect(monthlyRecurringRevenue([item(6, 'year')])).toBe(1);
  });

  it('is 0 without items', () => {
    expect(monthlyRecurringRevenue([])).toBe(0);
  });
});

describe('formatRate', () => {
  it('shows a fraction as a percentage with one decimal, and a dash without a rate', () => {
    expect(formatRate(0.125)).toBe('12.5 %');
    expect(formatRate(1 / 3)).toBe('33.3 %');
    expect(formatRate(0)).toBe('0 %');
    expect(formatRate(null)).toBe('—');
  });
});
