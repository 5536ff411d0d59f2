// Bulk data for the benches (10,000 merchants; 1,000,000 transactions for one
// merchant). Rows are generated inside the database with INSERT … SELECT generate_series, in chunks,
// so a million rows take seconds on PostgreSQL and stay within PGlite's memory. Values vary by a
// multiplicative hash of the row number: deterministic, spread out, no random() needed.
import type { Database } from '../db/client.ts';

const WORDS_A = [
  'Alpine',
  'Bay',
  'Copper',
  'Delta',
  'Evergreen',
  'Fox',
  'Golden',
  'Harbor',
  'Iron',
  'Juniper',
  'Keystone',
  'Lakeside',
  'Maple',
  'North',
  'Oak',
  'Pioneer',
  'Quarry',
  'River',
  'Summit',
  'Tidal',
];
const WORDS_B = [
  'Bakery',
  'Bikes',
  'Books',
  'Coffee',
  'Dental',
  'Electric',
  'Florist',
  'Garage',
  'Hardware',
  'Kitchen',
  'Labs',
  'Market',
  'Outfitters',
  'Pharmacy',
  'Records',
  'Studio',
  'Tailors',
  'Travel',
  'Vineyard',
  'Yoga',
];
const sqlArray = (words: string[]) => `array[${words.map((w) => `'${w}'`).join(',')}]`;

export interface SeedMerchantsOptions {
  /** Makes the names unique to one run, e.g. 'Bench'. */
  namePrefix?: string;
  chunk?: number;
}

/**
 * Inserts `count` active-or-not merchants named like "Bench Harbor Coffee 00042" with e-mail, E.164
 * phone, industry type (from the existing ones), hub statuses 1–4 and creation dates over a year.
 */
export async function seedMerchants(database: Database, count: number, opts: SeedMerchantsOptions = {}) {
  const chunk = opts.chunk ?? 10_000;
  const prefix = opts.namePrefix ? `${opts.namePrefix} ` : '';
  for (let from = 1; from <= count; from += chunk) {
    const to = Math.min(count, from + chunk - 1);
    await database.query(
      `with types as (select array_agg(id order by name) as ids from industry_types)
       insert into merchants (id, name, email, phone, address, city, state, zip_code, country, industry_type_id,
                              payment_hub_status, finance_hub_status, is_blocked, created_at, updated_at)
       select gen_random_uuid(),
              $1::text || (${sqlArray(WORDS_A)})[1 + mod(i, 20)] || ' ' || (${sqlArray(WORDS_B)})[1 + mod(i / 20, 20)]
                 || ' ' || lpad(i::text, 5, '0'),
              'merchant' || i || '@bench.example',
              '+1415555' || lpad(mod(i, 10000)::text, 4, '0'),
              (100 + mod(i * 37, 9000)) || ' Main Street', 'Springfield', 'IL', '62701', 'US',
              types.ids[1 + mod(i, greatest(coalesce(array_length(types.ids, 1), 1), 1))],
              1 + mod(i * 7, 4), 1 + mod(i * 3, 4), mod(i, 97) = 0,
              now() - make_interval(secs => mod(i::bigint * 7919, 365 * 86400)), now()
         from generate_series($2::int, $3::int) as s(i), types`,
      [prefix, from, to],
    );
  }
  await database.query('analyze merchants');
}

export interface SeedTransactionsOptions {
  merchantId: string;
  count: number;
  /** Spread over the last `days` days. */
  days?: number;
  /** Product ids to attribute sales to; without them every payment is a virtual-terminal one. */
  productIds?: string[];
  chunk?: number;
}

/**
 * Inserts `count` transactions for one merchant: ~77 % captured, 8 % declined, 6 % refunded, 6 %
 * partially refunded, 3 % waiting for approval; 90 % card (brand, last 4, expiry only), 10 % wallet.
 * Refunded ones get their refunds row so refund totals add up. No events: benches read lists and sums.
 */
export async function seedTransactions(database: Database, opts: SeedTransactionsOptions) {
  const chunk = opts.chunk ?? 50_000;
  const seconds = (opts.days ?? 90) * 86_400;
  const products = opts.productIds ?? [];
  for (let from = 1; from <= opts.count; from += chunk) {
    const to = Math.min(opts.count, from + chunk - 1);
    await database.query(
      `insert into transactions (id, merchant_id, source, product_id, amount, currency, captured_amount, refunded_amount,
                                 method, status, provider, card_brand, card_last4, card_exp_month, card_exp_year,
                                 buyer_first_name, buyer_last_name, buyer_email, created_at, updated_at)
       select gen_random_uuid(), $1::uuid,
              case when p is null then 'virtual_terminal' else 'product' end, p,
              amount, 'USD',
              case when status in ('capture_succeeded', 'refunded', 'partially_refunded') then amount else 0 end,
              case status when 'refunded' then amount when 'partially_refunded' then amount / 2 else 0 end,
              method, status, 'sandbox',
              case when method = 'card' then (array['visa','visa','mastercard','amex'])[1 + mod(i, 4)] end,
              case when method = 'card' then lpad(mod(i * 7, 10000)::text, 4, '0') end,
              case when method = 'card' then 1 + mod(i, 12) end,
              case when method = 'card' then 2027 + mod(i, 5) end,
              (${sqlArray(WORDS_A)})[1 + mod(i, 20)], (${sqlArray(WORDS_B)})[1 + mod(i / 7, 20)],
              'buyer' || mod(i, 5000) || '@example.com', at, at
         from (
           select i,
                  500 + mod(i::bigint * 7919, 49500) as amount,
                  case when mod(i, 10) = 0 then 'wallet' else 'card' end as method,
                  case when mod(i * 7, 100) < 77 then 'capture_succeeded'
                       when mod(i * 7, 100) < 85 then 'authorization_failed'
                       when mod(i * 7, 100) < 91 then 'refunded'
                       when mod(i * 7, 100) < 97 then 'partially_refunded'
                       else 'buyer_approval_pending' end as status,
                  ($4::uuid[])[1 + mod(i, greatest(coalesce(array_length($4::uuid[], 1), 1), 1))] as p,
                  now() - make_interval(secs => mod(i::bigint * 104729, $5::int)) as at
             from generate_series($2::int, $3::int) as s(i)
         ) g`,
      [opts.merchantId, from, to, `{${products.join(',')}}`, seconds],
    );
  }
  await database.query(
    `insert into refunds (id, transaction_id, merchant_id, amount, currency, status, created_at)
     select gen_random_uuid(), t.id, t.merchant_id, t.refunded_amount, t.currency, 'succeeded',
            least(t.created_at + interval '1 day', now())
       from transactions t
      where t.merchant_id = $1 and t.refunded_amount > 0
        and not exists (select 1 from refunds r where r.transaction_id = t.id)`,
    [opts.merchantId],
  );
  await database.query('analyze transactions');
  await database.query('analyze refunds');
}
