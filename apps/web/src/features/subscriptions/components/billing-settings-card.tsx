// The merchant's dunning: on which days after a failed renewal to try the card again, and what the
// subscription becomes after the last failed try. Rules from the contract's billingSettingsSchema.
import { type BillingSettings, billingSettingsSchema } from '@kassa/contract/subscriptions';
import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { showToast, toastApiError } from '../../../lib/toast.ts';
import { saveBillingSettings, useBillingSettings } from '../api/subscriptions-api.ts';

export function BillingSettingsCard() {
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
      setError(parsed.error.issues[0]?.message ?? 'Check the retry days');
      return;
    }
    setError(null);
    setSaving(true);
    try {
      await saveBillingSettings(parsed.data);
      await mutate();
      showToast('success', 'Billing settings saved.');
    } catch (saveError) {
      toastApiError(saveError, 'The settings were not saved.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card className="mt-4" data-testid="billing-settings">
      <Card.Body>
        <Card.Title as="h2" className="h6">
          Failed renewals
        </Card.Title>
        <Form onSubmit={save} noValidate>
          <Form.Group className="mb-3" controlId="retry-days">
            <Form.Label>Try the card again this many days after a failed renewal</Form.Label>
            <Form.Control
              value={days}
              onChange={(e) => setDays(e.target.value)}
              isInvalid={Boolean(error)}
              placeholder="1, 3, 5, 7"
              data-testid="retry-days"
            />
            <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
            <Form.Text>Each try e-mails the customer a link to pay the invoice or replace the card.</Form.Text>
          </Form.Group>
          <Form.Group className="mb-3" controlId="after-last-retry">
            <Form.Label>After the last failed try</Form.Label>
            <Form.Select value={after} onChange={(e) => setAfter(e.target.value as typeof after)}>
              <option value="canceled">Cancel the subscription</option>
              <option value="unpaid">Keep it as unpaid (the invoice stays open)</option>
            </Form.Select>
          </Form.Group>
          <Form.Check
            className="mb-3"
            id="customers-may-cancel"
            data-testid="customers-may-cancel"
            checked={mayCancel}
            onChange={(e) => setMayCancel(e.target.checked)}
            label="Customers may cancel a subscription at the end of its period in their customer portal"
          />
          <Button type="submit" disabled={saving || !data}>
            {saving ? 'Saving…' : 'Save'}
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}
