// One webhook endpoint's card on the Developers page: what it is, its buttons, and its signing secret
// shown once after creation or a roll.
import type { WebhookEndpoint } from '@kassa/contract/webhooks';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { CodeInText } from './code-in-text.tsx';
import { SecretReveal } from './secret-reveal.tsx';

function EndpointStatus({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t, locale } = usePortalI18n();
  if (endpoint.enabled && endpoint.failing_since) {
    return (
      <Badge bg="warning" text="dark">
        {t('developers.webhooks.failingSince', { when: new Date(endpoint.failing_since).toLocaleString(locale) })}
      </Badge>
    );
  }
  if (endpoint.enabled) return <Badge bg="success">{t('developers.webhooks.enabled')}</Badge>;
  return (
    <Badge bg="secondary">
      {endpoint.disabled_reason ? t('developers.webhooks.turnedOffByKassa') : t('developers.webhooks.off')}
    </Badge>
  );
}

/** The endpoint's address, state, description and events, and why Kassa turned it off. */
export function EndpointSummary({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = usePortalI18n();
  return (
    <>
      <div className="d-flex flex-wrap gap-2 align-items-center mb-1">
        <code className="text-break" data-testid="webhook-endpoint-url">
          {endpoint.url}
        </code>
        <EndpointStatus endpoint={endpoint} />
      </div>
      {endpoint.description && <div className="small">{endpoint.description}</div>}
      <div className="small text-body-secondary mb-2" data-testid="webhook-endpoint-events">
        {endpoint.events === 'all' ? t('developers.webhooks.allEvents') : endpoint.events.join(', ')}
      </div>
      {endpoint.disabled_reason && (
        <Alert variant="warning" className="small py-2">
          {endpoint.disabled_reason} {t('developers.webhooks.turnOnAgain')}
        </Alert>
      )}
    </>
  );
}

/** Send test event, Edit, Turn on/off, Roll secret, Delete and the delivery log; they wait while one runs. */
export function EndpointActions({
  endpoint,
  busy,
  isLogOpen,
  onTest,
  onEdit,
  onToggle,
  onRoll,
  onDelete,
  onToggleLog,
}: {
  endpoint: WebhookEndpoint;
  busy: boolean;
  isLogOpen: boolean;
  onTest: () => void;
  onEdit: () => void;
  onToggle: () => void;
  onRoll: () => void;
  onDelete: () => void;
  onToggleLog: () => void;
}) {
  const { t } = usePortalI18n();
  return (
    <div className="d-flex flex-wrap gap-2">
      <Button
        size="sm"
        variant="outline-primary"
        disabled={busy || !endpoint.enabled}
        onClick={onTest}
        data-testid="webhook-test"
      >
        {t('developers.webhooks.sendTest')}
      </Button>
      <Button size="sm" variant="outline-secondary" disabled={busy} onClick={onEdit} data-testid="webhook-edit">
        {t('developers.webhooks.edit')}
      </Button>
      <Button size="sm" variant="outline-secondary" disabled={busy} onClick={onToggle} data-testid="webhook-toggle">
        {endpoint.enabled ? t('developers.webhooks.turnOff') : t('developers.webhooks.turnOn')}
      </Button>
      <Button size="sm" variant="outline-secondary" disabled={busy} onClick={onRoll} data-testid="webhook-roll">
        {t('developers.webhooks.rollSecret')}
      </Button>
      <Button size="sm" variant="outline-danger" disabled={busy} onClick={onDelete} data-testid="webhook-delete">
        {t('developers.webhooks.delete')}
      </Button>
      <Button size="sm" variant="link" onClick={onToggleLog} data-testid="webhook-log-toggle" aria-expanded={isLogOpen}>
        {isLogOpen ? t('developers.webhooks.hideDeliveries') : t('developers.webhooks.deliveries')}
      </Button>
    </div>
  );
}

/** The signing secret, shown once: the receiver verifies each request with it. */
export function SigningSecretNotice({ secret, onDone }: { secret: string; onDone: () => void }) {
  const { t } = usePortalI18n();
  return (
    <div className="mt-3" data-testid="webhook-secret">
      <SecretReveal secret={secret} label={t('developers.webhooks.signingSecret')} testIdPrefix="webhook-secret" />
      <div className="small mt-1">
        <CodeInText render={(header) => t('developers.webhooks.verifyWith', { header })} code="webhook-signature" />
      </div>
      <Button size="sm" variant="link" className="px-0" onClick={onDone} data-testid="webhook-secret-done">
        {t('developers.webhooks.savedIt')}
      </Button>
    </div>
  );
}
