// The state of a dialog that moves money on a transaction (capture, void, refund): the amount as
// typed, prefilled with the most it may be, and one idempotency key per opening, so a retried
// request after a timeout cannot move the money twice. The dialog is mounted when opened and
// unmounted when closed, so each opening gets a fresh key.
import { fromMinor } from '@kassa/contract/money';
import type { TransactionDetail } from '@kassa/contract/transactions';
import { useState } from 'react';
import { apiSuccessMessage } from '../../../lib/api-client.ts';
import { showToast, toastApiError } from '../../../lib/toast.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import type { refundTransaction } from '../api/transactions-api.ts';

/** What the detail page gives a money dialog: the transaction, and what to do on close and once the money moved. */
export interface MoneyDialogProps {
  transaction: TransactionDetail;
  onClose: () => void;
  onDone: (updated: TransactionDetail) => void;
}

type TransactionAnswer = Awaited<ReturnType<typeof refundTransaction>>;

export function useAmountDraft(max: number, currency: string) {
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [amount, setAmount] = useState(() => fromMinor(max, currency));
  const [busy, setBusy] = useState(false);
  const { t } = usePortalI18n();

  /**
   * Sends the request with this opening's key. Success toasts the server's message (else `done`) and
   * hands on the updated transaction; a failure toasts why and leaves the dialog open to try again.
   */
  const send = async (
    request: (key: string) => Promise<TransactionAnswer>,
    done: string,
    onDone: (updated: TransactionDetail) => void,
    onFailed?: () => void,
  ) => {
    setBusy(true);
    try {
      const response = await request(idempotencyKey);
      void showToast('success', apiSuccessMessage(response.message, done));
      onDone(response.result);
    } catch (error) {
      toastApiError(error, t('transactions.somethingWrong'));
      setBusy(false);
      onFailed?.();
    }
  };

  return { amount, setAmount, busy, send };
}
