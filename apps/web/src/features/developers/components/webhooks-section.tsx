// The Webhooks part of the Developers page: the merchant's endpoints, adding and changing one, its
// signing secret shown once (on creation and on a roll) with a copy button, Send test event, Roll secret,
// Delete after a confirmation (use-endpoint-actions.ts), and each endpoint's delivery log with Retry.
// Endpoints have a mode, as Stripe's test and live ones: the section shows and adds the endpoints of
// the header's Test mode switch, and a test endpoint never receives live payments.
import type { WebhookEndpoint } from '@kassa/contract/webhooks';
import { type ReactNode, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { ListError, ListLoading } from '../../../components/data-list/list-states.tsx';
import { apiSuccessMessage } from '../../../lib/api-client.ts';
import { fieldErrorText } from '../../../lib/api-error-text.ts';
import { usePaymentMode } from '../../../lib/payment-mode.ts';
import { showToast, toastApiError } from '../../../lib/toast.ts';
import { activePortalI18n, usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { createWebhookEndpoint, updateWebhookEndpoint, useWebhookEndpoints } from '../api/webhooks-api.ts';
import { useEndpointActions } from './use-endpoint-actions.ts';
import { WebhookDeliveries } from './webhook-deliveries.tsx';
import { type EndpointFormValues, WebhookEndpointForm } from './webhook-endpoint-form.tsx';
import { EndpointActions, EndpointSummary, SigningSecretNotice } from './webhook-endpoint-parts.tsx';

/** Field errors of a refused request, by field. */
function fieldErrors(error: unknown): Record<string, string> {
  if (!error || typeof error !== 'object' || !('errors' in error) || !Array.isArray(error.errors)) return {};
  return Object.fromEntries(
    (error.errors as { path?: unknown; message?: unknown }[])
      .filter((e) => typeof e.path === 'string' && typeof e.message === 'string')
      .map((e) => [String(e.path).split('.')[0], fieldErrorText(String(e.message), activePortalI18n())]),
  );
}

export function WebhooksSection() {
  const { t } = usePortalI18n();
  const mode = usePaymentMode();
  const { data, error, mutate } = useWebhookEndpoints(mode);
  const [editing, setEditing] = useState<'new' | string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [secret, setSecret] = useState<{ endpointId: string; value: string } | null>(null);
  const [openLogs, setOpenLogs] = useState<string[]>([]);
  const { busy, sendTest, roll, remove, toggleEnabled } = useEndpointActions({
    reload: mutate,
    onSecret: (endpointId, value) => setSecret({ endpointId, value }),
    openLog: (id) => setOpenLogs((open) => (open.includes(id) ? open : [...open, id])),
  });

  const startEditing = (which: 'new' | string) => {
    setErrors({});
    setEditing(which);
  };

  const save = async (values: EndpointFormValues, endpoint?: WebhookEndpoint) => {
    try {
      if (endpoint) {
        const response = await updateWebhookEndpoint(endpoint.id, values);
        showToast('success', apiSuccessMessage(response.message, t('developers.webhooks.saved')));
      } else {
        const response = await createWebhookEndpoint({ ...values, mode });
        setSecret({ endpointId: response.result.id, value: response.result.secret });
        showToast('success', t('developers.webhooks.added'));
      }
      setEditing(null);
      await mutate();
    } catch (err) {
      setErrors(fieldErrors(err));
      toastApiError(err, t('developers.webhooks.saveFailed'));
    }
  };

  const toggleLog = (id: string) =>
    setOpenLogs((open) => (open.includes(id) ? open.filter((o) => o !== id) : [...open, id]));

  let list: ReactNode;
  if (error && !data) list = <ListError error={error} onRetry={() => void mutate()} />;
  else if (!data) list = <ListLoading label={t('developers.webhooks.loading')} />;
  else if (data.length === 0 && editing !== 'new') {
    list = (
      <p className="text-body-secondary small mb-0" data-testid="webhooks-empty">
        {mode === 'test' ? t('developers.webhooks.emptyTest') : t('developers.webhooks.emptyLive')}
      </p>
    );
  } else {
    list = data.map((endpoint) => (
      <Card key={endpoint.id} className="mb-3" data-testid="webhook-endpoint">
        <Card.Body>
          {editing === endpoint.id ? (
            <WebhookEndpointForm
              initial={endpoint}
              errors={errors}
              onSubmit={(values) => save(values, endpoint)}
              onCancel={() => setEditing(null)}
            />
          ) : (
            <>
              <EndpointSummary endpoint={endpoint} />
              <EndpointActions
                endpoint={endpoint}
                busy={busy === endpoint.id}
                isLogOpen={openLogs.includes(endpoint.id)}
                onTest={() => void sendTest(endpoint)}
                onEdit={() => startEditing(endpoint.id)}
                onToggle={() => void toggleEnabled(endpoint)}
                onRoll={() => void roll(endpoint)}
                onDelete={() => void remove(endpoint)}
                onToggleLog={() => toggleLog(endpoint.id)}
              />
            </>
          )}
          {secret?.endpointId === endpoint.id && (
            <SigningSecretNotice secret={secret.value} onDone={() => setSecret(null)} />
          )}
          {openLogs.includes(endpoint.id) && (
            <div className="mt-3">
              <WebhookDeliveries endpointId={endpoint.id} canRetry={endpoint.enabled} />
            </div>
          )}
        </Card.Body>
      </Card>
    ));
  }

  return (
    <section data-testid="webhooks-section" aria-labelledby="webhooks-heading">
      <div className="d-flex justify-content-between align-items-center mb-2">
        <div>
          <h2 className="h5 mb-0" id="webhooks-heading">
            {t('developers.webhooks.title')}{' '}
            <Badge
              bg={mode === 'test' ? 'warning' : 'success'}
              text={mode === 'test' ? 'dark' : undefined}
              data-testid="webhooks-mode"
            >
              {mode === 'test' ? t('developers.webhooks.testEndpoints') : t('developers.webhooks.liveEndpoints')}
            </Badge>
          </h2>
          <p className="small text-body-secondary mb-0">
            {t('developers.webhooks.intro')}{' '}
            {mode === 'test' ? t('developers.webhooks.introTest') : t('developers.webhooks.introLive')}
          </p>
        </div>
        {editing !== 'new' && (
          <Button size="sm" onClick={() => startEditing('new')} data-testid="webhook-add">
            {t('developers.webhooks.add')}
          </Button>
        )}
      </div>
      {editing === 'new' && (
        <Card className="mb-3">
          <Card.Body>
            <WebhookEndpointForm
              errors={errors}
              onSubmit={(values) => save(values)}
              onCancel={() => setEditing(null)}
            />
          </Card.Body>
        </Card>
      )}
      {list}
    </section>
  );
}
