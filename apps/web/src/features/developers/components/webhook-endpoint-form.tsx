// Add or change an endpoint: its URL, an optional note, and every event or a chosen few.
import { SUBSCRIBABLE_EVENT_TYPES, type WebhookEndpoint, type WebhookEventType } from '@kassa/contract/webhooks';
import { type FormEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { PendingButton } from '../../../components/pending-button.tsx';
import { localReceiverHint, webhookEventDescription } from '../../../lib/contract-texts.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';

export interface EndpointFormValues {
  url: string;
  description: string;
  events: 'all' | WebhookEventType[];
}

interface Props {
  initial?: WebhookEndpoint;
  /** Field errors from the server, by field name. */
  errors: Record<string, string>;
  onSubmit: (values: EndpointFormValues) => Promise<void>;
  onCancel: () => void;
}

export function WebhookEndpointForm({ initial, errors, onSubmit, onCancel }: Props) {
  const { t } = usePortalI18n();
  const [url, setUrl] = useState(initial?.url ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [all, setAll] = useState(initial ? initial.events === 'all' : true);
  const [chosen, setChosen] = useState<WebhookEventType[]>(initial && initial.events !== 'all' ? initial.events : []);
  const [pending, setPending] = useState(false);
  const [localError, setLocalError] = useState<string | null>(null);

  const toggle = (type: WebhookEventType) =>
    setChosen((current) => (current.includes(type) ? current.filter((c) => c !== type) : [...current, type]));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!all && chosen.length === 0) {
      setLocalError(t('developers.form.eventsRequired'));
      return;
    }
    setLocalError(null);
    setPending(true);
    try {
      await onSubmit({ url: url.trim(), description: description.trim(), events: all ? 'all' : chosen });
    } finally {
      setPending(false);
    }
  };

  const eventsError = localError ?? errors.events;
  return (
    <Form noValidate onSubmit={(e) => void submit(e)} data-testid="webhook-endpoint-form" className="mb-3">
      <Form.Group className="mb-2" controlId="webhook-url">
        <Form.Label>{t('developers.form.url')}</Form.Label>
        <Form.Control
          type="url"
          value={url}
          placeholder={t('developers.form.urlPlaceholder')}
          onChange={(e) => setUrl(e.target.value)}
          isInvalid={Boolean(errors.url)}
          data-testid="webhook-url"
        />
        <Form.Control.Feedback type="invalid">{errors.url}</Form.Control.Feedback>
        <Form.Text data-testid="webhook-url-help">
          {t('developers.form.urlHelp')} {localReceiverHint(t)}
        </Form.Text>
      </Form.Group>
      <Form.Group className="mb-2" controlId="webhook-description">
        <Form.Label>{t('developers.form.description')}</Form.Label>
        <Form.Control
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          isInvalid={Boolean(errors.description)}
          data-testid="webhook-description"
        />
        <Form.Control.Feedback type="invalid">{errors.description}</Form.Control.Feedback>
      </Form.Group>
      <fieldset className="mb-2">
        <legend className="form-label fs-6">{t('developers.form.events')}</legend>
        <Form.Check
          id="webhook-events-all"
          label={t('developers.form.allEvents')}
          checked={all}
          onChange={(e) => setAll(e.target.checked)}
          data-testid="webhook-events-all"
        />
        {!all &&
          SUBSCRIBABLE_EVENT_TYPES.map((type) => (
            <Form.Check
              key={type}
              id={`webhook-event-${type}`}
              label={
                <>
                  <code>{type}</code>{' '}
                  <span className="small text-body-secondary">{webhookEventDescription(type, t)}</span>
                </>
              }
              checked={chosen.includes(type)}
              onChange={() => toggle(type)}
              data-testid={`webhook-event-${type}`}
            />
          ))}
        {eventsError && (
          <div className="invalid-feedback d-block" data-testid="webhook-events-error">
            {eventsError}
          </div>
        )}
      </fieldset>
      <div className="d-flex gap-2 justify-content-end">
        <Button variant="outline-secondary" onClick={onCancel} data-testid="webhook-cancel">
          {t('developers.form.cancel')}
        </Button>
        <PendingButton
          type="submit"
          pending={pending}
          label={initial ? t('developers.form.save') : t('developers.form.add')}
          pendingLabel={t('developers.form.saving')}
          testId="webhook-save"
        />
      </div>
    </Form>
  );
}
