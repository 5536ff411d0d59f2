// The amount and currency of a payment the merchant types (the Virtual Terminal, "Charge card" on a
// customer): the amount in the currency's units, read into minor units by the contract's money rule, so
// "12.50 USD" and "1250 JPY" both mean what the merchant sees.
import { toMinor } from '@kassa/contract/money';
import type { ChangeEventHandler } from 'react';
import Form from 'react-bootstrap/Form';
import { CurrencyOptions } from '../currency-options.tsx';

export const AMOUNT_HINT = 'Enter an amount like 12.50';

/** The typed amount in minor units of `currency`, or the message to show under the field. */
export function minorAmountOf(typed: string, currency: string): { amount: number } | { error: string } {
  try {
    return { amount: toMinor(typed.trim(), currency) };
  } catch {
    return { error: AMOUNT_HINT };
  }
}

export function AmountCurrencyFields({
  idPrefix,
  amount,
  currency,
  error,
  onAmountChange,
  onCurrencyChange,
}: {
  /** Names the controls' ids and test ids: `<idPrefix>-amount`, `<idPrefix>-currency`. */
  idPrefix: string;
  amount: string;
  currency: string;
  error?: string;
  onAmountChange: ChangeEventHandler<HTMLInputElement>;
  onCurrencyChange: ChangeEventHandler<HTMLSelectElement>;
}) {
  return (
    <div className="row g-3">
      <Form.Group className="col-7 col-sm-8" controlId={`${idPrefix}-amount`}>
        <Form.Label>Amount</Form.Label>
        <Form.Control
          inputMode="decimal"
          placeholder="0.00"
          value={amount}
          onChange={onAmountChange}
          isInvalid={Boolean(error)}
          data-testid={`${idPrefix}-amount`}
        />
        <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="col-5 col-sm-4" controlId={`${idPrefix}-currency`}>
        <Form.Label>Currency</Form.Label>
        <Form.Select value={currency} onChange={onCurrencyChange} data-testid={`${idPrefix}-currency`}>
          <CurrencyOptions />
        </Form.Select>
      </Form.Group>
    </div>
  );
}
