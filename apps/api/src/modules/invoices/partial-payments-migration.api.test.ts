// Migration 0027 (partial payments) gives the invoices that exist an amount paid: their total when
// they were paid (whole, by one payment, as invoices were paid then), else nothing. Run on a database
// migrated up to the one before, with such invoices in it.
import { afterAll, describe, expect, it } from 'vitest';
import { databaseBefore } from '../../../test/support/migrations.ts';

const TAG = '0027_partial_payments';

// At the top level, not in a hook: migrating PGlite that far takes long on a busy machine.
const old = await databaseBefore(TAG);
afterAll(old.drop);

describe('migration 0027 (partial payments)', () => {
  it('counts paid invoices as paid in full and the others as owing their total', async () => {
    const { database } = old;
    // Written as SQL: the schema's builders know columns this migration adds.
    const [merchant] = await database.query<{ id: string }>(
      `insert into merchants (id, name, email, country, default_currency, payment_hub_status, finance_hub_status)
       values ($1, 'Merchant before 0027', 'm-0027@example.test', 'US', 'USD', 3, 3) returning id`,
      [crypto.randomUUID()],
    );
    const invoice = async (number: string, status: string, total: number) =>
      database.query(
        `insert into invoices (id, merchant_id, invoice_number, customer_first_name, customer_email, due_date, status, total_amount)
         values ($1, $2, $3, 'Dana', 'dana@example.com', '2030-01-31', $4, $5)`,
        [crypto.randomUUID(), merchant!.id, number, status, total],
      );
    await invoice('OLD-1', 'paid', 12_345);
    await invoice('OLD-2', 'sent', 5_000);
    await invoice('OLD-3', 'draft', 700);

    await old.migrateOn(TAG);
    const rows = await database.query<{ invoice_number: string; amount_paid: string; balance_due: string }>(
      'select invoice_number, amount_paid::text, balance_due::text from invoices order by invoice_number',
    );
    expect(rows).toEqual([
      { invoice_number: 'OLD-1', amount_paid: '12345', balance_due: '0' },
      { invoice_number: 'OLD-2', amount_paid: '0', balance_due: '5000' },
      { invoice_number: 'OLD-3', amount_paid: '0', balance_due: '700' },
    ]);
    // The database keeps what is paid within the total, whoever writes it.
    await expect(
      database.query(`update invoices set amount_paid = total_amount + 1 where invoice_number = 'OLD-2'`),
    ).rejects.toThrow(/invoices_amount_paid_within_total/);
  });
});
