// What a processor's answer to a refund, capture or void means for the operation Kassa wrote down
// before asking (docs/decisions/0021-money-calls-written-before-sent.md): made, refused (nothing
// moved, the operation fails), or unknown (it stays pending until the processor is asked again).
import type { TransactionDetail } from '@kassa/contract/transactions';
import { AppError } from '../../lib/app-error.ts';
import { ProcessorOutcomeUnknownError, ProcessorUnavailableError } from '../../payments/provider.ts';

export type ProcessorAnswer<T> =
  | { kind: 'made'; result: T }
  | { kind: 'refused'; error: AppError }
  | { kind: 'unknown' };

export const PROCESSOR_UNREACHABLE =
  'The payment service could not be reached, so nothing was sent. Try again in a moment.';

/**
 * Runs one processor call. An error the adapter cannot place (a bug, not the processor's answer)
 * is thrown on: the operation stays pending and reconciliation asks again.
 */
export async function askProcessorFor<T>(run: () => Promise<T>): Promise<ProcessorAnswer<T>> {
  try {
    return { kind: 'made', result: await run() };
  } catch (error) {
    // A conflict is the processor still working on the same key (a retry met the first call in
    // flight): no answer yet, not a refusal.
    if (error instanceof AppError && error.statusCode < 500 && error.code !== 'conflict') {
      return { kind: 'refused', error };
    }
    // Provably never reached the processor: the operation fails, and a retry is a new one. A 5xx,
    // so the merchant's Idempotency-Key is freed for that retry.
    if (error instanceof ProcessorUnavailableError) {
      return { kind: 'refused', error: new AppError('internal', PROCESSOR_UNREACHABLE) };
    }
    if (error instanceof ProcessorOutcomeUnknownError) return { kind: 'unknown' };
    throw error;
  }
}

/** A refund, capture or void as the merchant sees it: done, or pending at the processor. */
export interface MoneyCallOutcome {
  transaction: TransactionDetail;
  message: string;
  /** The processor's answer was lost: the operation is recorded and counted, and reconciliation settles it. */
  pending: boolean;
}

export const pendingMessage = (what: string) =>
  `${what} was sent to the payment service, which has not confirmed it yet. It shows as pending and is settled automatically; it will not be sent twice.`;
