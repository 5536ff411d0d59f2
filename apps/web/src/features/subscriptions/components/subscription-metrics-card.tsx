// MRR, active subscribers, churn and failed-payment recovery of the mode the Test mode switch shows
// (docs/product-rules.md#subscription-metrics), at the top of the Subscriptions page.
import { formatNumber } from '@kassa/contract/date-display';
import type { Locale } from '@kassa/contract/i18n/locales';
import { formatMoney } from '@kassa/contract/money';
import { formatRate, type SubscriptionMetrics } from '@kassa/contract/subscription-metrics';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { PageSpinner } from '../../../components/page-spinner.tsx';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { useSubscriptionMetrics } from '../api/subscriptions-api.ts';

const amounts = (list: SubscriptionMetrics['mrr'], locale: Locale) =>
  list.length === 0
    ? formatMoney(0, 'USD', locale)
    : list.map((a) => formatMoney(a.amount, a.currency, locale)).join(' · ');

function Figure({ id, label, value, note }: { id: string; label: string; value: string; note: string }) {
  return (
    <Col xs={12} sm={6} lg={3} data-testid={`metric-${id}`}>
      <div className="text-body-secondary small text-uppercase fw-semibold">{label}</div>
      <div className="fs-4 fw-bold" data-testid={`metric-${id}-value`}>
        {value}
      </div>
      <div className="text-body-secondary small">{note}</div>
    </Col>
  );
}

export function SubscriptionMetricsCard({ mode }: { mode: string }) {
  const { t, locale } = usePortalI18n();
  const { data, error, isLoading } = useSubscriptionMetrics(mode);
  // Empty only when no figure has anything in it, not merely when no one subscribes today.
  const isEmpty =
    data &&
    data.mrr.length === 0 &&
    data.active_subscribers === 0 &&
    data.churn.active_at_start === 0 &&
    data.recovery.failed_invoices === 0;
  return (
    <Card className="mb-4" data-testid="subscription-metrics">
      <Card.Body>
        <Card.Title as="h2" className="h6">
          {t('subscriptions.title')}
        </Card.Title>
        {isLoading ? (
          <PageSpinner label={t('subscriptions.metrics.loading')} />
        ) : error || !data ? (
          <p className="text-danger mb-0">{t('subscriptions.metrics.failed')}</p>
        ) : isEmpty ? (
          <p className="text-body-secondary mb-0" data-testid="metrics-empty">
            {t('subscriptions.metrics.empty')}
          </p>
        ) : (
          <Row className="g-3">
            <Figure
              id="mrr"
              label={t('subscriptions.metrics.mrr')}
              value={amounts(data.mrr, locale)}
              note={t('subscriptions.metrics.mrrNote')}
            />
            <Figure
              id="subscribers"
              label={t('subscriptions.metrics.subscribers')}
              value={formatNumber(data.active_subscribers, locale)}
              note={t('subscriptions.metrics.subscribersNote')}
            />
            <Figure
              id="churn"
              label={t('subscriptions.metrics.churn')}
              value={
                data.churn.rate === null
                  ? formatRate(null)
                  : t('subscriptions.metrics.rate', {
                      rate: formatNumber(Math.round(data.churn.rate * 1000) / 10, locale),
                    })
              }
              note={
                data.churn.active_at_start === 0
                  ? t('subscriptions.metrics.churnNone', { days: data.churn.window_days })
                  : t('subscriptions.metrics.churnNote', {
                      canceled: data.churn.canceled,
                      total: data.churn.active_at_start,
                      days: data.churn.window_days,
                    })
              }
            />
            <Figure
              id="recovery"
              label={t('subscriptions.metrics.recovery')}
              value={t('subscriptions.metrics.recoveryValue', {
                recovered: data.recovery.recovered_invoices,
                failed: data.recovery.failed_invoices,
              })}
              note={
                data.recovery.amount_recovered.length === 0
                  ? t('subscriptions.metrics.recoveryNone', { days: data.recovery.window_days })
                  : t('subscriptions.metrics.recoveryNote', {
                      amount: amounts(data.recovery.amount_recovered, locale),
                      days: data.recovery.window_days,
                    })
              }
            />
          </Row>
        )}
      </Card.Body>
    </Card>
  );
}
