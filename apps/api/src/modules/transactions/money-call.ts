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
    if (error instanceof AppError && error.code === 'conflict') return { kind: 'unknown' };
    if (error instanceof AppError && error.statusCode < 500) return { kind: 'refused', error };
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

/**
 * Reconciliation's loop: settles each pending operation in turn. One that cannot be settled now (its
 * connection removed, the database busy) does not hold up the others; it stays pending for the next
 * pass, and the failures are thrown together afterwards. Returns how many were settled.
 */
export async function settleEach<T>(pending: T[], settle: (item: T) => Promise<boolean>, what: string) {
  let settled = 0;
  const failures: unknown[] = [];
  for (const item of pending) {
    try {
      if (await settle(item)) settled++;
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0)
    throw new AggregateError(failures, `${failures.length} pending ${what} could not be settled.`);
  return settled;
}
