// The refund dialog (docs/product-rules.md#api-calls, docs/product-rules.md#error-messages): the amount defaults to what is still refundable,
// a partial amount is allowed, more is refused before asking the server; a confirm step; one
// Idempotency-Key per opening of the dialog, so a double click or a retry after a timeout never
// refunds twice (docs/ARCHITECTURE.md#api-conventions). The server's message is the toast; "Something went wrong." otherwise.
import { formatMoney } from '@kassa/contract/money';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { refundTransaction } from '../api/transactions-api.ts';
import { AmountInput } from './amount-input.tsx';
import { parseAmountLimit } from './amount-limit.ts';
import { withValue } from './emphasis.tsx';
import { type MoneyDialogProps, useAmountDraft } from './use-amount-draft.ts';

export function RefundDialog({ transaction, onClose, onDone }: MoneyDialogProps) {
  const i18n = usePortalI18n();
  const { t, locale } = i18n;
  const max = transaction.refundable_amount;
  const currency = transaction.currency;
  const money = (amount: number) => formatMoney(amount, currency, locale);
  const { amount, setAmount, busy, send } = useAmountDraft(max, currency);
  const [reason, setReason] = useState('');
  const [step, setStep] = useState<'edit' | 'confirm'>('edit');
  const parsed = parseAmountLimit(amount, currency, max, 'refund', i18n);
  const error = 'error' in parsed ? parsed.error : null;

  const submit = () => {
    if (!('minor' in parsed)) return;
    const body = { amount: parsed.minor, ...(reason.trim() ? { reason: reason.trim() } : {}) };
    return send(
      (key) => refundTransaction(transaction.id, body, key),
      t('transactions.refund.done', { amount: money(parsed.minor) }),
      onDone,
      () => setStep('edit'),
    );
  };

  const buyer = `${transaction.buyer_first_name} ${transaction.buyer_last_name}`.trim();
  return (
    <Modal show onHide={busy ? undefined : onClose} centered data-testid="refund-dialog">
      <Modal.Header closeButton={!busy}>
        <Modal.Title as="h2" className="h5">
          {step === 'edit' ? t('transactions.refund.title') : t('transactions.refund.confirmTitle')}
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
              {withValue(
                (amount) => t('transactions.refund.upTo', { amount }),
                <strong className="text-body">{money(max)}</strong>,
              )}
            </p>
            <Form.Group className="mb-3" controlId="refund-amount">
              <Form.Label>{t('transactions.refund.amount')}</Form.Label>
              <AmountInput id="refund-amount" currency={currency} value={amount} onChange={setAmount} error={error} />
            </Form.Group>
            <Form.Group controlId="refund-reason">
              <Form.Label>
                {t('transactions.refund.reason')}{' '}
                <span className="text-body-secondary fw-normal">{t('transactions.optional')}</span>
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
              {t('transactions.cancel')}
            </Button>
            <Button type="submit" disabled={Boolean(error)} data-testid="refund-continue">
              {t('transactions.refund.continue')}
            </Button>
          </Modal.Footer>
        </Form>
      ) : (
        <>
          <Modal.Body>
            <p className="mb-0" data-testid="refund-confirm-text">
              {withValue(
                (amount) =>
                  buyer
                    ? t('transactions.refund.confirmTo', { amount, buyer })
                    : t('transactions.refund.confirmToBuyer', { amount }),
                <strong>{'minor' in parsed ? money(parsed.minor) : ''}</strong>,
              )}
            </p>
          </Modal.Body>
          <Modal.Footer>
            <Button variant="outline-secondary" onClick={() => setStep('edit')} disabled={busy}>
              {t('transactions.refund.back')}
            </Button>
            <Button variant="danger" onClick={submit} disabled={busy} data-testid="refund-confirm">
              {busy && <Spinner size="sm" className="me-2" aria-hidden="true" />}
              {t('transactions.refund.yes')}
            </Button>
          </Modal.Footer>
        </>
      )}
    </Modal>
  );
}
