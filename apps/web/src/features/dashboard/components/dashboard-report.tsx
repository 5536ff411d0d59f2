// The dashboard for a period with payments: a currency switch when there were several, the key
// figures against the previous period, volume per day, and the breakdowns, all in one currency.
import type { DashboardCurrency, DashboardSummary } from '@kassa/contract/dashboard';
import { formatCalendarDate } from '@kassa/contract/date-display';
import Card from 'react-bootstrap/Card';
import Nav from 'react-bootstrap/Nav';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { Breakdowns } from './breakdowns.tsx';
import { KpiCards } from './kpi-cards.tsx';
import { VolumeChart } from './volume-chart.tsx';

export function DashboardReport({
  data,
  block,
  setCurrency,
}: {
  data: DashboardSummary;
  /** The currency shown. */
  block: DashboardCurrency;
  setCurrency: (currency: string) => void;
}) {
  const { t, locale } = usePortalI18n();
  const showDay = (day: string) => formatCalendarDate(day, locale);
  return (
    <>
      {data.currencies.length > 1 && (
        <Nav variant="pills" className="mb-3" data-testid="dashboard-currencies">
          {data.currencies.map((c) => (
            <Nav.Item key={c.currency}>
              <Nav.Link as="button" active={c.currency === block.currency} onClick={() => setCurrency(c.currency)}>
                {c.currency}
              </Nav.Link>
            </Nav.Item>
          ))}
        </Nav>
      )}
      <KpiCards current={block.current} previous={block.previous} currency={block.currency} />
      <Card className="dashboard-card mb-3">
        <Card.Body>
          <div className="d-flex justify-content-between flex-wrap gap-2 mb-2">
            <h2 className="h6 mb-0">{t('dashboard.chart.title')}</h2>
            <span className="small text-body-secondary">
              {t('dashboard.chart.period', {
                from: showDay(data.from),
                to: showDay(data.to),
                previousFrom: showDay(data.previous_from),
                previousTo: showDay(data.previous_to),
              })}
            </span>
          </div>
          <VolumeChart block={block} />
        </Card.Body>
      </Card>
      <Breakdowns block={block} />
    </>
  );
}
