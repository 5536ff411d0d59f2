// Capture or void an authorized payment. Capture takes the authorized amount or less (the rest is
// released at the processor); void releases all of it. Both confirm first, as a refund does, and use
// one Idempotency-Key per opening of the dialog so a double click never acts twice.
import { formatMoney } from '@kassa/contract/money';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { captureTransaction, voidTransaction } from '../api/transactions-api.ts';
import { AmountInput } from './amount-input.tsx';
import { parseAmountLimit } from './amount-limit.ts';
import { withValue } from './emphasis.tsx';
import { type MoneyDialogProps, useAmountDraft } from './use-amount-draft.ts';

export type AuthorizationAction = 'capture' | 'void';

export function CaptureVoidDialog({
  action,
  transaction,
  onClose,
  onDone,
}: MoneyDialogProps & { action: AuthorizationAction }) {
  const i18n = usePortalI18n();
  const { t, locale } = i18n;
  const max = transaction.capturable_amount;
  const currency = transaction.currency;
  const money = (amount: number) => formatMoney(amount, currency, locale);
  const { amount, setAmount, busy, send } = useAmountDraft(max, currency);
  const parsed = action === 'capture' ? parseAmountLimit(amount, currency, max, 'capture', i18n) : { minor: max };
  const error = 'error' in parsed ? parsed.error : null;

  const submit = () => {
    if (!('minor' in parsed)) return;
    const minor = parsed.minor;
    return action === 'capture'
      ? send(
          (key) => captureTransaction(transaction.id, { amount: minor }, key),
          t('transactions.capture.done'),
          onDone,
        )
      : send((key) => voidTransaction(transaction.id, key), t('transactions.void.done'), onDone);
  };

  const released = 'minor' in parsed ? max - parsed.minor : 0;
  return (
    <Modal show onHide={busy ? undefined : onClose} centered data-testid={`${action}-dialog`}>
      <Modal.Header closeButton={!busy}>
        <Modal.Title as="h2" className="h5">
          {action === 'capture' ? t('transactions.capture.title') : t('transactions.void.title')}
        </Modal.Title>
      </Modal.Header>
      <Form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!error) void submit();
        }}
      >
        <Modal.Body>
          {action === 'capture' ? (
            <>
              <p className="text-body-secondary">
                {withValue(
                  (amount) => t('transactions.capture.intro', { amount }),
                  <strong className="text-body">{money(max)}</strong>,
                )}
              </p>
              <Form.Group controlId="capture-amount">
                <Form.Label>{t('transactions.capture.amount')}</Form.Label>
                <AmountInput
                  id="capture-amount"
                  currency={currency}
                  value={amount}
                  onChange={setAmount}
                  error={error}
                />
                {!error && released > 0 && (
                  <Form.Text data-testid="capture-release-note">
                    {t('transactions.capture.released', { amount: money(released) })}
                  </Form.Text>
                )}
              </Form.Group>
            </>
          ) : (
            <p className="mb-0" data-testid="void-confirm-text">
              {withValue((amount) => t('transactions.void.confirm', { amount }), <strong>{money(max)}</strong>)}
            </p>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose} disabled={busy}>
            {t('transactions.cancel')}
          </Button>
          <Button
            type="submit"
            variant={action === 'capture' ? 'primary' : 'danger'}
            disabled={busy || Boolean(error)}
            data-testid={`${action}-confirm`}
          >
            {busy && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            {action === 'capture' && 'minor' in parsed
              ? t('transactions.capture.confirm', { amount: money(parsed.minor) })
              : t('transactions.void.button')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
