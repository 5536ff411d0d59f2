// A merchant-initiated charge on a customer's saved card (the customer page's "Charge" and the
// Virtual Terminal's "Saved card" tab): the card, the amount typed in the currency's units, an optional
// description and "authorize only". The answer stays on the form: the approval with a link to the
// transaction, or the decline as the processor gave it, so the merchant can pick another card.
import type { ChargeResult } from '@kassa/contract/checkout';
import { DEFAULT_CURRENCY } from '@kassa/contract/currencies';
import type { Customer } from '@kassa/contract/customers';
import { formatMoney } from '@kassa/contract/money';
import { cardExpiryText } from '@kassa/contract/payment-methods';
import { type CustomerChargeBody, customerChargeBody } from '@kassa/contract/saved-cards';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { AmountCurrencyFields, minorAmountOf } from '../../../components/form/amount-currency-fields.tsx';
import { PendingButton } from '../../../components/pending-button.tsx';
import { transactionDetailPath } from '../../../config/paths.ts';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { declineReason, fieldErrorText } from '../../../lib/api-error-text.ts';
import type { I18n } from '../../../lib/i18n.tsx';
import { showToast } from '../../../lib/toast.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { validationText } from '../../../lib/validation-text.ts';
import { chargeSavedCard, useSavedCards } from '../api/saved-cards-api.ts';
import { cardName } from './saved-cards-card.tsx';

const SUCCEEDED = new Set(['capture_succeeded', 'authorization_succeeded']);
const REFUSED = new Set(['invalid_input', 'unauthorized', 'forbidden', 'not_found', 'business_rule']);

interface Values {
  payment_method_id: string;
  amount: string;
  currency: string;
  description: string;
  authorize_only: boolean;
}
type Errors = Partial<Record<keyof Values, string>>;

function parseCharge(values: Values, i18n: I18n): { body: CustomerChargeBody } | { errors: Errors } {
  const errors: Errors = {};
  const typed = minorAmountOf(values.amount, values.currency, i18n.t('components.amount.hint'));
  if ('error' in typed) errors.amount = typed.error;
  const amount = 'amount' in typed ? typed.amount : Number.NaN;
  const parsed = customerChargeBody.safeParse({ ...values, amount, description: values.description || undefined });
  for (const issue of parsed.error?.issues ?? []) {
    errors[issue.path[0] as keyof Values] ??= validationText(issue.message, i18n);
  }
  return Object.keys(errors).length || !parsed.success ? { errors } : { body: parsed.data };
}

