// Gross volume per day as a bar chart (Recharts, docs/ARCHITECTURE.md#layers).
import type { DashboardCurrency } from '@kassa/contract/dashboard';
import { formatMoney, fromMinor } from '@kassa/contract/money';
import { useMemo } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';

export function VolumeChart({ block }: { block: DashboardCurrency }) {
  const { t, locale } = usePortalI18n();
  // The axis wants short days ("Dec 11") and compact amounts ("1.2K"), which the contract's helpers do not make.
  const { dayFormat, compact } = useMemo(
    () => ({
      dayFormat: new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' }),
      compact: new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }),
    }),
    [locale],
  );
  const data = block.series.map((point) => ({
    ...point,
    label: dayFormat.format(new Date(`${point.date}T00:00:00Z`)),
  }));
  return (
    <div className="volume-chart" data-testid="volume-chart">
      <ResponsiveContainer width="100%" height={280}>
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid vertical={false} stroke="#eef0f4" />
          <XAxis dataKey="label" tickLine={false} axisLine={false} minTickGap={16} fontSize={12} />
          <YAxis
            tickLine={false}
            axisLine={false}
            width={56}
            fontSize={12}
            tickFormatter={(value: number) => compact.format(Number(fromMinor(Math.round(value), block.currency)))}
          />
          <Tooltip
            cursor={{ fill: 'rgba(79, 70, 229, 0.06)' }}
            // Recharts styles its tooltip inline: the theme's colours go in the same way.
            contentStyle={{ background: 'var(--kassa-card)', borderColor: 'var(--kassa-border)' }}
            formatter={(value) => [formatMoney(Number(value), block.currency, locale), t('dashboard.kpi.grossVolume')]}
          />
          <Bar dataKey="gross_volume" fill="#4f46e5" radius={[4, 4, 0, 0]} maxBarSize={36} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
