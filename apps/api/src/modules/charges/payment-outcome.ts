// The decisions of a payment that need no I/O, so each is a unit-tested rule rather than a branch
// buried in the charge flow: what settles an attempt before any processor is asked, and what a
// processor's failure means for the money.

import type { DeclineCode } from '@kassa/contract/declines';
import { AppError } from '../../lib/app-error.ts';
import type { FraudAssessment } from '../../payments/anti-fraud-engine.ts';
import { type PaymentResult, ProcessorUnavailableError } from '../../payments/provider.ts';

export interface RecordedAttemptFacts {
  id: string;
  method: 'card' | 'wallet' | 'gift_card';
  fraud: FraudAssessment | null;
}

/** What to do with a freshly recorded attempt: settle it at once, or ask the processor. */
export type NextStep = { kind: 'settle'; result: PaymentResult } | { kind: 'ask_processor' };

export function decideBeforeProcessor(
  attempt: RecordedAttemptFacts,
  fraudReason: (f: FraudAssessment) => string,
): NextStep {
  if (attempt.fraud?.decision === 'decline') {
    // Blocked by the anti-fraud service: no processor ever sees the card.
    return {
      kind: 'settle',
      result: declinedWithoutProcessor(attempt.id, fraudReason(attempt.fraud), 'fraudulent'),
    };
  }
  if (attempt.method === 'gift_card') {
    // The gift card covered everything and was taken when the attempt was recorded.
    return {
      kind: 'settle',
      result: {
        status: 'capture_succeeded',
        providerReference: `gift_card_${attempt.id}`,
        authorizedAmount: 0,
        capturedAmount: 0,
      },
    };
  }
  return { kind: 'ask_processor' };
}

/**
 * A processor call that threw. A refusal of the request itself (a 4xx-class AppError: bad card data,
 * an amount it will not take) proves nothing was charged, so the attempt is declined with its
 * message. A processor that could not be reached at all (ProcessorUnavailableError) took nothing
 * either: another processor may be tried. Anything else (timeout, connection cut after sending, a
 * 5xx) leaves the outcome unknown: the attempt stays `processing` for reconciliation and is never
 * retried elsewhere.
 */
export type ProcessorFailure =
  | { kind: 'refused'; result: PaymentResult; error: AppError }
  | { kind: 'unavailable'; result: PaymentResult }
  | { kind: 'unknown' };

export const PROCESSOR_UNAVAILABLE =
  'The payment service could not be reached. You were not charged; please try again.';

export function classifyProcessorFailure(attemptId: string, error: unknown): ProcessorFailure {
  if (error instanceof AppError && error.statusCode < 500) {
    return { kind: 'refused', result: declinedWithoutProcessor(attemptId, error.message), error };
  }
  if (error instanceof ProcessorUnavailableError) {
    return {
      kind: 'unavailable',
      result: declinedWithoutProcessor(attemptId, PROCESSOR_UNAVAILABLE, 'issuer_unavailable'),
    };
  }
  return { kind: 'unknown' };
}

const declinedWithoutProcessor = (
  attemptId: string,
  declineReason: string,
  declineCode: DeclineCode = 'card_declined',
): PaymentResult => ({
  status: 'authorization_failed',
  providerReference: attemptId,
  authorizedAmount: 0,
  capturedAmount: 0,
  declineReason,
  declineCode,
});
