// Migration 0021 links the payments and invoices that exist to the customer whose e-mail they carry,
// only where exactly one live customer of the merchant (and, for a payment, of its mode) has it: two
// customers sharing an address, a deleted one, another mode or another merchant link nothing. Run on
// a database migrated up to the one before, with such rows in it.
import { afterAll, describe, expect, it } from 'vitest';
import { databaseBefore } from '../../../test/support/migrations.ts';

const TAG = '0021_saved_cards';

// At the top level, not in a hook: migrating PGlite that far takes long on a busy machine.
const old = await databaseBefore(TAG);
afterAll(old.drop);

describe('migration 0021 (customers linked by e-mail)', () => {
  it('links a payment or an invoice to the one customer with its e-mail, and nothing ambiguous', async () => {
    const { database } = old;
    // Written as SQL: the schema's builders know columns that later migrations add.
    const merchant = async (name: string) =>
      (
        await database.query<{ id: string }>(
          `insert into merchants (id, name, email, country, default_currency, payment_hub_status, finance_hub_status)
           values ($1, $2, $3, 'US', 'USD', 3, 3) returning id`,
          [crypto.randomUUID(), name, `${crypto.randomUUID()}@example.test`],
        )
      )[0]!.id;
    const shop = await merchant('Shop before 0021');
    const elsewhere = await merchant('Another shop');
    const customer = async (merchantId: string, email: string, mode = 'test', deleted = false) =>
      (
        await database.query<{ id: string }>(
          `insert into customers (id, merchant_id, mode, name, email, deleted_at)
           values ($1, $2, $3, 'Someone', $4, $5) returning id`,
          [crypto.randomUUID(), merchantId, mode, email, deleted ? new Date().toISOString() : null],
        )
      )[0]!.id;
    const ada = await customer(shop, 'ada@example.com');
    await customer(shop, 'twins@example.com');
    await customer(shop, 'twins@example.com');
    await customer(shop, 'gone@example.com', 'test', true);
    await customer(shop, 'live@example.com', 'live');
    await customer(elsewhere, 'other-shop@example.com');
    const payment = async (email: string, mode = 'test') =>
      (
        await database.query<{ id: string }>(
          `insert into transactions (id, merchant_id, source, amount, currency, method, status, provider, mode, buyer_email)
           values ($1, $2, 'product', 1000, 'USD', 'card', 'capture_succeeded', 'sandbox', $3, $4) returning id`,
          [crypto.randomUUID(), shop, mode, email],
        )
      )[0]!.id;
    const invoice = async (email: string) =>
      (
        await database.query<{ id: string }>(
          `insert into invoices (id, merchant_id, invoice_number, customer_first_name, customer_email, due_date, status, total_amount)
           values ($1, $2, $3, 'Dana', $4, '2030-01-31', 'sent', 5000) returning id`,
          [crypto.randomUUID(), shop, `OLD-${crypto.randomUUID().slice(0, 8)}`, email],
        )
      )[0]!.id;
    const paid = {
      ada: await payment('ADA@example.com'),
      twins: await payment('twins@example.com'),
      gone: await payment('gone@example.com'),
      otherMode: await payment('ada@example.com', 'live'),
      otherShop: await payment('other-shop@example.com'),
    };
    const billed = { ada: await invoice('ada@example.com'), twins: await invoice('twins@example.com') };

    await old.migrateOn(TAG);
    const linkOf = async (table: 'transactions' | 'invoices', id: string) =>
      (await database.query<{ customer_id: string | null }>(`select customer_id from ${table} where id = $1`, [id]))[0]!
        .customer_id;
    expect(await linkOf('transactions', paid.ada)).toBe(ada);
    expect(await linkOf('invoices', billed.ada)).toBe(ada);
    for (const id of [paid.twins, paid.gone, paid.otherMode, paid.otherShop]) {
      expect(await linkOf('transactions', id)).toBeNull();
    }
    expect(await linkOf('invoices', billed.twins)).toBeNull();
  });
});
