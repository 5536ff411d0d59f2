// A change of quantity or price, priced before it is made: the server's preview gives the credit for
// the unused time and the charge at the new plan, then the merchant chooses how to bill the difference.
import { formatMoney } from '@kassa/contract/money';
import { describeCycle } from '@kassa/contract/prices';
import { type ProrationPreview, QUANTITY_MAX, type SubscriptionDetail } from '@kassa/contract/subscriptions';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { usePaymentMode } from '../../../lib/payment-mode.ts';
import { showToast, toastApiError } from '../../../lib/toast.ts';
import { changeSubscription, useRecurringPrices } from '../api/subscriptions-api.ts';

export function ChangePlanCard({ sub, onChanged }: { sub: SubscriptionDetail; onChanged: () => void }) {
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
        showToast('success', 'Subscription updated.');
        onChanged();
      }
    } catch (changeError) {
      toastApiError(changeError, 'The change was not made.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card data-testid="change-plan">
      <Card.Body>
        <Card.Title as="h2" className="h6">
          Change the plan
        </Card.Title>
        <Form.Group className="mb-2" controlId="change-price">
          <Form.Label>Price</Form.Label>
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
                  {formatMoney(p.amount, p.currency)} {describeCycle(p)}
                </option>
              ))}
            {!prices.some((p) => p.id === sub.price_id) && <option value={sub.price_id}>Current price</option>}
          </Form.Select>
        </Form.Group>
        <Form.Group className="mb-2" controlId="change-quantity">
          <Form.Label>Quantity</Form.Label>
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
          <Form.Control.Feedback type="invalid">Enter a whole quantity from 1 to {QUANTITY_MAX}.</Form.Control.Feedback>
        </Form.Group>
        <Form.Group className="mb-3" controlId="change-behavior">
          <Form.Label>Bill the difference</Form.Label>
          <Form.Select value={behavior} onChange={(e) => setBehavior(e.target.value)}>
            <option value="create_prorations">On the next invoice</option>
            <option value="always_invoice">Now, on its own invoice</option>
            <option value="none">Not at all (the new plan starts next period)</option>
          </Form.Select>
        </Form.Group>
        {preview && (
          <p className="small" data-testid="proration-preview">
            Credit for unused time {formatMoney(preview.credit, preview.currency)}, charge for the rest of the period{' '}
            {formatMoney(preview.charge, preview.currency)}:{' '}
            <strong>{formatMoney(preview.net, preview.currency)}</strong>
            {behavior === 'none' ? ' (not billed)' : ''}.
          </p>
        )}
        <Button
          variant="outline-primary"
          className="me-2"
          disabled={busy || invalid}
          onClick={() => run(true)}
          data-testid="change-preview"
        >
          Preview
        </Button>
        <Button disabled={busy || invalid || !preview} onClick={() => run(false)} data-testid="change-apply">
          Apply the change
        </Button>
      </Card.Body>
    </Card>
  );
}
