// A product's prices in the product's editor: one-off and recurring, each archivable (amounts never
// change once subscriptions may follow them), and a form to add one with the contract's rules.
import { billingInterval } from '@kassa/contract/billing-calendar';
import { formatMoney, toMinor } from '@kassa/contract/money';
import { describeCycle, priceCreate } from '@kassa/contract/prices';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { usePaymentMode } from '../../../lib/payment-mode.ts';
import { confirmDialog, showToast, toastApiError } from '../../../lib/toast.ts';
import { archivePrice, createPrice, useProductPrices } from '../api/subscriptions-api.ts';

export function ProductPricesCard({ productId, currency }: { productId: string; currency: string }) {
  const mode = usePaymentMode();
  const { data, mutate } = useProductPrices(productId);
  const [amount, setAmount] = useState('');
  const [interval, setInterval] = useState('month');
  const [count, setCount] = useState('1');
  const [trial, setTrial] = useState('0');
  const [error, setError] = useState<string | null>(null);

  const add = async () => {
    let minor: number;
    try {
      minor = toMinor(amount, currency);
    } catch {
      setError('Enter the amount, like 19.99');
      return;
    }
    const parsed = priceCreate.safeParse({
      product_id: productId,
      amount: minor,
      currency,
      interval: interval === 'once' ? null : interval,
      interval_count: Number(count),
      trial_days: Number(trial),
      mode,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the price');
      return;
    }
    setError(null);
    try {
      await createPrice(parsed.data);
      setAmount('');
      await mutate();
      showToast('success', 'Price created.');
    } catch (createError) {
      toastApiError(createError, 'The price was not created.');
    }
  };
  const archive = async (id: string) => {
    if (
      !(await confirmDialog({
        title: 'Archive this price?',
        text: 'Subscriptions on it keep renewing; no new one can use it.',
        confirmButtonText: 'Archive it',
        cancelButtonText: 'Keep it',
      }))
    )
      return;
    try {
      await archivePrice(id);
      await mutate();
    } catch (archiveError) {
      toastApiError(archiveError, 'The price was not archived.');
    }
  };
  const prices = (data?.results ?? []).filter((p) => p.mode === mode);
  return (
    <div data-testid="product-prices">
      <h3 className="h6 mt-3">Prices ({mode} mode)</h3>
      {prices.length === 0 ? (
        <p className="small text-body-secondary">No prices yet: the product sells at its unit price.</p>
      ) : (
        <Table size="sm">
          <tbody>
            {prices.map((p) => (
              <tr key={p.id} data-testid="product-price-row">
                <td>
                  {formatMoney(p.amount, p.currency)} {describeCycle(p)}
                  {p.trial_days ? `, ${p.trial_days}-day trial` : ''}
                </td>
                <td className="text-end">
                  {p.active ? (
                    <Button size="sm" variant="link" onClick={() => archive(p.id)}>
                      Archive
                    </Button>
                  ) : (
                    <span className="small text-body-secondary">archived</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <div className="d-flex flex-wrap gap-2 align-items-end">
        <Form.Control
          size="sm"
          style={{ maxWidth: 110 }}
          aria-label={`Amount in ${currency}`}
          placeholder={`Amount (${currency})`}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          isInvalid={Boolean(error)}
          data-testid="price-amount"
        />
        <Form.Select
          size="sm"
          style={{ maxWidth: 130 }}
          aria-label="Billed"
          value={interval}
          onChange={(e) => setInterval(e.target.value)}
          data-testid="price-interval"
        >
          <option value="once">once</option>
          {billingInterval.options.map((i) => (
            <option key={i} value={i}>
              every {i}
            </option>
          ))}
        </Form.Select>
        {interval !== 'once' && (
          <>
            <Form.Control
              size="sm"
              type="number"
              min={1}
              style={{ maxWidth: 80 }}
              aria-label="Intervals per period"
              value={count}
              onChange={(e) => setCount(e.target.value)}
            />
            <Form.Control
              size="sm"
              type="number"
              min={0}
              style={{ maxWidth: 100 }}
              aria-label="Trial days"
              placeholder="Trial days"
              value={trial}
              onChange={(e) => setTrial(e.target.value)}
            />
          </>
        )}
        <Button size="sm" onClick={add} data-testid="price-add">
          Add price
        </Button>
      </div>
      {error && <div className="invalid-feedback d-block">{error}</div>}
    </div>
  );
}
