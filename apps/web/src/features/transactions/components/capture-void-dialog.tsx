// Capture or void an authorized payment. Capture takes the authorized amount or less (the rest is
// released at the processor); void releases all of it. Both confirm first, as a refund does, and use
// one Idempotency-Key per opening of the dialog so a double click never acts twice.
import { formatMoney, parseAmountUpTo } from '@kassa/contract/money';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { captureTransaction, voidTransaction } from '../api/transactions-api.ts';
import { AmountInput } from './amount-input.tsx';
import { type MoneyDialogProps, useAmountDraft } from './use-amount-draft.ts';

export type AuthorizationAction = 'capture' | 'void';

const parseCapture = (value: string, currency: string, max: number) =>
  parseAmountUpTo(value, currency, max, { action: 'Capture', done: 'captured' });

export function CaptureVoidDialog({
  action,
  transaction,
  onClose,
  onDone,
}: MoneyDialogProps & { action: AuthorizationAction }) {
  const max = transaction.capturable_amount;
  const currency = transaction.currency;
  const { amount, setAmount, busy, send } = useAmountDraft(max, currency);
  const parsed = action === 'capture' ? parseCapture(amount, currency, max) : { minor: max };
  const error = 'error' in parsed ? parsed.error : null;

  const submit = () => {
    if (!('minor' in parsed)) return;
    const minor = parsed.minor;
    return action === 'capture'
      ? send((key) => captureTransaction(transaction.id, { amount: minor }, key), 'Captured.', onDone)
      : send((key) => voidTransaction(transaction.id, key), 'Voided.', onDone);
  };

  const released = 'minor' in parsed ? max - parsed.minor : 0;
  return (
    <Modal show onHide={busy ? undefined : onClose} centered data-testid={`${action}-dialog`}>
      <Modal.Header closeButton={!busy}>
        <Modal.Title as="h2" className="h5">
          {action === 'capture' ? 'Capture payment' : 'Void authorization'}
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
                <strong className="text-body">{formatMoney(max, currency)}</strong> is authorized. Capture all of it or
                less; what you do not capture is released to the buyer.
              </p>
              <Form.Group controlId="capture-amount">
                <Form.Label>Amount to capture</Form.Label>
                <AmountInput
                  id="capture-amount"
                  currency={currency}
                  value={amount}
                  onChange={setAmount}
                  error={error}
                />
                {!error && released > 0 && (
                  <Form.Text data-testid="capture-release-note">
                    {formatMoney(released, currency)} will be released.
                  </Form.Text>
                )}
              </Form.Group>
            </>
          ) : (
            <p className="mb-0" data-testid="void-confirm-text">
              Release the authorization of <strong>{formatMoney(max, currency)}</strong>? The buyer will not be charged,
              and this cannot be undone.
            </p>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant={action === 'capture' ? 'primary' : 'danger'}
            disabled={busy || Boolean(error)}
            data-testid={`${action}-confirm`}
          >
            {busy && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            {action === 'capture' && 'minor' in parsed ? `Capture ${formatMoney(parsed.minor, currency)}` : 'Void'}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
