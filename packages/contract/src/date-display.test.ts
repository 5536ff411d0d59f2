import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatMomentDay, formatMomentUtc } from './date-display.ts';

describe('dates for people', () => {
  it('writes a calendar date the way the pages do, whatever the zone', () => {
    expect(formatCalendarDate('2026-12-11')).toBe('Dec 11, 2026');
    expect(formatCalendarDate('not a date')).toBe('not a date');
  });

  it('writes a moment with its zone said', () => {
    expect(formatMomentUtc(new Date('2026-12-11T15:04:00.000Z'))).toBe('Dec 11, 2026, 3:04 PM UTC');
  });

  it("writes a moment's day in the reader's zone and language", () => {
    const noon = new Date(2026, 11, 11, 12, 0);
    expect(formatMomentDay(noon)).toBe('Dec 11, 2026');
    expect(formatMomentDay(noon, 'de')).toBe('11.12.2026');
  });
});
