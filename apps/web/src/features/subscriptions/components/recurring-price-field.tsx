// The recurring price a product or payment link sells at checkout (docs/product-rules.md#subscribing-at-checkout):
// none keeps it a one-time payment. A product offers its own prices (the same SWR key as its prices
// card, so a price added there appears here at once); a payment link offers every recurring price of
// the merchant, named by product. Only active recurring prices of the header's mode are offered, as
// the API accepts no other; a value chosen before that no longer qualifies stays shown as such.
import type { Page } from '@kassa/contract/common';
import { formatMoney } from '@kassa/contract/money';
import type { Price } from '@kassa/contract/prices';
import type { ProductOption } from '@kassa/contract/products';
import Form from 'react-bootstrap/Form';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import useSWR from 'swr';
import { usePaymentMode } from '../../../lib/payment-mode.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { useProductPrices } from '../api/subscriptions-api.ts';

interface Props<Values extends FieldValues, Output extends FieldValues> {
  control: Control<Values, unknown, Output>;
  name: Path<Values>;
  /** The product being edited: its own prices. Undefined: a payment link, any product's. Null: a new product. */
  productId?: string | null;
  error?: string;
}

export function RecurringPriceField<Values extends FieldValues, Output extends FieldValues>({
  control,
  name,
  productId,
  error,
}: Props<Values, Output>) {
  const { t, locale } = usePortalI18n();
  const mode = usePaymentMode();
  const forLink = productId === undefined;
  const own = useProductPrices(productId ?? null);
  const all = useSWR<Page<Price>>(forLink ? `/price/?recurring=true&active=true&mode=${mode}&page_size=100` : null);
  const names = useSWR<ProductOption[]>(forLink ? '/quick-payment/products/' : null);
  const source = forLink ? all : own;
  const prices = (source.data?.results ?? []).filter((p) => p.interval !== null && p.active && p.mode === mode);
  const productName = new Map((Array.isArray(names.data) ? names.data : []).map((p) => [p.id, p.name]));

  const describe = (p: Price) => {
    const values = {
      amount: formatMoney(p.amount, p.currency, locale),
      cycle: t('recurringPrices.cycle', { interval: p.interval ?? 'month', count: p.interval_count }),
      days: p.trial_days,
    };
    const price = t(p.trial_days > 0 ? 'recurringPrices.optionTrial' : 'recurringPrices.option', values);
    const product = forLink ? productName.get(p.product_id) : undefined;
    return product ? t('recurringPrices.optionOfProduct', { product, price }) : price;
  };

  const hint =
    productId === null
      ? t('recurringPrices.saveFirst')
      : source.error
        ? t('recurringPrices.loadFailed')
        : source.data && prices.length === 0
          ? t('recurringPrices.noneYet', { mode })
          : t('recurringPrices.hint');
  const id = `${forLink ? 'qp' : 'product'}-recurring-price`;

  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const value = (field.value as string | null) ?? '';
        const unlisted = value !== '' && !prices.some((p) => p.id === value);
        return (
          <Form.Group className="mb-3" controlId={id}>
            <Form.Label>{t('recurringPrices.label')}</Form.Label>
            <Form.Select
              value={value}
              onChange={(e) => field.onChange(e.target.value)}
              onBlur={field.onBlur}
              ref={field.ref}
              disabled={productId === null}
              isInvalid={Boolean(error)}
              aria-describedby={`${id}-hint`}
              data-testid="recurring-price"
            >
              <option value="">{t('recurringPrices.none')}</option>
              {prices.map((p) => (
                <option key={p.id} value={p.id}>
                  {describe(p)}
                </option>
              ))}
              {unlisted && <option value={value}>{t('recurringPrices.unlisted')}</option>}
            </Form.Select>
            <Form.Text id={`${id}-hint`} data-testid="recurring-price-hint">
              {hint}
            </Form.Text>
            <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
          </Form.Group>
        );
      }}
    />
  );
}
