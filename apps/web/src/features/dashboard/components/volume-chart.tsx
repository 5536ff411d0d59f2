// Gross volume per day as a bar chart (Recharts, docs/ARCHITECTURE.md#layers).
import type { DashboardCurrency } from '@kassa/contract/dashboard';
import { formatMoney, fromMinor } from '@kassa/contract/money';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

const dayFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

export function VolumeChart({ block }: { block: DashboardCurrency }) {
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
            formatter={(value) => [formatMoney(Number(value), block.currency), 'Gross volume']}
          />
          <Bar dataKey="gross_volume" fill="#4f46e5" radius={[4, 4, 0, 0]} maxBarSize={36} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
