// One endpoint's delivery log, newest first: when, which event, the answer of the latest attempt
// (status code, time taken, start of the body or the error), and Retry to send it again now.
import type { WebhookDelivery } from '@kassa/contract/webhooks';
import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { ListError, ListLoading } from '../../../components/data-list/list-states.tsx';
import { showToast, toastApiError } from '../../../lib/toast.ts';
import { DELIVERIES_PAGE_SIZE, retryWebhookDelivery, useWebhookDeliveries } from '../api/webhooks-api.ts';

const STATUS_VARIANT: Record<WebhookDelivery['status'], string> = {
  pending: 'secondary',
  delivered: 'success',
  failed: 'danger',
};

export function WebhookDeliveries({ endpointId, canRetry }: { endpointId: string; canRetry: boolean }) {
  const [page, setPage] = useState(1);
  const { data, error, mutate } = useWebhookDeliveries(endpointId, page);
  const [retrying, setRetrying] = useState<string | null>(null);

  const retry = async (delivery: WebhookDelivery) => {
    setRetrying(delivery.id);
    try {
      const response = await retryWebhookDelivery(endpointId, delivery.id);
      showToast('success', response.message ?? 'The delivery will be sent again in a moment.');
      await mutate();
    } catch (err) {
      toastApiError(err, 'The delivery was not retried.');
    } finally {
      setRetrying(null);
    }
  };

  if (error && !data) return <ListError error={error} onRetry={() => void mutate()} />;
  if (!data) return <ListLoading label="Loading deliveries…" />;
  if (data.count === 0) {
    return (
      <p className="small text-body-secondary mb-0" data-testid="webhook-deliveries-empty">
        Nothing sent yet. Use Send test to try the endpoint.
      </p>
    );
  }
  const pages = Math.max(1, Math.ceil(data.count / DELIVERIES_PAGE_SIZE));
  return (
    <div data-testid="webhook-deliveries">
      <Table size="sm" responsive className="mb-2 align-middle">
        <thead>
          <tr>
            <th>Time</th>
            <th>Event</th>
            <th>Status</th>
            <th>Code</th>
            <th>Duration</th>
            <th>Response</th>
            <th aria-label="Actions" />
          </tr>
        </thead>
        <tbody>
          {data.results.map((delivery) => {
            const last = delivery.attempts[0];
            return (
              <tr key={delivery.id} data-testid="webhook-delivery-row">
                <td className="text-nowrap">{new Date(last?.attempted_at ?? delivery.created_at).toLocaleString()}</td>
                <td>
                  <code>{delivery.event_type}</code>
                </td>
                <td>
                  <Badge bg={STATUS_VARIANT[delivery.status]}>{delivery.status}</Badge>
                  {delivery.attempt_count > 1 && (
                    <span className="small text-body-secondary ms-1">{delivery.attempt_count} attempts</span>
                  )}
                </td>
                <td data-testid="webhook-delivery-code">{last?.status_code ?? '—'}</td>
                <td>{last ? `${last.duration_ms} ms` : '—'}</td>
                <td className="small text-break" style={{ maxWidth: '18rem' }}>
                  {last?.error ?? last?.response_snippet ?? ''}
                </td>
                <td className="text-end">
                  {canRetry && (
                    <Button
                      size="sm"
                      variant="outline-primary"
                      disabled={retrying === delivery.id}
                      onClick={() => void retry(delivery)}
                      data-testid="webhook-delivery-retry"
                    >
                      Retry
                    </Button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </Table>
      {pages > 1 && (
        <div className="d-flex gap-2 align-items-center justify-content-end small">
          <Button size="sm" variant="link" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Newer
          </Button>
          <span>
            Page {page} of {pages}
          </span>
          <Button size="sm" variant="link" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Older
          </Button>
        </div>
      )}
    </div>
  );
}
