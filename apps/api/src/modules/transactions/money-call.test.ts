import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { ProcessorOutcomeUnknownError, ProcessorUnavailableError } from '../../payments/provider.ts';
import { askProcessorFor, PROCESSOR_UNREACHABLE, settleEach } from './money-call.ts';

describe('what a processor answer means for a pending refund, capture or void', () => {
  it('an answer is made', async () => {
    expect(await askProcessorFor(async () => 'ok')).toEqual({ kind: 'made', result: 'ok' });
  });

  it('a refusal of the request (4xx) fails the operation with its message', async () => {
    const refusal = new AppError('business_rule', 'Charge ch_1 has already been refunded.');
    expect(await askProcessorFor(() => Promise.reject(refusal))).toEqual({ kind: 'refused', error: refusal });
  });

  it('a processor never reached fails it with a 5xx, so the Idempotency-Key is freed for a retry', async () => {
    const answer = await askProcessorFor(() => Promise.reject(new ProcessorUnavailableError('ECONNREFUSED')));
    expect(answer.kind).toBe('refused');
    if (answer.kind === 'refused') {
      expect(answer.error.statusCode).toBe(500);
      expect(answer.error.message).toBe(PROCESSOR_UNREACHABLE);
    }
  });

  it('a lost answer, and the processor still busy with the same key, are no answer yet', async () => {
    expect(await askProcessorFor(() => Promise.reject(new ProcessorOutcomeUnknownError('timeout')))).toEqual({
      kind: 'unknown',
    });
    const busy = new AppError('conflict', 'There is currently another in-progress request using this key.');
    expect(await askProcessorFor(() => Promise.reject(busy))).toEqual({ kind: 'unknown' });
  });

  it('an error the adapter could not place is thrown on (the operation stays pending)', async () => {
    await expect(askProcessorFor(() => Promise.reject(new TypeError('bug')))).rejects.toThrow('bug');
  });
});

describe('settleEach', () => {
  it('settles the others when one fails, counts what settled and throws the failures after', async () => {
    const seen: number[] = [];
    const run = settleEach(
      [1, 2, 3, 4],
      async (n) => {
        seen.push(n);
        if (n === 2) throw new Error('database busy');
        return n !== 4;
      },
      'refund(s)',
    );
    await expect(run).rejects.toThrow('1 pending refund(s) could not be settled.');
    expect(seen).toEqual([1, 2, 3, 4]);
    expect(await settleEach([1, 3, 4], async (n) => n !== 4, 'refund(s)')).toBe(2);
  });
});
