// The merchant's dunning: on which days after a failed renewal to try the card again, and what the
// subscription becomes after the last failed try. Rules from the contract's billingSettingsSchema.
import { type BillingSettings, billingSettingsSchema } from '@kassa/contract/subscriptions';
import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { showToast, toastApiError } from '../../../lib/toast.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { validationText } from '../../../lib/validation-text.ts';
import { saveBillingSettings, useBillingSettings } from '../api/subscriptions-api.ts';

export function BillingSettingsCard() {
  const i18n = usePortalI18n();
  const { t } = i18n;
  const { data, mutate } = useBillingSettings();
  const [days, setDays] = useState('');
  const [after, setAfter] = useState<BillingSettings['after_last_retry']>('canceled');
  const [mayCancel, setMayCancel] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!data) return;
    setDays(data.retry_days.join(', '));
    setAfter(data.after_last_retry);
    setMayCancel(data.customers_may_cancel ?? true);
  }, [data]);

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    const retryDays = days
      .split(',')
      .map((d) => d.trim())
      .filter(Boolean)
      .map(Number);
    const parsed = billingSettingsSchema.safeParse({
      retry_days: retryDays,
      after_last_retry: after,
      customers_may_cancel: mayCancel,
    });
    if (!parsed.success) {
      setError(
        parsed.error.issues[0]
          ? validationText(parsed.error.issues[0].message, i18n)
          : t('subscriptions.settings.check'),
      );
      return;
    }
    setError(null);
    setSaving(true);
    try {
      await saveBillingSettings(parsed.data);
      await mutate();
      showToast('success', t('subscriptions.settings.saved'));
    } catch (saveError) {
      toastApiError(saveError, t('subscriptions.settings.failed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card className="mt-4" data-testid="billing-settings">
      <Card.Body>
        <Card.Title as="h2" className="h6">
          {t('subscriptions.settings.title')}
        </Card.Title>
        <Form onSubmit={save} noValidate>
          <Form.Group className="mb-3" controlId="retry-days">
            <Form.Label>{t('subscriptions.settings.retryDays')}</Form.Label>
            <Form.Control
              value={days}
              onChange={(e) => setDays(e.target.value)}
              isInvalid={Boolean(error)}
              placeholder="1, 3, 5, 7"
              data-testid="retry-days"
            />
            <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
            <Form.Text>{t('subscriptions.settings.retryHelp')}</Form.Text>
          </Form.Group>
          <Form.Group className="mb-3" controlId="after-last-retry">
            <Form.Label>{t('subscriptions.settings.after')}</Form.Label>
            <Form.Select value={after} onChange={(e) => setAfter(e.target.value as typeof after)}>
              <option value="canceled">{t('subscriptions.settings.cancel')}</option>
              <option value="unpaid">{t('subscriptions.settings.unpaid')}</option>
            </Form.Select>
          </Form.Group>
          <Form.Check
            className="mb-3"
            id="customers-may-cancel"
            data-testid="customers-may-cancel"
            checked={mayCancel}
            onChange={(e) => setMayCancel(e.target.checked)}
            label={t('subscriptions.settings.mayCancel')}
          />
          <Button type="submit" disabled={saving || !data}>
            {saving ? t('invoices.editor.saving') : t('subscriptions.settings.save')}
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}
