// Date-range presets of the dashboard: the last N days up to today, as the API's YYYY-MM-DD dates.
import { DASHBOARD_MAX_DAYS } from '@kassa/contract/dashboard';
import type { Translate } from '@kassa/contract/i18n/translate';

export const PRESETS = [
  { key: '7', days: 7 },
  { key: '30', days: 30 },
  { key: '90', days: 90 },
] as const;
export type PresetKey = (typeof PRESETS)[number]['key'] | 'custom';

const pad = (n: number) => String(n).padStart(2, '0');
export const isoDay = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

export function lastDays(days: number, today = new Date()): { from: string; to: string } {
  const from = new Date(today.getFullYear(), today.getMonth(), today.getDate() - (days - 1));
  return { from: isoDay(from), to: isoDay(today) };
}

/** Why a custom range cannot be asked for, in the reader's language, or null when it can. */
export function rangeProblem(from: string, to: string, t: Translate): string | null {
  if (!from || !to) return t('dashboard.range.bothDates');
  if (from > to) return t('dashboard.range.startAfterEnd');
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
  if (days > DASHBOARD_MAX_DAYS) return t('dashboard.range.tooLong', { days: DASHBOARD_MAX_DAYS });
  return null;
}
