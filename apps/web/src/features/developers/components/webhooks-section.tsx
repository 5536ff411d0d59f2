// The Webhooks part of the Developers page: the merchant's endpoints, adding and changing one, its
// signing secret shown once (on creation and on a roll) with a copy button, Send test, Roll secret,
// Delete after a confirmation, and each endpoint's delivery log with Retry.
import type { WebhookEndpoint } from '@kassa/contract/webhooks';
import { type ReactNode, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { ListError, ListLoading } from '../../../components/data-list/list-states.tsx';
import { confirmDialog, showToast, toastApiError } from '../../../lib/toast.ts';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  rollWebhookSecret,
  sendWebhookTest,
  updateWebhookEndpoint,
  useWebhookEndpoints,
} from '../api/webhooks-api.ts';
import { SecretReveal } from './secret-reveal.tsx';
import { WebhookDeliveries } from './webhook-deliveries.tsx';
import { type EndpointFormValues, WebhookEndpointForm } from './webhook-endpoint-form.tsx';

/** Field errors of a refused request, by field. */
function fieldErrors(error: unknown): Record<string, string> {
  if (!error || typeof error !== 'object' || !('errors' in error) || !Array.isArray(error.errors)) return {};
  return Object.fromEntries(
    (error.errors as { path?: unknown; message?: unknown }[])
      .filter((e) => typeof e.path === 'string' && typeof e.message === 'string')
      .map((e) => [String(e.path).split('.')[0], String(e.message)]),
  );
}

function EndpointStatus({ endpoint }: { endpoint: WebhookEndpoint }) {
  if (endpoint.enabled && endpoint.failing_since) {
    return (
      <Badge bg="warning" text="dark">
        Failing since {new Date(endpoint.failing_since).toLocaleString()}
      </Badge>
    );
  }
  if (endpoint.enabled) return <Badge bg="success">Enabled</Badge>;
  return <Badge bg="secondary">{endpoint.disabled_reason ? 'Turned off by Kassa' : 'Off'}</Badge>;
}

