// A customer's subscriptions on the customer page: each one's plan, status and period end, and a form
// to subscribe the customer to one of the merchant's recurring prices (charged to the newest saved
// card, or invoiced by e-mail).
import type { Customer } from '@kassa/contract/customers';
import { formatMoney } from '@kassa/contract/money';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { subscriptionDetailPath } from '../../../config/paths.ts';
import { showToast, toastApiError } from '../../../lib/toast.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { createSubscription, useRecurringPrices, useSubscriptions } from '../api/subscriptions-api.ts';
import { SubscriptionStatusBadge } from './subscription-status-badge.tsx';
import { cycleText } from './subscription-text.ts';

export function CustomerSubscriptionsCard({ customer, canCreate }: { customer: Customer; canCreate: boolean }) {
  const { t, locale } = usePortalI18n();
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
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
          ? t('subscriptions.customer.incomplete')
          : t('subscriptions.customer.created'),
      );
    } catch (createError) {
      toastApiError(createError, t('subscriptions.customer.failed'));
    } finally {
      setBusy(false);
    }
  };
  const rows = subs.data?.results ?? [];
  return (
    <Card className="mb-3" data-testid="customer-subscriptions">
      <Card.Body>
        <Card.Title as="h2" className="h6">
          {t('subscriptions.title')}
        </Card.Title>
        {!subs.data && !subs.error && (
          <p className="small text-body-secondary">{t('subscriptions.customer.loading')}</p>
        )}
        {subs.data && rows.length === 0 && (
          <p className="small text-body-secondary">{t('subscriptions.customer.none')}</p>
        )}
        {rows.length > 0 && (
          <Table size="sm" responsive>
            <tbody>
              {rows.map((s) => (
                <tr key={s.id}>
                  <td>
                    <Link to={subscriptionDetailPath(s.id)}>
                      {formatMoney(s.amount * s.quantity, s.currency, locale)} {cycleText(t, s)}
                    </Link>
                  </td>
                  <td>
                    <SubscriptionStatusBadge status={s.status} />
                  </td>
                  <td className="small">
                    {t('subscriptions.customer.until', { date: day.format(new Date(s.current_period_end)) })}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
        {canCreate && (
          <div className="d-flex flex-wrap gap-2 align-items-end">
            <Form.Group controlId="subscribe-price">
              <Form.Label className="small">{t('subscriptions.customer.price')}</Form.Label>
              <Form.Select
                size="sm"
                value={priceId}
                onChange={(e) => setPriceId(e.target.value)}
                data-testid="subscribe-price"
              >
                <option value="">{t('subscriptions.customer.choosePrice')}</option>
                {prices.map((p) => (
                  <option key={p.id} value={p.id}>
                    {formatMoney(p.amount, p.currency, locale)} {cycleText(t, p)}
                    {p.trial_days ? t('subscriptions.trial', { days: p.trial_days }) : ''}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            <Form.Group controlId="subscribe-collection">
              <Form.Label className="small">{t('recurring.detail.payment')}</Form.Label>
              <Form.Select
                size="sm"
                value={collection}
                onChange={(e) => setCollection(e.target.value as typeof collection)}
              >
                <option value="charge_automatically">{t('subscriptions.customer.charge')}</option>
                <option value="send_invoice">{t('subscriptions.customer.sendInvoice')}</option>
              </Form.Select>
            </Form.Group>
            <Button size="sm" disabled={!priceId || busy} onClick={subscribe} data-testid="subscribe">
              {t('subscriptions.customer.subscribe')}
            </Button>
          </div>
        )}
        {canCreate && prices.length === 0 && (
          <p className="small text-body-secondary mt-2 mb-0">{t('subscriptions.customer.noPrices')}</p>
        )}
      </Card.Body>
    </Card>
  );
}
