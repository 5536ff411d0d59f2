// The six figures of the period, each with its change against the previous period
// of the same length.
import type { DashboardTotals } from '@kassa/contract/dashboard';
import { formatMoney } from '@kassa/contract/money';

type Kind = 'money' | 'count' | 'rate';

const KPIS: { key: keyof DashboardTotals; label: string; kind: Kind; isGoodWhenUp: boolean }[] = [
  { key: 'gross_volume', label: 'Gross volume', kind: 'money', isGoodWhenUp: true },
  { key: 'refunds', label: 'Refunds', kind: 'money', isGoodWhenUp: false },
  { key: 'net', label: 'Net volume', kind: 'money', isGoodWhenUp: true },
  { key: 'count', label: 'Payments', kind: 'count', isGoodWhenUp: true },
  { key: 'success_rate', label: 'Success rate', kind: 'rate', isGoodWhenUp: true },
  { key: 'average_ticket', label: 'Average payment', kind: 'money', isGoodWhenUp: true },
];

const countFormat = new Intl.NumberFormat('en-US');
const percentFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

function valueText(value: number | null, kind: Kind, currency: string) {
  if (value === null) return '—';
  if (kind === 'money') return formatMoney(value, currency);
  if (kind === 'rate') return `${percentFormat.format(value)} %`;
  return countFormat.format(value);
}

/** The change as a person reads it: percent for amounts and counts, points for the success rate. */
export function changeText(current: number | null, previous: number | null, kind: Kind) {
  if (current === null || previous === null) return { text: 'No earlier data', direction: 0 };
  const diff = current - previous;
  if (kind === 'rate') {
    return { text: `${diff >= 0 ? '+' : '−'}${percentFormat.format(Math.abs(diff))} pts`, direction: Math.sign(diff) };
  }
  if (previous === 0) return { text: current === 0 ? 'No change' : 'New', direction: Math.sign(current) };
  const percent = (diff / Math.abs(previous)) * 100;
  return {
    text: `${percent >= 0 ? '+' : '−'}${percentFormat.format(Math.abs(percent))} %`,
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
  return (
    <div className="kpi-grid" data-testid="kpi-cards">
      {KPIS.map((kpi) => {
        const change = changeText(current[kpi.key], previous[kpi.key], kpi.kind);
        const tone = change.direction === 0 ? 'neutral' : change.direction > 0 === kpi.isGoodWhenUp ? 'good' : 'bad';
        return (
          <div className="kpi-card" key={kpi.key} data-testid={`kpi-${kpi.key}`}>
            <div className="kpi-label">{kpi.label}</div>
            <div className="kpi-value" data-testid={`kpi-${kpi.key}-value`}>
              {valueText(current[kpi.key], kpi.kind, currency)}
            </div>
            <div className={`kpi-change is-${tone}`} data-testid={`kpi-${kpi.key}-change`}>
              {change.text} <span className="text-body-secondary fw-normal">vs previous period</span>
            </div>
          </div>
        );
      })}
    </div>
  );
}
