// Dates in the back-office lists (web conventions: Intl.DateTimeFormat) in the reader's language
// (docs/i18n.md): usePortalI18n's locale when a component passes it, else the portal's current one.
// The API sends ISO strings.
import { activePortalI18n } from '../../lib/use-portal-i18n.ts';

const OPTIONS = {
  date: { year: 'numeric', month: 'short', day: 'numeric' },
  dateTime: { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

const formats = new Map<string, Intl.DateTimeFormat>();
function formatOf(kind: keyof typeof OPTIONS, locale: string) {
  const key = `${kind}|${locale}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, OPTIONS[kind]);
    formats.set(key, format);
  }
  return format;
}

const parse = (iso: string | null | undefined) => {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};

export function formatDate(
  iso: string | null | undefined,
  empty = '—',
  locale: string = activePortalI18n().locale,
): string {
  const date = parse(iso);
  return date ? formatOf('date', locale).format(date) : empty;
}

export function formatDateTime(
  iso: string | null | undefined,
  empty = '—',
  locale: string = activePortalI18n().locale,
): string {
  const date = parse(iso);
  return date ? formatOf('dateTime', locale).format(date) : empty;
}
