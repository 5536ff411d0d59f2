import { describe, expect, it } from 'vitest';
import { isAcceptedCycle, periodBoundary, periodContaining, unusedShareOfPeriod } from './billing-calendar.ts';

const at = (iso: string) => new Date(iso);
const day = (d: Date) => d.toISOString().slice(0, 10);
const monthly = { interval: 'month', intervalCount: 1 } as const;

describe('periodBoundary', () => {
  it('bills a 31 January anchor on the last day of February, then on 31 March again', () => {
    const anchor = at('2027-01-31T09:30:00Z');
    expect([0, 1, 2, 3, 4].map((n) => day(periodBoundary(anchor, monthly, n)))).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
      '2027-05-31',
    ]);
    expect(day(periodBoundary(at('2028-01-31T00:00:00Z'), monthly, 1))).toBe('2028-02-29');
  });

  it('keeps the time of day of the anchor in UTC whatever the local zone', () => {
    expect(periodBoundary(at('2027-03-27T23:30:00Z'), { interval: 'day', intervalCount: 1 }, 1).toISOString()).toBe(
      '2027-03-28T23:30:00.000Z',
    );
  });

  it('counts weeks, years and several intervals', () => {
    const anchor = at('2028-02-29T12:00:00Z');
    expect(day(periodBoundary(anchor, { interval: 'week', intervalCount: 2 }, 1))).toBe('2028-03-14');
    expect(day(periodBoundary(anchor, { interval: 'year', intervalCount: 1 }, 1))).toBe('2029-02-28');
    expect(day(periodBoundary(anchor, { interval: 'year', intervalCount: 1 }, 4))).toBe('2032-02-29');
    expect(day(periodBoundary(anchor, { interval: 'month', intervalCount: 3 }, 1))).toBe('2028-05-29');
  });

  it('refuses a period number that is not a whole number from 0', () => {
    expect(() => periodBoundary(at('2027-01-01T00:00:00Z'), monthly, -1)).toThrow(RangeError);
    expect(() => periodBoundary(at('2027-01-01T00:00:00Z'), monthly, 1.5)).toThrow(RangeError);
  });
});

describe('periodContaining', () => {
  const anchor = at('2027-01-31T00:00:00Z');
  it('finds the period a moment falls in, the end excluded', () => {
    expect(periodContaining(anchor, monthly, at('2027-02-27T23:59:59Z'))).toMatchObject({ n: 0 });
    const feb = periodContaining(anchor, monthly, at('2027-02-28T00:00:00Z'));
    expect([feb.n, day(feb.start), day(feb.end)]).toEqual([1, '2027-02-28', '2027-03-31']);
    expect(periodContaining(anchor, monthly, at('2029-12-31T00:00:00Z')).n).toBe(35);
  });

  it('answers the first period for a moment before the anchor', () => {
    expect(periodContaining(anchor, monthly, at('2026-01-01T00:00:00Z')).n).toBe(0);
  });
});

describe('unusedShareOfPeriod', () => {
  const start = at('2027-04-01T00:00:00Z');
  const end = at('2027-05-01T00:00:00Z');
  it('is the part of the period still to run, in millionths', () => {
    expect(unusedShareOfPeriod(start, end, at('2027-04-16T00:00:00Z'))).toBe(500_000);
    expect(unusedShareOfPeriod(start, end, start)).toBe(1_000_000);
    expect(unusedShareOfPeriod(start, end, end)).toBe(0);
    expect(unusedShareOfPeriod(start, end, at('2027-06-01T00:00:00Z'))).toBe(0);
  });
});

describe('isAcceptedCycle', () => {
  it('accepts up to three years a period, as processors do', () => {
    expect(isAcceptedCycle({ interval: 'year', intervalCount: 3 })).toBe(true);
    expect(isAcceptedCycle({ interval: 'month', intervalCount: 36 })).toBe(false);
    expect(isAcceptedCycle({ interval: 'week', intervalCount: 156 })).toBe(true);
  });
});
