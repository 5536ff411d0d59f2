// One way to write a date for people, on the pages and in the e-mails, so that a receipt and the page
// it links to never disagree ("2026-12-11" in the mail, "Dec 11, 2026" on the page), in the reader's
// language (docs/i18n.md): "11.12.2026" in German, "11 déc. 2026" in French. No imports: the buyer
// pages' small bundle uses it too.

const formats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(locale: string, kind: 'day' | 'localDay' | 'momentUtc' | 'moment'): Intl.DateTimeFormat {
  const key = `${locale}|${kind}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      dateStyle: 'medium',
      ...(kind === 'day' || kind === 'localDay' ? {} : { timeStyle: 'short' }),
      ...(kind === 'moment' || kind === 'localDay' ? {} : { timeZone: 'UTC' }),
    });
    formats.set(key, format);
  }
  return format;
}

/** A calendar date (YYYY-MM-DD, such as a due date) as "Dec 11, 2026", with no time zone shift. */
export function formatCalendarDate(date: string, locale = 'en-US'): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? date : dateFormat(locale, 'day').format(parsed);
}

/** A moment where the reader's zone is unknown (e-mail, CSV): "Dec 11, 2026, 3:04 PM UTC", the zone said. */
export const formatMomentUtc = (at: Date, locale = 'en-US'): string =>
  `${dateFormat(locale, 'momentUtc').format(at)} UTC`;

/** The day of a moment on a page (a list's "Created"), in the reader's own zone: "Dec 11, 2026". */
export const formatMomentDay = (at: Date, locale = 'en-US'): string => dateFormat(locale, 'localDay').format(at);

/** A moment on a page, in the reader's own zone: "Dec 11, 2026, 4:04 PM". */
export const formatMoment = (at: Date, locale = 'en-US'): string => dateFormat(locale, 'moment').format(at);

const numbers = new Map<string, Intl.NumberFormat>();
/** A count or quantity with the reader's grouping: 1234 → "1,234" (en), "1.234" (de), "1 234" (fr). */
export function formatNumber(value: number, locale = 'en-US'): string {
  let format = numbers.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale);
    numbers.set(locale, format);
  }
  return format.format(value);
}
