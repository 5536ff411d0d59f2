// The sandbox gift card issue form: code and PIN may be left empty for the server to generate.
// After an issue the form keeps the chosen currency, so a series of cards is quick to make.
import { DEFAULT_CURRENCY } from '@kassa/contract/currencies';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useForm } from 'react-hook-form';
import { CurrencyOptions } from '../../../components/currency-options.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { PendingButton } from '../../../components/pending-button.tsx';
import { apiSuccessMessage } from '../../../lib/api-client.ts';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { zodResolver } from '../../../lib/form-resolver.ts';
import { showToast, toastApiError } from '../../../lib/toast.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { type IssuedGiftCard, issueGiftCard } from '../api/payment-connections-api.ts';
import { type GiftCardFormOutput, type GiftCardFormValues, giftCardForm } from './gift-card-form.ts';

export function GiftCardIssueForm({ onIssued }: { onIssued: (card: IssuedGiftCard) => Promise<unknown> }) {
  const { t } = usePortalI18n();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<GiftCardFormValues, unknown, GiftCardFormOutput>({
    resolver: zodResolver(giftCardForm),
    defaultValues: { code: '', pin: '', balance: '', currency: DEFAULT_CURRENCY },
  });

  const submit = handleSubmit(async (values) => {
    try {
      const response = await issueGiftCard(values);
      showToast('success', apiSuccessMessage(response.message, t('paymentConnections.giftCards.issued')));
      reset({ code: '', pin: '', balance: '', currency: values.currency });
      await onIssued(response.result);
    } catch (err) {
      applyFieldErrors(err, setError, ['code', 'pin', 'balance', 'currency']);
      toastApiError(err, t('paymentConnections.giftCards.issueFailed'));
    }
  });

  /** One of the issue form's text fields: its id, small label, registration and error. */
  const issueField = (name: 'code' | 'pin' | 'balance', label: string) => ({
    id: `gift-card-${name}`,
    label,
    labelClassName: 'small mb-1',
    error: errors[name]?.message,
    ...register(name),
  });

  return (
    <Form noValidate onSubmit={submit} className="mb-3" data-testid="gift-card-form">
      <Row className="g-2 align-items-start">
        <Col xs={12} md={4}>
          <TextField
            {...issueField('code', t('paymentConnections.giftCards.codeOptional'))}
            placeholder={t('paymentConnections.giftCards.codePlaceholder')}
          />
        </Col>
        <Col xs={6} md={2}>
          <TextField
            {...issueField('pin', t('paymentConnections.giftCards.pinOptional'))}
            inputMode="numeric"
            autoComplete="off"
            placeholder={t('paymentConnections.giftCards.pinPlaceholder')}
          />
        </Col>
        <Col xs={6} md={2}>
          <TextField
            {...issueField('balance', t('paymentConnections.giftCards.balance'))}
            inputMode="decimal"
            placeholder={t('paymentConnections.giftCards.balancePlaceholder')}
          />
        </Col>
        <Col xs={6} md={2}>
          <Form.Label htmlFor="gift-card-currency" className="small mb-1">
            {t('paymentConnections.giftCards.currency')}
          </Form.Label>
          <Form.Select id="gift-card-currency" data-testid="gift-card-currency" {...register('currency')}>
            <CurrencyOptions />
          </Form.Select>
        </Col>
        <Col xs={6} md={2} className="d-flex align-items-end gift-card-submit">
          <PendingButton
            type="submit"
            className="w-100"
            pending={isSubmitting}
            label={t('paymentConnections.giftCards.issue')}
            pendingLabel={t('paymentConnections.giftCards.issuing')}
            testId="gift-card-issue"
          />
        </Col>
      </Row>
    </Form>
  );
}
