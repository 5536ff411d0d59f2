import { describe, expect, it } from 'vitest';
import { isTransientDatabaseError, retryTransient, violatesUnique } from './pg-errors.ts';

const pgError = (code: string) => Object.assign(new Error(`pg ${code}`), { code });

describe('isTransientDatabaseError', () => {
  it('knows deadlocks, serialisation failures, terminated backends and dropped connections', () => {
    for (const code of ['40P01', '40001', '57P01', '08006', 'ECONNREFUSED']) {
      expect(isTransientDatabaseError(pgError(code))).toBe(true);
    }
    expect(isTransientDatabaseError(new Error('Connection terminated unexpectedly'))).toBe(true);
    // Drizzle wraps the driver error
    expect(isTransientDatabaseError(new Error('Failed query', { cause: pgError('40P01') }))).toBe(true);
  });

  it('knows the bounded waits: no pool connection in time, a statement or an answer past its timeout, a full server', () => {
    for (const code of ['57014', '53300']) expect(isTransientDatabaseError(pgError(code))).toBe(true);
    expect(isTransientDatabaseError(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isTransientDatabaseError(new Error('Query read timeout'))).toBe(true);
  });

  it('leaves real errors alone: constraint violations, bad input, bugs', () => {
    for (const code of ['23505', '22P02', '42P01']) expect(isTransientDatabaseError(pgError(code))).toBe(false);
    expect(isTransientDatabaseError(new TypeError('x is undefined'))).toBe(false);
    expect(isTransientDatabaseError(undefined)).toBe(false);
  });
});

describe('retryTransient', () => {
  it('runs the work again after a deadlock and returns its result', async () => {
    let calls = 0;
    const result = await retryTransient(async () => {
      calls += 1;
      if (calls < 3) throw pgError('40P01');
      return 'settled';
    });
    expect(result).toBe('settled');
    expect(calls).toBe(3);
  });

  it('gives up after the last attempt and does not retry real errors', async () => {
    let calls = 0;
    await expect(
      retryTransient(async () => {
        calls += 1;
        throw pgError('40P01');
      }, 2),
    ).rejects.toThrow('pg 40P01');
    expect(calls).toBe(2);
    calls = 0;
    await expect(
      retryTransient(async () => {
        calls += 1;
        throw pgError('23505');
      }),
    ).rejects.toThrow('pg 23505');
    expect(calls).toBe(1);
  });
});

describe('violatesUnique', () => {
  it('names the unique index that refused a write, also through Drizzle’s wrapper', () => {
    const pg = Object.assign(
      new Error('duplicate key value violates unique constraint "transactions_invoice_live_uq"'),
      {
        code: '23505',
        constraint: 'transactions_invoice_live_uq',
      },
    );
    expect(violatesUnique(new Error('Failed query', { cause: pg }), 'transactions_invoice_live_uq')).toBe(true);
    expect(violatesUnique(pg, 'users_email_uq')).toBe(false);
    expect(violatesUnique(pgError('40P01'), 'transactions_invoice_live_uq')).toBe(false);
  });
});
