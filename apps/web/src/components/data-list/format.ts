// Dates in the back-office lists (web conventions: Intl.DateTimeFormat). The API sends ISO strings.
const DATE = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
const DATE_TIME = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

const parse = (iso: string | null | undefined) => {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};

export function formatDate(iso: string | null | undefined, empty = '—'): string {
  const date = parse(iso);
  return date ? DATE.format(date) : empty;
}

export function formatDateTime(iso: string | null | undefined, empty = '—'): string {
  const date = parse(iso);
  return date ? DATE_TIME.format(date) : empty;
}
