// A product's prices in the product's editor: one-off and recurring, each archivable (amounts never
// change once subscriptions may follow them), and a form to add one with the contract's rules.
import { billingInterval } from '@kassa/contract/billing-calendar';
import { formatMoney, toMinor } from '@kassa/contract/money';
import { priceCreate } from '@kassa/contract/prices';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { usePaymentMode } from '../../../lib/payment-mode.ts';
import { confirmDialog, showToast, toastApiError } from '../../../lib/toast.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { validationText } from '../../../lib/validation-text.ts';
import { archivePrice, createPrice, useProductPrices } from '../api/subscriptions-api.ts';
import { cycleText } from './subscription-text.ts';

export function ProductPricesCard({ productId, currency }: { productId: string; currency: string }) {
  const i18n = usePortalI18n();
  const { t, locale } = i18n;
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
      setError(t('subscriptions.prices.amountError'));
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
      setError(
        parsed.error.issues[0] ? validationText(parsed.error.issues[0].message, i18n) : t('subscriptions.prices.check'),
      );
      return;
    }
    setError(null);
    try {
      await createPrice(parsed.data);
      setAmount('');
      await mutate();
      showToast('success', t('subscriptions.prices.created'));
    } catch (createError) {
      toastApiError(createError, t('subscriptions.prices.failed'));
    }
  };
  const archive = async (id: string) => {
    if (
      !(await confirmDialog({
        title: t('subscriptions.prices.archiveTitle'),
        text: t('subscriptions.prices.archiveText'),
        confirmButtonText: t('subscriptions.prices.archiveConfirm'),
        cancelButtonText: t('subscriptions.detail.keep'),
      }))
    )
      return;
    try {
      await archivePrice(id);
      await mutate();
    } catch (archiveError) {
      toastApiError(archiveError, t('subscriptions.prices.archiveFailed'));
    }
  };
  const prices = (data?.results ?? []).filter((p) => p.mode === mode);
  return (
    <div data-testid="product-prices">
      <h3 className="h6 mt-3">
        {mode === 'live' ? t('subscriptions.prices.titleLive') : t('subscriptions.prices.titleTest')}
      </h3>
      {prices.length === 0 ? (
        <p className="small text-body-secondary">{t('subscriptions.prices.none')}</p>
      ) : (
        <Table size="sm">
          <tbody>
            {prices.map((p) => (
              <tr key={p.id} data-testid="product-price-row">
                <td>
                  {formatMoney(p.amount, p.currency, locale)} {cycleText(t, p)}
                  {p.trial_days ? t('subscriptions.trial', { days: p.trial_days }) : ''}
                </td>
                <td className="text-end">
                  {p.active ? (
                    <Button size="sm" variant="link" onClick={() => archive(p.id)}>
                      {t('subscriptions.prices.archive')}
                    </Button>
                  ) : (
                    <span className="small text-body-secondary">{t('subscriptions.prices.archived')}</span>
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
          aria-label={t('subscriptions.prices.amountLabel', { currency })}
          placeholder={t('subscriptions.prices.amountPlaceholder', { currency })}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          isInvalid={Boolean(error)}
          data-testid="price-amount"
        />
        <Form.Select
          size="sm"
          style={{ maxWidth: 130 }}
          aria-label={t('subscriptions.prices.billed')}
          value={interval}
          onChange={(e) => setInterval(e.target.value)}
          data-testid="price-interval"
        >
          <option value="once">{t('subscriptions.cycle.once')}</option>
          {billingInterval.options.map((i) => (
            <option key={i} value={i}>
              {cycleText(t, { interval: i, interval_count: 1 })}
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
              aria-label={t('subscriptions.prices.count')}
              value={count}
              onChange={(e) => setCount(e.target.value)}
            />
            <Form.Control
              size="sm"
              type="number"
              min={0}
              style={{ maxWidth: 100 }}
              aria-label={t('subscriptions.prices.trialDays')}
              placeholder={t('subscriptions.prices.trialDays')}
              value={trial}
              onChange={(e) => setTrial(e.target.value)}
            />
          </>
        )}
        <Button size="sm" onClick={add} data-testid="price-add">
          {t('subscriptions.prices.add')}
        </Button>
      </div>
      {error && <div className="invalid-feedback d-block">{error}</div>}
    </div>
  );
}
