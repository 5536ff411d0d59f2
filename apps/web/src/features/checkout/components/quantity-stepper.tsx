// docs/product-rules.md#product-checkout, docs/product-rules.md#validation, docs/product-rules.md#constants: a quantity stepper starting at 1, never below 1. The upper bound is the API's
// (contract MAX_QUANTITY), repeated here as a plain number so the checkout chunk stays free of zod.
import { useI18n } from '../../../lib/i18n.tsx';
export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 1000;

export const clampQuantity = (value: number) =>
  Number.isFinite(value) ? Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, Math.trunc(value))) : MIN_QUANTITY;

export function QuantityStepper({
  value,
  onChange,
  disabled = false,
}: {
  value: number;
  onChange: (quantity: number) => void;
  disabled?: boolean;
}) {
  const { t } = useI18n();
  return (
    <fieldset className="quantity-stepper input-group" aria-label={t('summary.quantity')}>
      <button
        type="button"
        className="btn btn-outline-secondary"
        onClick={() => onChange(clampQuantity(value - 1))}
        disabled={disabled || value <= MIN_QUANTITY}
        aria-label={t('summary.decrease')}
        data-testid="quantity-minus"
      >
        −
      </button>
      <input
        className="form-control text-center"
        inputMode="numeric"
        value={value}
        onChange={(e) => onChange(clampQuantity(Number(e.target.value.replace(/\D/g, '')) || MIN_QUANTITY))}
        aria-label={t('summary.quantity')}
        disabled={disabled}
        data-testid="quantity-value"
      />
      <button
        type="button"
        className="btn btn-outline-secondary"
        onClick={() => onChange(clampQuantity(value + 1))}
        disabled={disabled || value >= MAX_QUANTITY}
        aria-label={t('summary.increase')}
        data-testid="quantity-plus"
      >
        +
      </button>
    </fieldset>
  );
}
