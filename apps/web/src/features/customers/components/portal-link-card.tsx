// The customer's portal (docs/product-rules.md#customer-portal) from the merchant's side: e-mail the
// customer a sign-in link, or take one to copy (a phone call, a chat). Each link works once, 30 minutes.
import type { Customer } from '@kassa/contract/customers';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { showToast, toastApiError } from '../../../lib/toast.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { createPortalLink } from '../api/customers-api.ts';

export function PortalLinkCard({ customer }: { customer: Customer }) {
  const { t } = usePortalI18n();
  const [busy, setBusy] = useState(false);
  const [link, setLink] = useState<string | null>(null);
  const make = async (sendEmail: boolean) => {
    setBusy(true);
    try {
      const { result } = await createPortalLink(customer.id, sendEmail);
      if (result.sent_to) showToast('success', t('customers.portal.sent', { email: result.sent_to }));
      else {
        setLink(result.url);
        await navigator.clipboard?.writeText(result.url).catch(() => undefined);
      }
    } catch (error) {
      toastApiError(error, t('customers.portal.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card className="mb-3" data-testid="customer-portal-link">
      <Card.Header>{t('customers.portal.title')}</Card.Header>
      <Card.Body>
        <p className="text-body-secondary">{t('customers.portal.intro')}</p>
        <div className="d-flex gap-2 flex-wrap">
          {customer.email && (
            <Button variant="outline-primary" disabled={busy} onClick={() => make(true)} data-testid="portal-link-send">
              {t('customers.portal.send')}
            </Button>
          )}
          <Button
            variant="outline-secondary"
            disabled={busy}
            onClick={() => make(false)}
            data-testid="portal-link-copy"
          >
            {t('customers.portal.copy')}
          </Button>
        </div>
        {link && (
          <Form.Group className="mt-3" controlId="portal-link-url">
            <Form.Label>{t('customers.portal.link')}</Form.Label>
            <Form.Control readOnly value={link} onFocus={(e) => e.target.select()} data-testid="portal-link-url" />
          </Form.Group>
        )}
      </Card.Body>
    </Card>
  );
}
