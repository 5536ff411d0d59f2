// A change of quantity or price, priced before it is made: the server's preview gives the credit for
// the unused time and the charge at the new plan, then the merchant chooses how to bill the difference.
import { formatMoney } from '@kassa/contract/money';
import { type ProrationPreview, QUANTITY_MAX, type SubscriptionDetail } from '@kassa/contract/subscriptions';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { usePaymentMode } from '../../../lib/payment-mode.ts';
import { showToast, toastApiError } from '../../../lib/toast.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { changeSubscription, useRecurringPrices } from '../api/subscriptions-api.ts';
import { cycleText } from './subscription-text.ts';

export function ChangePlanCard({ sub, onChanged }: { sub: SubscriptionDetail; onChanged: () => void }) {
  const { t, locale } = usePortalI18n();
  const money = (amount: number, currency: string) => formatMoney(amount, currency, locale);
  const mode = usePaymentMode();
  const prices = useRecurringPrices(sub.mode ?? mode).data?.results ?? [];
  const [priceId, setPriceId] = useState(sub.price_id);
  const [quantity, setQuantity] = useState(String(sub.quantity));
  const [behavior, setBehavior] = useState('create_prorations');
  const [preview, setPreview] = useState<ProrationPreview | null>(null);
  const [busy, setBusy] = useState(false);
  const qty = Number(quantity);
  const invalid = !Number.isInteger(qty) || qty < 1 || qty > QUANTITY_MAX;
  const body = { price_id: priceId, quantity: qty, proration_behavior: behavior };

  const run = async (asPreview: boolean) => {
    setBusy(true);
    try {
      const result = await changeSubscription(sub.id, { ...body, preview: asPreview });
      setPreview(result.result.proration);
      if (!asPreview) {
        showToast('success', t('subscriptions.change.done'));
        onChanged();
      }
    } catch (changeError) {
      toastApiError(changeError, t('subscriptions.change.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card data-testid="change-plan">
      <Card.Body>
        <Card.Title as="h2" className="h6">
          {t('subscriptions.change.title')}
        </Card.Title>
        <Form.Group className="mb-2" controlId="change-price">
          <Form.Label>{t('subscriptions.change.price')}</Form.Label>
          <Form.Select
            value={priceId}
            onChange={(e) => {
              setPriceId(e.target.value);
              setPreview(null);
            }}
          >
            {prices
              .filter((p) => p.currency === sub.currency)
              .map((p) => (
                <option key={p.id} value={p.id}>
                  {money(p.amount, p.currency)} {cycleText(t, p)}
                </option>
              ))}
            {!prices.some((p) => p.id === sub.price_id) && (
              <option value={sub.price_id}>{t('subscriptions.change.current')}</option>
            )}
          </Form.Select>
        </Form.Group>
        <Form.Group className="mb-2" controlId="change-quantity">
          <Form.Label>{t('invoices.items.quantity')}</Form.Label>
          <Form.Control
            type="number"
            min={1}
            value={quantity}
            isInvalid={invalid}
            onChange={(e) => {
              setQuantity(e.target.value);
              setPreview(null);
            }}
            data-testid="change-quantity"
          />
          <Form.Control.Feedback type="invalid">
            {t('subscriptions.change.quantityError', { max: QUANTITY_MAX })}
          </Form.Control.Feedback>
        </Form.Group>
        <Form.Group className="mb-3" controlId="change-behavior">
          <Form.Label>{t('subscriptions.change.bill')}</Form.Label>
          <Form.Select value={behavior} onChange={(e) => setBehavior(e.target.value)}>
            <option value="create_prorations">{t('subscriptions.change.nextInvoice')}</option>
            <option value="always_invoice">{t('subscriptions.change.now')}</option>
            <option value="none">{t('subscriptions.change.notAtAll')}</option>
          </Form.Select>
        </Form.Group>
        {preview && (
          <p className="small" data-testid="proration-preview">
            {t('subscriptions.change.preview', {
              credit: money(preview.credit, preview.currency),
              charge: money(preview.charge, preview.currency),
            })}{' '}
            <strong>{money(preview.net, preview.currency)}</strong>
            {behavior === 'none' ? t('subscriptions.change.notBilled') : ''}.
          </p>
        )}
        <Button
          variant="outline-primary"
          className="me-2"
          disabled={busy || invalid}
          onClick={() => run(true)}
          data-testid="change-preview"
        >
          {t('subscriptions.change.previewButton')}
        </Button>
        <Button disabled={busy || invalid || !preview} onClick={() => run(false)} data-testid="change-apply">
          {t('subscriptions.change.apply')}
        </Button>
      </Card.Body>
    </Card>
  );
}
