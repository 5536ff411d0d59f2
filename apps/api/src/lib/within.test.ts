import { describe, expect, it } from 'vitest';
import { within } from './within.ts';

const after = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('within', () => {
  it('gives the value of work that settles in time', async () => {
    expect(await within(200, after(5, 'ok'))).toEqual({ settled: true, value: 'ok' });
  });

  it('gives up on work that does not settle in time, without waiting for it', async () => {
    const started = Date.now();
    expect(await within(30, new Promise(() => {}))).toEqual({ settled: false });
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('passes on a failure in time, and drops one that comes too late', async () => {
    await expect(within(200, Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    const late = after(30, null).then(() => Promise.reject(new Error('too late')));
    expect(await within(5, late)).toEqual({ settled: false });
    await after(50, null); // an unhandled rejection here would fail the run
  });
});
