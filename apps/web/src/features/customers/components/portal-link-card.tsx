// The customer's portal (docs/product-rules.md#customer-portal) from the merchant's side: e-mail the
// customer a sign-in link, or take one to copy (a phone call, a chat). Each link works once, 30 minutes.
import type { Customer } from '@kassa/contract/customers';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { showToast, toastApiError } from '../../../lib/toast.ts';
import { createPortalLink } from '../api/customers-api.ts';

const TEXT = {
  title: 'Customer portal',
  intro:
    'The customer sees their subscriptions, invoices, receipts and saved cards. A link works once, for 30 minutes.',
  send: 'E-mail sign-in link',
  copy: 'Get link to copy',
  sent: (to: string) => `Sign-in link sent to ${to}.`,
  failed: 'The link could not be made.',
  linkLabel: 'Sign-in link',
};

export function PortalLinkCard({ customer }: { customer: Customer }) {
  const [busy, setBusy] = useState(false);
  const [link, setLink] = useState<string | null>(null);
  const make = async (sendEmail: boolean) => {
    setBusy(true);
    try {
      const { result } = await createPortalLink(customer.id, sendEmail);
      if (result.sent_to) showToast('success', TEXT.sent(result.sent_to));
      else {
        setLink(result.url);
        await navigator.clipboard?.writeText(result.url).catch(() => undefined);
      }
    } catch (error) {
      toastApiError(error, TEXT.failed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card className="mb-3" data-testid="customer-portal-link">
      <Card.Header>{TEXT.title}</Card.Header>
      <Card.Body>
        <p className="text-body-secondary">{TEXT.intro}</p>
        <div className="d-flex gap-2 flex-wrap">
          {customer.email && (
            <Button variant="outline-primary" disabled={busy} onClick={() => make(true)} data-testid="portal-link-send">
              {TEXT.send}
            </Button>
          )}
          <Button
            variant="outline-secondary"
            disabled={busy}
            onClick={() => make(false)}
            data-testid="portal-link-copy"
          >
            {TEXT.copy}
          </Button>
        </div>
        {link && (
          <Form.Group className="mt-3" controlId="portal-link-url">
            <Form.Label>{TEXT.linkLabel}</Form.Label>
            <Form.Control readOnly value={link} onFocus={(e) => e.target.select()} data-testid="portal-link-url" />
          </Form.Group>
        )}
      </Card.Body>
    </Card>
  );
}
