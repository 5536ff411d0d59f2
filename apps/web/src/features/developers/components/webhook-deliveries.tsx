// One endpoint's delivery log, newest first: when, which event, the answer of the latest attempt
// (status code, time taken, start of the body or the error), and Retry to send it again now.

import type { Translate } from '@kassa/contract/i18n/translate';
import type { WebhookDelivery } from '@kassa/contract/webhooks';
import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { type Column, DataTable } from '../../../components/data-list/data-table.tsx';
import { showToast, toastApiError } from '../../../lib/toast.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { DELIVERIES_PAGE_SIZE, retryWebhookDelivery, useWebhookDeliveries } from '../api/webhooks-api.ts';
import './webhook-deliveries.css';
import { buttonsColumn } from '../../../components/data-list/actions-column.tsx';
import { apiSuccessMessage } from '../../../lib/api-client.ts';

const STATUS_VARIANT: Record<WebhookDelivery['status'], string> = {
  pending: 'secondary',
  delivered: 'success',
  failed: 'danger',
};

/** Each delivery's latest attempt (attempts come newest first), and Retry when `onRetry` is given. */
function deliveryColumns({
  t,
  locale,
  retrying,
  onRetry,
}: {
  t: Translate;
  locale: string;
  retrying: string | null;
  onRetry?: (delivery: WebhookDelivery) => void;
}): Column<WebhookDelivery>[] {
  return [
    {
      key: 'time',
      header: t('developers.deliveries.col.time'),
      cellClassName: 'text-nowrap',
      cell: (delivery) => new Date(delivery.attempts[0]?.attempted_at ?? delivery.created_at).toLocaleString(locale),
    },
    {
      key: 'event',
      header: t('developers.deliveries.col.event'),
      cell: (delivery) => <code>{delivery.event_type}</code>,
    },
    {
      key: 'status',
      header: t('developers.deliveries.col.status'),
      cell: (delivery) => (
        <>
          <Badge bg={STATUS_VARIANT[delivery.status]}>{t(`developers.deliveries.status.${delivery.status}`)}</Badge>
          {delivery.attempt_count > 1 && (
            <span className="small text-body-secondary ms-1">
              {t('developers.deliveries.attempts', { count: delivery.attempt_count })}
            </span>
          )}
        </>
      ),
    },
    {
      key: 'code',
      header: t('developers.deliveries.col.code'),
      cellTestId: 'webhook-delivery-code',
      cell: (delivery) => delivery.attempts[0]?.status_code ?? '—',
    },
    {
      key: 'duration',
      header: t('developers.deliveries.col.duration'),
      cell: (delivery) => {
        const last = delivery.attempts[0];
        return last ? t('developers.deliveries.ms', { ms: String(last.duration_ms) }) : '—';
      },
    },
    {
      key: 'response',
      header: t('developers.deliveries.col.response'),
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
            {t('developers.deliveries.retry')}
          </Button>
        ),
      { wrap: true },
    ),
  ];
}

export function WebhookDeliveries({ endpointId, canRetry }: { endpointId: string; canRetry: boolean }) {
  const { t, locale } = usePortalI18n();
  const [page, setPage] = useState(1);
  const { data, error, mutate } = useWebhookDeliveries(endpointId, page);
  const [retrying, setRetrying] = useState<string | null>(null);

  const retry = async (delivery: WebhookDelivery) => {
    setRetrying(delivery.id);
    try {
      const response = await retryWebhookDelivery(endpointId, delivery.id);
      showToast('success', apiSuccessMessage(response.message, t('developers.deliveries.retried')));
      await mutate();
    } catch (err) {
      toastApiError(err, t('developers.deliveries.retryFailed'));
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
        loadingLabel={t('developers.deliveries.loading')}
        empty={
          <p className="small text-body-secondary mb-0" data-testid="webhook-deliveries-empty">
            {t('developers.deliveries.empty')}
          </p>
        }
        size="sm"
        hover={false}
        className="mb-2 align-middle"
        rowTestId="webhook-delivery-row"
        rowKey={(delivery) => delivery.id}
        columns={deliveryColumns({
          t,
          locale,
          retrying,
          onRetry: canRetry ? (delivery) => void retry(delivery) : undefined,
        })}
      />
      {pages > 1 && (
        <div className="d-flex gap-2 align-items-center justify-content-end small">
          <Button size="sm" variant="link" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('developers.deliveries.newer')}
          </Button>
          <span>{t('developers.deliveries.page', { page: String(page), pages: String(pages) })}</span>
          <Button size="sm" variant="link" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('developers.deliveries.older')}
          </Button>
        </div>
      )}
    </div>
  );
}
