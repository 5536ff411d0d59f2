// One endpoint's delivery log, newest first: when, which event, the answer of the latest attempt
// (status code, time taken, start of the body or the error), and Retry to send it again now.
import type { WebhookDelivery } from '@kassa/contract/webhooks';
import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { type Column, DataTable } from '../../../components/data-list/data-table.tsx';
import { showToast, toastApiError } from '../../../lib/toast.ts';
import { DELIVERIES_PAGE_SIZE, retryWebhookDelivery, useWebhookDeliveries } from '../api/webhooks-api.ts';
import './webhook-deliveries.css';
import { buttonsColumn } from '../../../components/data-list/actions-column.tsx';

const STATUS_VARIANT: Record<WebhookDelivery['status'], string> = {
  pending: 'secondary',
  delivered: 'success',
  failed: 'danger',
};

/** Each delivery's latest attempt (attempts come newest first), and Retry when `onRetry` is given. */
function deliveryColumns({
  retrying,
  onRetry,
}: {
  retrying: string | null;
  onRetry?: (delivery: WebhookDelivery) => void;
}): Column<WebhookDelivery>[] {
  return [
    {
      key: 'time',
      header: 'Time',
      cellClassName: 'text-nowrap',
      cell: (delivery) => new Date(delivery.attempts[0]?.attempted_at ?? delivery.created_at).toLocaleString(),
    },
    { key: 'event', header: 'Event', cell: (delivery) => <code>{delivery.event_type}</code> },
    {
      key: 'status',
      header: 'Status',
      cell: (delivery) => (
        <>
          <Badge bg={STATUS_VARIANT[delivery.status]}>{delivery.status}</Badge>
          {delivery.attempt_count > 1 && (
            <span className="small text-body-secondary ms-1">{delivery.attempt_count} attempts</span>
          )}
        </>
      ),
    },
    {
      key: 'code',
      header: 'Code',
      cellTestId: 'webhook-delivery-code',
      cell: (delivery) => delivery.attempts[0]?.status_code ?? '—',
    },
    {
      key: 'duration',
      header: 'Duration',
      cell: (delivery) => {
        const last = delivery.attempts[0];
        return last ? `${last.duration_ms} ms` : '—';
      },
    },
    {
      key: 'response',
      header: 'Response',
      cellClassName: 'small text-break webhook-response-cell',
      cell: (delivery) => delivery.attempts[0]?.error ?? delivery.attempts[0]?.response_snippet ?? '',
    },
    buttonsColumn(
      (delivery) =>
        onRetry && (
          <Button
            size="sm"
            variant="outline-primary"
            disabled={retrying === delivery.id}
            onClick={() => onRetry(delivery)}
            data-testid="webhook-delivery-retry"
          >
            Retry
          </Button>
        ),
      { wrap: true },
    ),
  ];
}

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

  const pages = data ? Math.max(1, Math.ceil(data.count / DELIVERIES_PAGE_SIZE)) : 1;
  return (
    <div data-testid="webhook-deliveries">
      <DataTable
        rows={data?.results}
        error={error}
        onRetry={() => void mutate()}
        loadingLabel="Loading deliveries…"
        empty={
          <p className="small text-body-secondary mb-0" data-testid="webhook-deliveries-empty">
            Nothing sent yet. Use Send test event to try the endpoint.
          </p>
        }
        size="sm"
        hover={false}
        className="mb-2 align-middle"
        rowTestId="webhook-delivery-row"
        rowKey={(delivery) => delivery.id}
        columns={deliveryColumns({ retrying, onRetry: canRetry ? (delivery) => void retry(delivery) : undefined })}
      />
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
