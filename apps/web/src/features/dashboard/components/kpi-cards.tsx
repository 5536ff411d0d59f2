// The six figures of the period, each with its change against the previous period
// of the same length.
import type { DashboardTotals } from '@kassa/contract/dashboard';
import { formatNumber } from '@kassa/contract/date-display';
import type { Locale } from '@kassa/contract/i18n/locales';
import type { Translate } from '@kassa/contract/i18n/translate';
import { formatMoney } from '@kassa/contract/money';
import { portalEnglishI18n, usePortalI18n } from '../../../lib/use-portal-i18n.ts';

type Kind = 'money' | 'count' | 'rate';
type I18nArg = { t: Translate; locale: Locale };

const KPIS: { key: keyof DashboardTotals; kind: Kind; isGoodWhenUp: boolean }[] = [
  { key: 'gross_volume', kind: 'money', isGoodWhenUp: true },
  { key: 'refunds', kind: 'money', isGoodWhenUp: false },
  { key: 'net', kind: 'money', isGoodWhenUp: true },
  { key: 'count', kind: 'count', isGoodWhenUp: true },
  { key: 'success_rate', kind: 'rate', isGoodWhenUp: true },
  { key: 'average_ticket', kind: 'money', isGoodWhenUp: true },
];

const KPI_LABEL: Record<keyof DashboardTotals, string> = {
  gross_volume: 'dashboard.kpi.grossVolume',
  refunds: 'dashboard.kpi.refunds',
  net: 'dashboard.kpi.net',
  count: 'dashboard.kpi.count',
  success_rate: 'dashboard.kpi.successRate',
  average_ticket: 'dashboard.kpi.averageTicket',
};

// Percentages and points to one decimal; formatNumber's default keeps three.
const percentFormats = new Map<string, Intl.NumberFormat>();
function percentText(value: number, locale: Locale): string {
  let format = percentFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
    percentFormats.set(locale, format);
  }
  return format.format(value);
}

function valueText(value: number | null, kind: Kind, currency: string, { t, locale }: I18nArg) {
  if (value === null) return '—';
  if (kind === 'money') return formatMoney(value, currency, locale);
  if (kind === 'rate') return t('dashboard.kpi.percent', { value: percentText(value, locale) });
  return formatNumber(value, locale);
}

/** The change as a person reads it: percent for amounts and counts, points for the success rate. */
export function changeText(
  current: number | null,
  previous: number | null,
  kind: Kind,
  { t, locale }: I18nArg = portalEnglishI18n,
) {
  if (current === null || previous === null) return { text: t('dashboard.kpi.noEarlierData'), direction: 0 };
  const diff = current - previous;
  const sign = (value: number) => (value >= 0 ? '+' : '−');
  if (kind === 'rate') {
    return {
      text: t('dashboard.kpi.points', { sign: sign(diff), value: percentText(Math.abs(diff), locale) }),
      direction: Math.sign(diff),
    };
  }
  if (previous === 0) {
    return {
      text: current === 0 ? t('dashboard.kpi.noChange') : t('dashboard.kpi.new'),
      direction: Math.sign(current),
    };
  }
  const percent = (diff / Math.abs(previous)) * 100;
  return {
    text: `${sign(percent)}${t('dashboard.kpi.percent', { value: percentText(Math.abs(percent), locale) })}`,
    direction: Math.sign(diff),
  };
}

export function KpiCards({
  current,
  previous,
  currency,
}: {
  current: DashboardTotals;
  previous: DashboardTotals;
  currency: string;
}) {
  const i18n = usePortalI18n();
  const { t } = i18n;
  return (
    <div className="kpi-grid" data-testid="kpi-cards">
      {KPIS.map((kpi) => {
        const change = changeText(current[kpi.key], previous[kpi.key], kpi.kind, i18n);
        const tone = change.direction === 0 ? 'neutral' : change.direction > 0 === kpi.isGoodWhenUp ? 'good' : 'bad';
        return (
          <div className="kpi-card" key={kpi.key} data-testid={`kpi-${kpi.key}`}>
            <div className="kpi-label">{t(KPI_LABEL[kpi.key])}</div>
            <div className="kpi-value" data-testid={`kpi-${kpi.key}-value`}>
              {valueText(current[kpi.key], kpi.kind, currency, i18n)}
            </div>
            <div className={`kpi-change is-${tone}`} data-testid={`kpi-${kpi.key}-change`}>
              {change.text} <span className="text-body-secondary fw-normal">{t('dashboard.kpi.vsPrevious')}</span>
            </div>
          </div>
        );
      })}
    </div>
  );
}