export function ChargeSavedCardForm({
  customer,
  initialCardId,
  onCharged,
}: {
  customer: Customer;
  initialCardId?: string;
  onCharged?: (result: ChargeResult) => void;
}) {
  const i18n = usePortalI18n();
  const { t, locale } = i18n;
  const { data: cards } = useSavedCards(customer.id);
  const usable = (cards ?? []).filter((c) => !c.expired);
  const [values, setValues] = useState<Values>({
    payment_method_id: initialCardId ?? '',
    amount: '',
    currency: DEFAULT_CURRENCY,
    description: '',
    authorize_only: false,
  });
  const cardId = values.payment_method_id || usable[0]?.id || '';
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<ChargeResult | null>(null);
  // Kept while an attempt has no answer (network, 5xx), so trying again cannot charge twice.
  const [key, setKey] = useState(() => crypto.randomUUID());

  const set = (name: keyof Values) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [name]: e.target.value }));
    setErrors(({ [name]: _, ...rest }) => rest);
  };

  const submit = async () => {
    const parsed = parseCharge({ ...values, payment_method_id: cardId }, i18n);
    if ('errors' in parsed) return setErrors(parsed.errors);
    setPending(true);
    setResult(null);
    try {
      const response = await chargeSavedCard(customer.id, parsed.body, key);
      setKey(crypto.randomUUID());
      const charged = response.result;
      setResult(charged);
      const approved = SUCCEEDED.has(charged.status);
      void showToast(
        approved ? 'success' : 'error',
        approved ? t('customers.charge.charged') : t('customers.charge.declined'),
      );
      onCharged?.(charged);
    } catch (error) {
      // A refusal ran nothing: the next try is a new attempt. No answer, or "still running": same key.
      if (REFUSED.has((error as { code?: string }).code ?? '')) setKey(crypto.randomUUID());
      const fieldErrors = (error as { errors?: { path: string; message: string }[] }).errors ?? [];
      setErrors(Object.fromEntries(fieldErrors.map((e) => [e.path, fieldErrorText(e.message, i18n)])));
      void showToast('error', apiErrorMessage(error, t('customers.charge.failed')));
    } finally {
      setPending(false);
    }
  };

  if (cards && usable.length === 0)
    return (
      <p className="alert alert-warning mb-0" data-testid="charge-no-cards">
        {t('customers.charge.noCards', { name: customer.name })}
      </p>
    );

  const approved = result && SUCCEEDED.has(result.status);
  return (
    <Form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      data-testid="charge-form"
    >
      <Form.Group className="mb-3" controlId="charge-card">
        <Form.Label>{t('customers.charge.card')}</Form.Label>
        <Form.Select
          value={cardId}
          onChange={set('payment_method_id')}
          isInvalid={Boolean(errors.payment_method_id)}
          data-testid="charge-card"
        >
          {usable.map((card) => (
            <option key={card.id} value={card.id}>
              {t('customers.charge.cardOption', {
                card: cardName(card),
                expiry: cardExpiryText(card.exp_month, card.exp_year),
              })}
            </option>
          ))}
        </Form.Select>
        <Form.Control.Feedback type="invalid">{errors.payment_method_id}</Form.Control.Feedback>
      </Form.Group>
      <div className="mb-3">
        <AmountCurrencyFields
          idPrefix="charge"
          amount={values.amount}
          currency={values.currency}
          error={errors.amount}
          onAmountChange={set('amount')}
          onCurrencyChange={set('currency')}
        />
      </div>
      <Form.Group className="mb-3" controlId="charge-description">
        <Form.Label>{t('customers.charge.description')}</Form.Label>
        <Form.Control
          value={values.description}
          onChange={set('description')}
          isInvalid={Boolean(errors.description)}
          placeholder={t('customers.charge.descriptionPlaceholder')}
          data-testid="charge-description"
        />
        <Form.Control.Feedback type="invalid">{errors.description}</Form.Control.Feedback>
      </Form.Group>
      <Form.Check
        type="switch"
        id="charge-authorize-only"
        className="mb-3"
        checked={values.authorize_only}
        onChange={(e) => setValues((v) => ({ ...v, authorize_only: e.target.checked }))}
        label={t('customers.charge.authorizeOnly')}
      />
      {result && (
        <Alert variant={approved ? 'success' : 'danger'} data-testid="charge-result" aria-live="polite">
          <div className="fw-semibold" data-testid="charge-result-title">
            {approved
              ? t(
                  result.status === 'authorization_succeeded'
                    ? 'customers.charge.resultAuthorized'
                    : 'customers.charge.resultCharged',
                  {
                    amount: formatMoney(result.amount, result.currency, locale),
                  },
                )
              : result.failure_reason
                ? t('customers.charge.resultDeclined', {
                    reason: declineReason(result.failure_code, result.failure_reason, i18n),
                  })
                : t('customers.charge.declined')}
          </div>
          <Link to={transactionDetailPath(result.id)} data-testid="charge-transaction">
            {t('customers.charge.viewTransaction')}
          </Link>
        </Alert>
      )}
      <PendingButton
        type="submit"
        pending={pending || !cards}
        className="w-100"
        label={t('customers.charge.submit')}
        pendingLabel={cards ? t('customers.charge.charging') : t('customers.charge.loadingCards')}
        testId="charge-submit"
      />
    </Form>
  );
}
