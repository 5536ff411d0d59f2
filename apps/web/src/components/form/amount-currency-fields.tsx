import Col from 'react-bootstrap/Col';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { CurrencyOptions } from '../currency-options.tsx';
import { SelectField, TextField } from './text-field.tsx';

type Message = { message?: string } | undefined;

/**
 * An amount typed in major units beside its currency (products, quick payments), as two columns of
 * a Row; `widths` are their shares of 12 on a wider screen.
 */
export function AmountCurrencyFields({
  idPrefix,
  amountId,
  amountLabel,
  amount,
  currency,
  errors,
  widths,
}: {
  /** "qp" gives the currency the id qp-currency. */
  idPrefix: string;
  amountId: string;
  amountLabel: string;
  amount: UseFormRegisterReturn;
  currency: UseFormRegisterReturn;
  errors: { amount?: Message; currency?: Message };
  widths: [number, number];
}) {
  return (
    <>
      <Col sm={widths[0]}>
        <TextField
          id={amountId}
          label={amountLabel}
          groupClassName="mb-3"
          inputMode="decimal"
          placeholder="0.00"
          error={errors.amount?.message}
          {...amount}
        />
      </Col>
      <Col sm={widths[1]}>
        <SelectField
          id={`${idPrefix}-currency`}
          label="Currency"
          groupClassName="mb-3"
          error={errors.currency?.message}
          {...currency}
        >
          <CurrencyOptions />
        </SelectField>
      </Col>
    </>
  );
}
