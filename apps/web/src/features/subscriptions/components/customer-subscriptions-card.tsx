// A customer's subscriptions on the customer page: each one's plan, status and period end, and a form
// to subscribe the customer to one of the merchant's recurring prices (charged to the newest saved
// card, or invoiced by e-mail).
import type { Customer } from '@kassa/contract/customers';
import { formatMoney } from '@kassa/contract/money';
import { describeCycle } from '@kassa/contract/prices';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { subscriptionDetailPath } from '../../../config/paths.ts';
import { showToast, toastApiError } from '../../../lib/toast.ts';
import { createSubscription, useRecurringPrices, useSubscriptions } from '../api/subscriptions-api.ts';
import { SubscriptionStatusBadge } from './subscription-status-badge.tsx';

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export function CustomerSubscriptionsCard({ customer, canCreate }: { customer: Customer; canCreate: boolean }) {
  const subs = useSubscriptions(`?customer_id=${encodeURIComponent(customer.id)}&page_size=100`);
  const prices = useRecurringPrices(customer.mode).data?.results ?? [];
  const [priceId, setPriceId] = useState('');
  const [collection, setCollection] = useState<'charge_automatically' | 'send_invoice'>('charge_automatically');
  const [busy, setBusy] = useState(false);
  const subscribe = async () => {
    setBusy(true);
    try {
      const res = await createSubscription({
        customer_id: customer.id,
        price_id: priceId,
        collection_method: collection,
      });
      await subs.mutate();
      showToast(
        res.result.status === 'incomplete' ? 'warning' : 'success',
        res.result.status === 'incomplete'
          ? 'Subscribed, but the first payment failed: the invoice stays open.'
          : 'Subscription created.',
      );
    } catch (createError) {
      toastApiError(createError, 'The subscription was not created.');
    } finally {
      setBusy(false);
    }
  };
  const rows = subs.data?.results ?? [];
  return (
    <Card className="mb-3" data-testid="customer-subscriptions">
      <Card.Body>
        <Card.Title as="h2" className="h6">
          Subscriptions
        </Card.Title>
        {!subs.data && !subs.error && <p className="small text-body-secondary">Loading…</p>}
        {subs.data && rows.length === 0 && <p className="small text-body-secondary">No subscriptions.</p>}
        {rows.length > 0 && (
          <Table size="sm" responsive>
            <tbody>
              {rows.map((s) => (
                <tr key={s.id}>
                  <td>
                    <Link to={subscriptionDetailPath(s.id)}>
                      {formatMoney(s.amount * s.quantity, s.currency)} {describeCycle(s)}
                    </Link>
                  </td>
                  <td>
                    <SubscriptionStatusBadge status={s.status} />
                  </td>
                  <td className="small">until {day.format(new Date(s.current_period_end))}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
        {canCreate && (
          <div className="d-flex flex-wrap gap-2 align-items-end">
            <Form.Group controlId="subscribe-price">
              <Form.Label className="small">Recurring price</Form.Label>
              <Form.Select
                size="sm"
                value={priceId}
                onChange={(e) => setPriceId(e.target.value)}
                data-testid="subscribe-price"
              >
                <option value="">Choose a price…</option>
                {prices.map((p) => (
                  <option key={p.id} value={p.id}>
                    {formatMoney(p.amount, p.currency)} {describeCycle(p)}
                    {p.trial_days ? `, ${p.trial_days}-day trial` : ''}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            <Form.Group controlId="subscribe-collection">
              <Form.Label className="small">Payment</Form.Label>
              <Form.Select
                size="sm"
                value={collection}
                onChange={(e) => setCollection(e.target.value as typeof collection)}
              >
                <option value="charge_automatically">Charge the saved card</option>
                <option value="send_invoice">E-mail an invoice</option>
              </Form.Select>
            </Form.Group>
            <Button size="sm" disabled={!priceId || busy} onClick={subscribe} data-testid="subscribe">
              Subscribe
            </Button>
          </div>
        )}
        {canCreate && prices.length === 0 && (
          <p className="small text-body-secondary mt-2 mb-0">
            Add a recurring price to a product first (Products page).
          </p>
        )}
      </Card.Body>
    </Card>
  );
}
