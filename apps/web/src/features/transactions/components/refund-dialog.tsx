// The refund dialog (docs/product-rules.md#api-calls, docs/product-rules.md#error-messages): the amount defaults to what is still refundable,
// a partial amount is allowed, more is refused before asking the server; a confirm step; one
// Idempotency-Key per opening of the dialog, so a double click or a retry after a timeout never
// refunds twice (docs/ARCHITECTURE.md#api-conventions). The server's message is the toast; "Something went wrong." otherwise.
import { formatMoney, parseAmountUpTo } from '@kassa/contract/money';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { refundTransaction } from '../api/transactions-api.ts';
import { AmountInput } from './amount-input.tsx';
import { type MoneyDialogProps, useAmountDraft } from './use-amount-draft.ts';

const parseAmount = (value: string, currency: string, max: number) =>
  parseAmountUpTo(value, currency, max, { action: 'Refund', done: 'refunded' });

export function RefundDialog({ transaction, onClose, onDone }: MoneyDialogProps) {
  const max = transaction.refundable_amount;
  const currency = transaction.currency;
  const { amount, setAmount, busy, send } = useAmountDraft(max, currency);
  const [reason, setReason] = useState('');
  const [step, setStep] = useState<'edit' | 'confirm'>('edit');
  const parsed = parseAmount(amount, currency, max);
  const error = 'error' in parsed ? parsed.error : null;

  const submit = () => {
    if (!('minor' in parsed)) return;
    const body = { amount: parsed.minor, ...(reason.trim() ? { reason: reason.trim() } : {}) };
    return send(
      (key) => refundTransaction(transaction.id, body, key),
      `Refunded ${formatMoney(parsed.minor, currency)}.`,
      onDone,
      () => setStep('edit'),
    );
  };

  return (
    <Modal show onHide={busy ? undefined : onClose} centered data-testid="refund-dialog">
      <Modal.Header closeButton={!busy}>
        <Modal.Title as="h2" className="h5">
          {step === 'edit' ? 'Refund payment' : 'Confirm refund'}
        </Modal.Title>
      </Modal.Header>
      {step === 'edit' ? (
        <Form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!error) setStep('confirm');
          }}
        >
          <Modal.Body>
            <p className="text-body-secondary">
              Up to <strong className="text-body">{formatMoney(max, currency)}</strong> can be refunded.
            </p>
            <Form.Group className="mb-3" controlId="refund-amount">
              <Form.Label>Amount</Form.Label>
              <AmountInput id="refund-amount" currency={currency} value={amount} onChange={setAmount} error={error} />
            </Form.Group>
            <Form.Group controlId="refund-reason">
              <Form.Label>
                Reason <span className="text-body-secondary fw-normal">(optional)</span>
              </Form.Label>
              <Form.Control
                as="textarea"
                rows={2}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                data-testid="refund-reason"
              />
            </Form.Group>
          </Modal.Body>
          <Modal.Footer>
            <Button variant="outline-secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={Boolean(error)} data-testid="refund-continue">
              Continue
            </Button>
          </Modal.Footer>
        </Form>
      ) : (
        <>
          <Modal.Body>
            <p className="mb-0" data-testid="refund-confirm-text">
              Refund <strong>{'minor' in parsed ? formatMoney(parsed.minor, currency) : ''}</strong> to{' '}
              {`${transaction.buyer_first_name} ${transaction.buyer_last_name}`.trim() || 'the buyer'}? This cannot be
              undone.
            </p>
          </Modal.Body>
          <Modal.Footer>
            <Button variant="outline-secondary" onClick={() => setStep('edit')} disabled={busy}>
              No, go back
            </Button>
            <Button variant="danger" onClick={submit} disabled={busy} data-testid="refund-confirm">
              {busy && <Spinner size="sm" className="me-2" aria-hidden="true" />}
              Yes, refund
            </Button>
          </Modal.Footer>
        </>
      )}
    </Modal>
  );
}
