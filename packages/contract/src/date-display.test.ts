import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatMomentUtc } from './date-display.ts';

describe('dates for people', () => {
  it('writes a calendar date the way the pages do, whatever the zone', () => {
    expect(formatCalendarDate('2026-12-11')).toBe('Dec 11, 2026');
    expect(formatCalendarDate('not a date')).toBe('not a date');
  });

  it('writes a moment with its zone said', () => {
    expect(formatMomentUtc(new Date('2026-12-11T15:04:00.000Z'))).toBe('Dec 11, 2026, 3:04 PM UTC');
  });
});
