import { describe, expect, it } from 'vitest';
import { calendarDate, calendarDateTime, isCalendarDate } from './common.ts';

const messageOf = (value: unknown) => calendarDate.safeParse(value).error?.issues.map((i) => i.message);

describe('calendarDate', () => {
  it.each(['2026-01-31', '2024-02-29', '2000-02-29', '1900-01-01', '2999-12-31'])('accepts the real day %s', (day) => {
    expect(calendarDate.parse(day)).toBe(day);
  });

  it.each(['9999-99-99', '2026-02-30', '2026-13-45', '2025-02-29', '1900-02-29', '2026-04-31', '2026-00-10'])(
    'refuses %s, a day the calendar does not have',
    (day) => {
      expect(isCalendarDate(day)).toBe(false);
      expect(messageOf(day)).toEqual(['This date does not exist in the calendar']);
    },
  );

  it.each(['21/10/2026', '2026-1-5', '2026-01-05T00:00:00Z', '', ' 2026-01-05'])(
    'asks for YYYY-MM-DD on %j',
    (value) => {
      expect(messageOf(value)).toEqual(['Use a date as YYYY-MM-DD']);
    },
  );

  it.each(['0000-01-01', '1899-12-31', '3000-01-01', '9999-12-31'])(
    'keeps %s inside the years every store handles',
    (day) => {
      expect(messageOf(day)).toEqual(['Use a year between 1900 and 2999']);
    },
  );
});

describe('calendarDateTime', () => {
  const messageOf = (value: unknown) => calendarDateTime.safeParse(value).error?.issues.map((i) => i.message);

  it.each(['2026-10-21T18:00:00+02:00', '2026-10-21T16:00:00Z', '2999-12-31T23:59:59Z'])('accepts %s', (value) => {
    expect(calendarDateTime.parse(value)).toBe(value);
  });

  it.each(['2026-02-30T12:00:00Z', '9999-99-99T12:00:00Z', '2026-10-21', '21/10/2026 18:00'])('refuses %s', (value) => {
    expect(messageOf(value)).toEqual(['Use an ISO 8601 date and time']);
  });

  it.each(['2999-12-31T23:59:59-12:00', '0000-01-01T12:00:00Z'])('refuses %s, outside the years in UTC', (value) => {
    expect(messageOf(value)).toEqual(['Use a year between 1900 and 2999']);
  });
});
