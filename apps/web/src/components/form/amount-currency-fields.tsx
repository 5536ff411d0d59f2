// The amount and currency of a payment the merchant types (the Virtual Terminal, "Charge card" on a
// customer): the amount in the currency's units, read into minor units by the contract's money rule, so
// "12.50 USD" and "1250 JPY" both mean what the merchant sees.
import { accountsEn } from '@kassa/contract/i18n/catalogues/portal/accounts.en';
import { toMinor } from '@kassa/contract/money';
import type { ChangeEventHandler } from 'react';
import Form from 'react-bootstrap/Form';
import { usePortalI18n } from '../../lib/use-portal-i18n.ts';
import { CurrencyOptions } from '../currency-options.tsx';

/** The English hint; a translated form passes t('components.amount.hint') to minorAmountOf. */
export const AMOUNT_HINT = accountsEn['components.amount.hint'];

/** The typed amount in minor units of `currency`, or the message to show under the field. */
export function minorAmountOf(
  typed: string,
  currency: string,
  hint: string = AMOUNT_HINT,
): { amount: number } | { error: string } {
  try {
    return { amount: toMinor(typed.trim(), currency) };
  } catch {
    return { error: hint };
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
  const { t } = usePortalI18n();
  return (
    <div className="row g-3">
      <Form.Group className="col-7 col-sm-8" controlId={`${idPrefix}-amount`}>
        <Form.Label>{t('components.amount.label')}</Form.Label>
        <Form.Control
          inputMode="decimal"
          placeholder={t('components.amount.placeholder')}
          value={amount}
          onChange={onAmountChange}
          isInvalid={Boolean(error)}
          data-testid={`${idPrefix}-amount`}
        />
        <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="col-5 col-sm-4" controlId={`${idPrefix}-currency`}>
        <Form.Label>{t('components.currency.label')}</Form.Label>
        <Form.Select value={currency} onChange={onCurrencyChange} data-testid={`${idPrefix}-currency`}>
          <CurrencyOptions />
        </Form.Select>
      </Form.Group>
    </div>
  );
}
