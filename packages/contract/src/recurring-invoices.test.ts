import { describe, expect, it } from 'vitest';
import {
  dueDateOf,
  frequencyLabel,
  recurringInvoiceCreate,
  type Schedule,
  sendDateAt,
  upcomingSendDates,
} from './recurring-invoices.ts';

const schedule = (over: Partial<Schedule> = {}): Schedule => ({
  interval: 'month',
  intervalCount: 1,
  anchorDate: '2027-01-31',
  periodIndex: 0,
  invoicesMade: 0,
  endAfterCount: null,
  endDate: null,
  ...over,
});

describe('recurring invoice schedule', () => {
  it('keeps the month end: 31 January, the last day of February, then 31 March', () => {
    expect(upcomingSendDates(schedule(), 4)).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30']);
    expect(upcomingSendDates(schedule({ anchorDate: '2028-01-31' }), 2)).toEqual(['2028-01-31', '2028-02-29']);
  });

  it('counts from the anchor after invoices were made, not from the previous date', () => {
    expect(sendDateAt(schedule({ periodIndex: 2, invoicesMade: 2 }), 0)).toBe('2027-03-31');
  });

  it('ends after the count: the dates left are the invoices still to make', () => {
    expect(upcomingSendDates(schedule({ endAfterCount: 3 }))).toEqual(['2027-01-31', '2027-02-28', '2027-03-31']);
    expect(upcomingSendDates(schedule({ endAfterCount: 3, periodIndex: 2, invoicesMade: 2 }))).toEqual(['2027-03-31']);
    expect(sendDateAt(schedule({ endAfterCount: 3, periodIndex: 3, invoicesMade: 3 }), 0)).toBeNull();
  });

  it('ends on the end date, which may itself be a send date', () => {
    const weekly = schedule({ interval: 'week', intervalCount: 2, anchorDate: '2027-01-04', endDate: '2027-02-01' });
    expect(upcomingSendDates(weekly)).toEqual(['2027-01-04', '2027-01-18', '2027-02-01']);
    expect(upcomingSendDates({ ...weekly, endDate: '2027-01-31' })).toEqual(['2027-01-04', '2027-01-18']);
  });

  it('quarterly and yearly schedules; a due date so many days after sending', () => {
    expect(upcomingSendDates(schedule({ intervalCount: 3, anchorDate: '2027-11-30' }), 3)).toEqual([
      '2027-11-30',
      '2028-02-29',
      '2028-05-30',
    ]);
    expect(upcomingSendDates(schedule({ interval: 'year', anchorDate: '2028-02-29' }), 2)).toEqual([
      '2028-02-29',
      '2029-02-28',
    ]);
    expect(dueDateOf('2027-12-25', 14)).toBe('2028-01-08');
    expect(dueDateOf('2027-12-25', 0)).toBe('2027-12-25');
  });

  it('names the frequency as a person would', () => {
    expect(frequencyLabel({ interval: 'month', intervalCount: 1 })).toBe('Monthly');
    expect(frequencyLabel({ interval: 'month', intervalCount: 3 })).toBe('Quarterly');
    expect(frequencyLabel({ interval: 'week', intervalCount: 2 })).toBe('Every 2 weeks');
    expect(frequencyLabel({ interval: 'day', intervalCount: 1 })).toBe('Daily');
    expect(frequencyLabel({ interval: 'day', intervalCount: 10 })).toBe('Every 10 days');
  });

  it('refuses two ends and an end before the start, naming the end date', () => {
    const base = {
      customer_id: '00000000-0000-4000-8000-000000000001',
      currency: 'USD',
      items: [{ item_type: 2, item_name: 'Rent', quantity: 1, price: 100 }],
      interval: 'month',
      start_date: '2027-05-01',
    };
    expect(recurringInvoiceCreate.safeParse(base).success).toBe(true);
    const both = recurringInvoiceCreate.safeParse({ ...base, end_after_count: 2, end_date: '2027-09-01' });
    expect(both.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['end_date', 'End after a number of invoices or on a date, not both'],
    ]);
    const early = recurringInvoiceCreate.safeParse({ ...base, end_date: '2027-04-30' });
    expect(early.error?.issues[0]?.message).toBe('The end date is before the start date');
  });
});
