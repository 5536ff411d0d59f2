// The virtual terminal's first step: amount (typed in the currency's units, sent in minor units),
// currency, description and the customer. Checked with the contract's schema before the API sees it.
import { DEFAULT_CURRENCY } from '@kassa/contract/currencies';
import { type VirtualTerminalCheckoutBody, virtualTerminalCheckoutBody } from '@kassa/contract/virtual-terminal';
import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { AmountCurrencyFields, minorAmountOf } from '../../components/form/amount-currency-fields.tsx';
import { PendingButton } from '../../components/pending-button.tsx';
import type { I18n } from '../../lib/i18n.tsx';
import { usePortalI18n } from '../../lib/use-portal-i18n.ts';
import { validationText } from '../../lib/validation-text.ts';

export interface TerminalValues {
  amount: string;
  currency: string;
  description: string;
  customer_first_name: string;
  customer_last_name: string;
  customer_email: string;
  /** E-mail the customer a receipt: the e-mail is then required. */
  email_receipt: boolean;
  /** Hold the card now, capture (or void) later from the transaction. */
  authorize_only: boolean;
}

export const EMPTY_TERMINAL: TerminalValues = {
  amount: '',
  currency: DEFAULT_CURRENCY,
  description: '',
  customer_first_name: '',
  customer_last_name: '',
  customer_email: '',
  email_receipt: false,
  authorize_only: false,
};

type TextField = Exclude<keyof TerminalValues, 'authorize_only' | 'email_receipt'>;
type Errors = Partial<Record<TextField, string>>;

/** The API body, or the message to show under each wrong field, in the user's language. */
export function parseTerminal(
  values: TerminalValues,
  i18n: I18n,
): { body: VirtualTerminalCheckoutBody } | { errors: Errors } {
  const errors: Errors = {};
  const typed = minorAmountOf(values.amount, values.currency, i18n.t('components.amount.hint'));
  if ('error' in typed) errors.amount = typed.error;
  const amount = 'amount' in typed ? typed.amount : Number.NaN;
  const parsed = virtualTerminalCheckoutBody.safeParse({ ...values, amount });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as TextField;
      errors[field] ??= validationText(issue.message, i18n);
    }
  }
  return Object.keys(errors).length ? { errors } : { body: parsed.data! };
}

export function TerminalForm({
  initial,
  busy,
  onSubmit,
  serverErrors,
}: {
  initial: TerminalValues;
  busy: boolean;
  onSubmit: (values: TerminalValues, body: VirtualTerminalCheckoutBody) => void;
  serverErrors: Errors;
}) {
  const i18n = usePortalI18n();
  const { t } = i18n;
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const shown = { ...serverErrors, ...errors };
  const set = (key: TextField) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [key]: e.target.value }));
    setErrors(({ [key]: _, ...rest }) => rest);
  };

  const field = (key: TextField, label: string, props: Record<string, unknown> = {}) => (
    <Form.Group className="mb-3" controlId={`vt-${key}`}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        value={values[key]}
        onChange={set(key)}
        isInvalid={Boolean(shown[key])}
        data-testid={`vt-${key.replaceAll('_', '-')}`}
        {...props}
      />
      <Form.Control.Feedback type="invalid">{shown[key]}</Form.Control.Feedback>
    </Form.Group>
  );

  return (
    <Form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const result = parseTerminal(values, i18n);
        if ('errors' in result) setErrors(result.errors);
        else onSubmit(values, result.body);
      }}
      data-testid="vt-form"
    >
      <AmountCurrencyFields
        idPrefix="vt"
        amount={values.amount}
        currency={values.currency}
        error={shown.amount}
        onAmountChange={set('amount')}
        onCurrencyChange={set('currency')}
      />
      <div className="mt-3">
        {field('description', t('virtualTerminal.form.description'), {
          placeholder: t('virtualTerminal.form.descriptionPlaceholder'),
        })}
      </div>
      <div className="row g-3">
        <div className="col-sm-6">
          {field('customer_first_name', t('virtualTerminal.form.firstName'), { autoComplete: 'off' })}
        </div>
        <div className="col-sm-6">
          {field('customer_last_name', t('virtualTerminal.form.lastName'), { autoComplete: 'off' })}
        </div>
      </div>
      {field(
        'customer_email',
        values.email_receipt ? t('virtualTerminal.form.email') : t('virtualTerminal.form.emailOptional'),
        { type: 'email', autoComplete: 'off' },
      )}
      <Form.Check
        type="switch"
        id="vt-email-receipt"
        className="mb-3"
        checked={values.email_receipt}
        onChange={(e) => {
          const email_receipt = e.target.checked;
          setValues((v) => ({ ...v, email_receipt }));
          setErrors(({ customer_email: _, ...rest }) => rest);
        }}
        label={t('virtualTerminal.form.emailReceipt')}
        data-testid="vt-email-receipt"
      />
      <Form.Check
        type="switch"
        id="vt-authorize-only"
        className="mb-3"
        checked={values.authorize_only}
        onChange={(e) => setValues((v) => ({ ...v, authorize_only: e.target.checked }))}
        label={t('virtualTerminal.form.authorizeOnly')}
        data-testid="vt-authorize-only"
      />
      <PendingButton
        type="submit"
        pending={busy}
        className="w-100"
        label={t('virtualTerminal.form.continue')}
        pendingLabel={t('virtualTerminal.form.preparing')}
        testId="vt-continue"
      />
    </Form>
  );
}