export function WebhooksSection() {
  const { data, error, mutate } = useWebhookEndpoints();
  const [editing, setEditing] = useState<'new' | string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [secret, setSecret] = useState<{ endpointId: string; value: string } | null>(null);
  const [openLogs, setOpenLogs] = useState<string[]>([]);
  const [busy, setBusy] = useState<string | null>(null);

  const startEditing = (which: 'new' | string) => {
    setErrors({});
    setEditing(which);
  };

  const save = async (values: EndpointFormValues, endpoint?: WebhookEndpoint) => {
    try {
      if (endpoint) {
        const response = await updateWebhookEndpoint(endpoint.id, values);
        showToast('success', response.message ?? 'Endpoint saved.');
      } else {
        const response = await createWebhookEndpoint(values);
        setSecret({ endpointId: response.result.id, value: response.result.secret });
        showToast('success', 'Endpoint added.');
      }
      setEditing(null);
      await mutate();
    } catch (err) {
      setErrors(fieldErrors(err));
      toastApiError(err, 'The endpoint was not saved.');
    }
  };

  /** Runs one endpoint action with its toast; the endpoint's buttons wait meanwhile. */
  const act = async (endpoint: WebhookEndpoint, work: () => Promise<{ message?: string }>, failure: string) => {
    setBusy(endpoint.id);
    try {
      const response = await work();
      if (response.message) showToast('success', response.message);
      await mutate();
    } catch (err) {
      toastApiError(err, failure);
    } finally {
      setBusy(null);
    }
  };

  const sendTest = (endpoint: WebhookEndpoint) =>
    act(
      endpoint,
      async () => {
        const response = await sendWebhookTest(endpoint.id);
        setOpenLogs((open) => (open.includes(endpoint.id) ? open : [...open, endpoint.id]));
        return response;
      },
      'The test event was not sent.',
    );

  const roll = async (endpoint: WebhookEndpoint) => {
    const confirmed = await confirmDialog({
      title: 'Roll the signing secret?',
      text: 'A new secret signs from now on. The old one keeps signing beside it for 24 hours, so update your receiver within a day.',
      confirmButtonText: 'Yes, roll it',
      cancelButtonText: 'No, keep it',
    });
    if (!confirmed) return;
    await act(
      endpoint,
      async () => {
        const response = await rollWebhookSecret(endpoint.id);
        setSecret({ endpointId: endpoint.id, value: response.result.secret });
        return response;
      },
      'The secret was not rolled.',
    );
  };

  const remove = async (endpoint: WebhookEndpoint) => {
    const confirmed = await confirmDialog({
      title: 'Delete this endpoint?',
      text: `${endpoint.url} stops receiving events at once, and its delivery log is deleted.`,
      confirmButtonText: 'Yes, delete it',
      cancelButtonText: 'No, keep it',
    });
    if (!confirmed) return;
    await act(endpoint, () => deleteWebhookEndpoint(endpoint.id), 'The endpoint was not deleted.');
  };

  const toggleEnabled = (endpoint: WebhookEndpoint) =>
    act(
      endpoint,
      () => updateWebhookEndpoint(endpoint.id, { enabled: !endpoint.enabled }),
      'The endpoint was not changed.',
    );

  const toggleLog = (id: string) =>
    setOpenLogs((open) => (open.includes(id) ? open.filter((o) => o !== id) : [...open, id]));

  let list: ReactNode;
  if (error && !data) list = <ListError error={error} onRetry={() => void mutate()} />;
  else if (!data) list = <ListLoading label="Loading webhook endpoints…" />;
  else if (data.length === 0 && editing !== 'new') {
    list = (
      <p className="text-body-secondary small mb-0" data-testid="webhooks-empty">
        No endpoints yet. Add one to receive payment and invoice events on your server.
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
              <div className="d-flex flex-wrap gap-2 align-items-center mb-1">
                <code className="text-break" data-testid="webhook-endpoint-url">
                  {endpoint.url}
                </code>
                <EndpointStatus endpoint={endpoint} />
              </div>
              {endpoint.description && <div className="small">{endpoint.description}</div>}
              <div className="small text-body-secondary mb-2" data-testid="webhook-endpoint-events">
                {endpoint.events === 'all' ? 'All events' : endpoint.events.join(', ')}
              </div>
              {endpoint.disabled_reason && (
                <Alert variant="warning" className="small py-2">
                  {endpoint.disabled_reason} Turn it on again once your receiver works.
                </Alert>
              )}
              <div className="d-flex flex-wrap gap-2">
                <Button
                  size="sm"
                  variant="outline-primary"
                  disabled={busy === endpoint.id || !endpoint.enabled}
                  onClick={() => void sendTest(endpoint)}
                  data-testid="webhook-test"
                >
                  Send test
                </Button>
                <Button
                  size="sm"
                  variant="outline-secondary"
                  disabled={busy === endpoint.id}
                  onClick={() => startEditing(endpoint.id)}
                  data-testid="webhook-edit"
                >
                  Edit
                </Button>
                <Button
                  size="sm"
                  variant="outline-secondary"
                  disabled={busy === endpoint.id}
                  onClick={() => void toggleEnabled(endpoint)}
                  data-testid="webhook-toggle"
                >
                  {endpoint.enabled ? 'Turn off' : 'Turn on'}
                </Button>
                <Button
                  size="sm"
                  variant="outline-secondary"
                  disabled={busy === endpoint.id}
                  onClick={() => void roll(endpoint)}
                  data-testid="webhook-roll"
                >
                  Roll secret
                </Button>
                <Button
                  size="sm"
                  variant="outline-danger"
                  disabled={busy === endpoint.id}
                  onClick={() => void remove(endpoint)}
                  data-testid="webhook-delete"
                >
                  Delete
                </Button>
                <Button
                  size="sm"
                  variant="link"
                  onClick={() => toggleLog(endpoint.id)}
                  data-testid="webhook-log-toggle"
                  aria-expanded={openLogs.includes(endpoint.id)}
                >
                  {openLogs.includes(endpoint.id) ? 'Hide deliveries' : 'Deliveries'}
                </Button>
              </div>
            </>
          )}
          {secret?.endpointId === endpoint.id && (
            <div className="mt-3" data-testid="webhook-secret">
              <SecretReveal secret={secret.value} label="Signing secret" testIdPrefix="webhook-secret" />
              <div className="small mt-1">
                Verify each request's <code>webhook-signature</code> with it, as the Standard Webhooks libraries do.
              </div>
              <Button
                size="sm"
                variant="link"
                className="px-0"
                onClick={() => setSecret(null)}
                data-testid="webhook-secret-done"
              >
                I have saved it
              </Button>
            </div>
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
            Webhooks
          </h2>
          <p className="small text-body-secondary mb-0">
            Kassa sends signed events (Standard Webhooks) to your server when payments and invoices change.
          </p>
        </div>
        {editing !== 'new' && (
          <Button size="sm" onClick={() => startEditing('new')} data-testid="webhook-add">
            Add endpoint
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
