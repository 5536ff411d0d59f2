import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { seedMerchants, seedTransactions } from './bulk-seed.queries.ts';
import { loadDemoData } from './load-demo.ts';

let t: TestApp;
const sql = <T = Record<string, unknown>>(text: string, params?: unknown[]) => t.ctx.database.query<T>(text, params);

beforeAll(async () => {
  t = await buildTestApp();
  await loadDemoData(t.ctx);
}, 120_000);
afterAll(() => t.close());

describe('bulk seeders for the benches', () => {
  it('adds merchants with distinct names, E.164 phones, industry types and every hub status', async () => {
    await seedMerchants(t.ctx.database, 2_500, { namePrefix: 'Bench', chunk: 1_000 });
    const [row] = await sql<Record<string, number>>(
      `select count(*)::int as n, count(distinct name)::int as names, count(distinct payment_hub_status)::int as statuses,
              count(*) filter (where phone !~ '^\\+1[0-9]{10}$')::int as bad_phones,
              count(*) filter (where industry_type_id is null)::int as no_industry
         from merchants where name like 'Bench %'`,
    );
    expect(row).toEqual({ n: 2_500, names: 2_500, statuses: 4, bad_phones: 0, no_industry: 0 });
  });

  it('adds transactions for one merchant within the window, with refunds that add up', async () => {
    const [merchant] = await sql<{ id: string }>(
      "select id from merchants where name like 'Bench %' order by name limit 1",
    );
    const products = await sql<{ id: string }>(
      `insert into products (id, merchant_id, name, price_per_unit)
       values (gen_random_uuid(), $1, 'Bench widget', 1999), (gen_random_uuid(), $1, 'Bench gadget', 4999) returning id`,
      [merchant!.id],
    );
    await seedTransactions(t.ctx.database, {
      merchantId: merchant!.id,
      count: 5_000,
      days: 30,
      productIds: products.map((p) => p.id),
      chunk: 2_000,
    });
    const [row] = await sql<Record<string, number>>(
      `select count(*)::int as n,
              count(*) filter (where created_at < now() - interval '30 days')::int as too_old,
              count(distinct status)::int as statuses,
              count(*) filter (where source = 'product' and product_id is null)::int as orphans,
              count(*) filter (where card_last4 !~ '^[0-9]{4}$' and method = 'card')::int as bad_cards
         from transactions where merchant_id = $1`,
      [merchant!.id],
    );
    expect(row).toEqual({ n: 5_000, too_old: 0, statuses: 5, orphans: 0, bad_cards: 0 });
    const mismatches = await sql(
      `select t.id from transactions t left join refunds r on r.transaction_id = t.id
        where t.merchant_id = $1 group by t.id having t.refunded_amount <> coalesce(sum(r.amount), 0)`,
      [merchant!.id],
    );
    expect(mismatches).toEqual([]);
  });
});
