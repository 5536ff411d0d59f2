// Invoice numbers taken from the merchant's counter row (docs/decisions/0024-renewals-exactly-once.md)
// by many writers at once: each number once, none skipped, whichever transactions commit or roll back.
// Run on PostgreSQL (api-postgres), where the transactions really overlap; PGlite runs one at a time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant } from '../../../test/factories/merchants.ts';
import { createInvoice } from '../../../test/factories/sellables.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { numberInvoices, provisionalInvoiceNumber, takeInvoiceNumbers } from './invoice-numbers.ts';

let t: TestApp;
let merchantId: string;

beforeAll(async () => {
  t = await buildTestApp();
  merchantId = (await createMerchant(t.ctx.db)).id;
  // The series the counter starts from is the one the invoices already have.
  await createInvoice(t.ctx.db, merchantId, { invoiceNumber: 'ACME-0041' });
}, 120_000);
afterAll(() => t.close());

const CREATORS = 20;
const ROUNDS = 3;
const sequenceOf = (n: string) => Number(n.slice('ACME-'.length));

class RolledBack extends Error {}

describe('invoice numbers under parallel creators', () => {
  it(`${CREATORS} writers at once, ${ROUNDS} rounds: unique, consecutive, no gap from a rollback`, async () => {
    const taken: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const results = await Promise.allSettled(
        Array.from({ length: CREATORS }, (_, i) =>
          t.ctx.db.transaction(async (tx) => {
            // A third take one number, a third number a batch of invoices, a third take three and roll back.
            if (i % 3 === 0) return takeInvoiceNumbers(tx, merchantId, 1);
            if (i % 3 === 1) {
              const made = [];
              for (let k = 0; k < 2; k++)
                made.push(await createInvoice(tx as never, merchantId, { invoiceNumber: provisionalInvoiceNumber() }));
              const rows = await numberInvoices(
                tx,
                merchantId,
                made.map((r) => r.id),
              );
              return rows.map((r) => r.invoiceNumber);
            }
            await takeInvoiceNumbers(tx, merchantId, 3);
            throw new RolledBack();
          }),
        ),
      );
      for (const r of results) {
        if (r.status === 'fulfilled') taken.push(...r.value);
        else expect(r.reason).toBeInstanceOf(RolledBack);
      }
    }
    expect(new Set(taken).size).toBe(taken.length);
    const sequences = taken.map(sequenceOf).sort((a, b) => a - b);
    // 7 single takes and 7 batches of two per round: 21 numbers a round, from ACME-0042 on, none skipped.
    expect(sequences).toEqual(Array.from({ length: 21 * ROUNDS }, (_, i) => 42 + i));
    expect(taken.every((n) => /^ACME-\d{4}$/.test(n))).toBe(true);
  }, 300_000);
});

describe('a merchant’s first invoice', () => {
  it('a period invoice made with a provisional number starts the default series, not one of its UUID', async () => {
    const fresh = (await createMerchant(t.ctx.db)).id;
    // The provisional number ends in digits, as a UUID often does: it must not become the series.
    const made = await createInvoice(t.ctx.db, fresh, { invoiceNumber: `~${crypto.randomUUID().slice(0, -2)}42` });
    const [numbered] = await numberInvoices(t.ctx.db, fresh, [made.id]);
    expect(numbered!.invoiceNumber).toBe('INV-000001');
    expect(await takeInvoiceNumbers(t.ctx.db, fresh, 1)).toEqual(['INV-000002']);
  });
});
