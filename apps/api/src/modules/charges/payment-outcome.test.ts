import { describe, expect, it } from 'vitest';
import { AppError, conflict } from '../../lib/app-error.ts';
import { ProcessorOutcomeUnknownError, ProcessorUnavailableError } from '../../payments/provider.ts';
import { classifyProcessorFailure, decideBeforeProcessor, PROCESSOR_UNAVAILABLE } from './payment-outcome.ts';

const reason = () => 'Blocked by the anti-fraud service: amount above the ceiling.';
const fraud = (decision: 'approve' | 'review' | 'decline') => ({ decision, reasons: [] });

describe('decideBeforeProcessor', () => {
  it('declines a payment the anti-fraud service blocked, without a processor, with its reason', () => {
    expect(decideBeforeProcessor({ id: 'tx-1', method: 'card', fraud: fraud('decline') }, reason)).toEqual({
      kind: 'settle',
      result: {
        status: 'authorization_failed',
        providerReference: 'tx-1',
        authorizedAmount: 0,
        capturedAmount: 0,
        declineReason: 'Blocked by the anti-fraud service: amount above the ceiling.',
        declineCode: 'fraudulent',
      },
    });
  });

  it('captures a payment the gift card covered in full, without a processor', () => {
    expect(decideBeforeProcessor({ id: 'tx-2', method: 'gift_card', fraud: null }, reason)).toEqual({
      kind: 'settle',
      result: {
        status: 'capture_succeeded',
        providerReference: 'gift_card_tx-2',
        authorizedAmount: 0,
        capturedAmount: 0,
      },
    });
  });

  it('asks the processor for card and wallet payments, also under review', () => {
    expect(decideBeforeProcessor({ id: 'tx-3', method: 'card', fraud: null }, reason)).toEqual({
      kind: 'ask_processor',
    });
    expect(decideBeforeProcessor({ id: 'tx-4', method: 'wallet', fraud: fraud('review') }, reason).kind).toBe(
      'ask_processor',
    );
    // A decline outranks the gift card: a blocked payment takes nothing.
    expect(decideBeforeProcessor({ id: 'tx-5', method: 'gift_card', fraud: fraud('decline') }, reason)).toMatchObject({
      result: { status: 'authorization_failed' },
    });
  });
});

describe('classifyProcessorFailure', () => {
  it('declines when the processor refused the request itself (nothing was charged)', () => {
    const error = new AppError('invalid_input', 'Your card number is incorrect.');
    expect(classifyProcessorFailure('tx-6', error)).toEqual({
      kind: 'refused',
      error,
      result: {
        status: 'authorization_failed',
        providerReference: 'tx-6',
        authorizedAmount: 0,
        capturedAmount: 0,
        declineReason: 'Your card number is incorrect.',
        declineCode: 'card_declined',
      },
    });
    expect(classifyProcessorFailure('tx-7', conflict('busy')).kind).toBe('refused');
  });

  it('declines, as not charged, when the processor could not be reached at all', () => {
    const failure = classifyProcessorFailure('tx-10', new ProcessorUnavailableError('connect ECONNREFUSED'));
    expect(failure).toEqual({
      kind: 'unavailable',
      result: {
        status: 'authorization_failed',
        providerReference: 'tx-10',
        authorizedAmount: 0,
        capturedAmount: 0,
        declineReason: PROCESSOR_UNAVAILABLE,
        declineCode: 'issuer_unavailable',
      },
    });
  });

  it('leaves the outcome unknown for timeouts, cut connections and server errors', () => {
    expect(classifyProcessorFailure('tx-11', new ProcessorOutcomeUnknownError('timeout'))).toEqual({ kind: 'unknown' });
    expect(classifyProcessorFailure('tx-8', new Error('socket hang up'))).toEqual({ kind: 'unknown' });
    expect(classifyProcessorFailure('tx-9', new AppError('internal', 'Processor error'))).toEqual({ kind: 'unknown' });
  });
});
