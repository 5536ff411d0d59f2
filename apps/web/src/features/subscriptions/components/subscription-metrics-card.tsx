// MRR, active subscribers, churn and failed-payment recovery of the mode the Test mode switch shows
// (docs/product-rules.md#subscription-metrics), at the top of the Subscriptions page.
import { formatMoney } from '@kassa/contract/money';
import { formatRate, type SubscriptionMetrics } from '@kassa/contract/subscription-metrics';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { PageSpinner } from '../../../components/page-spinner.tsx';
import { useSubscriptionMetrics } from '../api/subscriptions-api.ts';

const amounts = (list: SubscriptionMetrics['mrr']) =>
  list.length === 0 ? formatMoney(0, 'USD') : list.map((a) => formatMoney(a.amount, a.currency)).join(' · ');

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
          Subscriptions
        </Card.Title>
        {isLoading ? (
          <PageSpinner label="Loading the subscription figures…" />
        ) : error || !data ? (
          <p className="text-danger mb-0">
            The subscription figures could not be loaded. Reload the page to try again.
          </p>
        ) : isEmpty ? (
          <p className="text-body-secondary mb-0" data-testid="metrics-empty">
            No subscriptions yet. MRR, churn and recovery show here once customers subscribe.
          </p>
        ) : (
          <Row className="g-3">
            <Figure
              id="mrr"
              label="Monthly recurring revenue"
              value={amounts(data.mrr)}
              note="Active and past-due subscriptions, per month"
            />
            <Figure
              id="subscribers"
              label="Active subscribers"
              value={new Intl.NumberFormat('en-US').format(data.active_subscribers)}
              note="Customers trialing, active or past due"
            />
            <Figure
              id="churn"
              label="Churn"
              value={formatRate(data.churn.rate)}
              note={
                data.churn.active_at_start === 0
                  ? `No subscriptions ${data.churn.window_days} days ago to compare with`
                  : `${data.churn.canceled} of ${data.churn.active_at_start} canceled in the last ${data.churn.window_days} days`
              }
            />
            <Figure
              id="recovery"
              label="Failed payments recovered"
              value={`${data.recovery.recovered_invoices} of ${data.recovery.failed_invoices}`}
              note={
                data.recovery.amount_recovered.length === 0
                  ? `Nothing recovered in the last ${data.recovery.window_days} days`
                  : `${amounts(data.recovery.amount_recovered)} in the last ${data.recovery.window_days} days`
              }
            />
          </Row>
        )}
      </Card.Body>
    </Card>
  );
}
