// One way to write a date for people, on the pages and in the e-mails, so that a receipt and the page
// it links to never disagree ("2026-12-11" in the mail, "Dec 11, 2026" on the page). No
// imports: the buyer pages' small bundle uses it too.

const calendarDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const momentUtc = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** A calendar date (YYYY-MM-DD, such as a due date) as "Dec 11, 2026", with no time zone shift. */
export function formatCalendarDate(date: string): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? date : calendarDay.format(parsed);
}

/** A moment where the reader's zone is unknown (e-mail, CSV): "Dec 11, 2026, 3:04 PM UTC", the zone said. */
export const formatMomentUtc = (at: Date): string => `${momentUtc.format(at)} UTC`;
