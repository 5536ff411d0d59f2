import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { AMOUNT_HINT, AmountCurrencyFields, minorAmountOf } from './amount-currency-fields.tsx';

function Harness({ error }: { error?: string }) {
  const [values, setValues] = useState({ amount: '', currency: 'USD' });
  return (
    <>
      <AmountCurrencyFields
        idPrefix="pay"
        amount={values.amount}
        currency={values.currency}
        error={error}
        onAmountChange={(e) => setValues((v) => ({ ...v, amount: e.target.value }))}
        onCurrencyChange={(e) => setValues((v) => ({ ...v, currency: e.target.value }))}
      />
      <output data-testid="minor">{JSON.stringify(minorAmountOf(values.amount, values.currency))}</output>
    </>
  );
}

describe('the amount and currency fields', () => {
  it('labels both controls, and the typed amount is read in the chosen currency’s minor units', () => {
    render(<Harness />);
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: ' 12.50 ' } });
    expect(screen.getByTestId('minor').textContent).toBe('{"amount":1250}');
    fireEvent.change(screen.getByLabelText('Currency'), { target: { value: 'JPY' } });
    fireEvent.change(screen.getByTestId('pay-amount'), { target: { value: '1250' } });
    expect(screen.getByTestId('minor').textContent).toBe('{"amount":1250}');
    expect((screen.getByTestId('pay-currency') as HTMLSelectElement).value).toBe('JPY');
  });

  it('says what to type for an amount that is not one, under the field', () => {
    expect(minorAmountOf('twelve', 'USD')).toEqual({ error: AMOUNT_HINT });
    render(<Harness error={AMOUNT_HINT} />);
    expect(screen.getByTestId('pay-amount').className).toContain('is-invalid');
    expect(screen.getByText(AMOUNT_HINT)).toBeTruthy();
  });
});
