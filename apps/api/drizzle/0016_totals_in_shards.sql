-- Every rollup sum is kept in 8 rows, its shard picked by the transaction's id, instead of one. A
-- settle holds the rollup rows it updates locked until it commits; with one row per merchant, day and
-- status, every captured payment of a merchant waited for the commit of the one before it, and one
-- slow WAL flush held up all of them (docs/decisions/0017-rollup-rows-in-shards.md). The shard of a
-- transaction never changes, so its refund or deletion later takes back from the same row. Existing
-- rows keep shard 0 (a later refund of an older payment takes from its id's shard: only the sum over
-- the shards is a figure); readers sum over the shards.
-- No payment writes transactions while the keys and the trigger change (the migrations run in one
-- transaction, so the lock lasts until all is done).
LOCK TABLE transactions IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
ALTER TABLE "product_daily_totals" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "transaction_daily_totals" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_daily_totals" DROP CONSTRAINT "product_daily_totals_merchant_id_mode_day_currency_product_id_pk";--> statement-breakpoint
ALTER TABLE "transaction_daily_totals" DROP CONSTRAINT "transaction_daily_totals_merchant_id_mode_day_currency_method_status_pk";--> statement-breakpoint
ALTER TABLE "product_daily_totals" ADD CONSTRAINT "product_daily_totals_merchant_id_mode_day_currency_product_id_shard_pk" PRIMARY KEY("merchant_id","mode","day","currency","product_id","shard");--> statement-breakpoint
ALTER TABLE "transaction_daily_totals" ADD CONSTRAINT "transaction_daily_totals_merchant_id_mode_day_currency_method_status_shard_pk" PRIMARY KEY("merchant_id","mode","day","currency","method","status","shard");--> statement-breakpoint
-- The last byte of a version-4 UUID is random, so its low three bits spread payments evenly.
CREATE FUNCTION kassa_totals_shard(id uuid) RETURNS smallint LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT (get_byte(uuid_send(id), 15) & 7)::smallint $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION kassa_transaction_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO transaction_daily_totals AS t
      (merchant_id, mode, day, currency, method, status, shard, count, amount, captured_amount, refunded_amount)
    SELECT merchant_id, mode, (created_at AT TIME ZONE 'UTC')::date, currency, method, status, kassa_totals_shard(id),
           count(*), sum(amount), sum(captured_amount), sum(refunded_amount)
      FROM new_rows
     WHERE status <> 'processing'
     GROUP BY 1, 2, 3, 4, 5, 6, 7
     ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT (merchant_id, mode, day, currency, method, status, shard) DO UPDATE
       SET count = t.count + excluded.count,
           amount = t.amount + excluded.amount,
           captured_amount = t.captured_amount + excluded.captured_amount,
           refunded_amount = t.refunded_amount + excluded.refunded_amount;
    INSERT INTO product_daily_totals AS p (merchant_id, mode, day, currency, product_id, shard, count, captured_amount)
    SELECT merchant_id, mode, (created_at AT TIME ZONE 'UTC')::date, currency, product_id, kassa_totals_shard(id),
           count(*), sum(captured_amount)
      FROM new_rows
     WHERE product_id IS NOT NULL AND status IN ('capture_succeeded', 'partially_refunded', 'refunded')
     GROUP BY 1, 2, 3, 4, 5, 6
     ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (merchant_id, mode, day, currency, product_id, shard) DO UPDATE
       SET count = p.count + excluded.count,
           captured_amount = p.captured_amount + excluded.captured_amount;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO transaction_daily_totals AS t
      (merchant_id, mode, day, currency, method, status, shard, count, amount, captured_amount, refunded_amount)
    SELECT merchant_id, mode, (created_at AT TIME ZONE 'UTC')::date, currency, method, status, kassa_totals_shard(id),
           -count(*), -sum(amount), -sum(captured_amount), -sum(refunded_amount)
      FROM old_rows
     WHERE status <> 'processing'
     GROUP BY 1, 2, 3, 4, 5, 6, 7
     ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT (merchant_id, mode, day, currency, method, status, shard) DO UPDATE
       SET count = t.count + excluded.count,
           amount = t.amount + excluded.amount,
           captured_amount = t.captured_amount + excluded.captured_amount,
           refunded_amount = t.refunded_amount + excluded.refunded_amount;
    INSERT INTO product_daily_totals AS p (merchant_id, mode, day, currency, product_id, shard, count, captured_amount)
    SELECT merchant_id, mode, (created_at AT TIME ZONE 'UTC')::date, currency, product_id, kassa_totals_shard(id),
           -count(*), -sum(captured_amount)
      FROM old_rows
     WHERE product_id IS NOT NULL AND status IN ('capture_succeeded', 'partially_refunded', 'refunded')
     GROUP BY 1, 2, 3, 4, 5, 6
     ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (merchant_id, mode, day, currency, product_id, shard) DO UPDATE
       SET count = p.count + excluded.count,
           captured_amount = p.captured_amount + excluded.captured_amount;
  ELSE
    INSERT INTO transaction_daily_totals AS t
      (merchant_id, mode, day, currency, method, status, shard, count, amount, captured_amount, refunded_amount)
    SELECT merchant_id, mode, (created_at AT TIME ZONE 'UTC')::date, currency, method, status, kassa_totals_shard(id),
           sum(sign), sum(sign * amount), sum(sign * captured_amount), sum(sign * refunded_amount)
      FROM (SELECT 1 AS sign, * FROM new_rows UNION ALL SELECT -1 AS sign, * FROM old_rows) d
     WHERE status <> 'processing'
     GROUP BY 1, 2, 3, 4, 5, 6, 7
    HAVING sum(sign) <> 0 OR sum(sign * amount) <> 0 OR sum(sign * captured_amount) <> 0
        OR sum(sign * refunded_amount) <> 0
     ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT (merchant_id, mode, day, currency, method, status, shard) DO UPDATE
       SET count = t.count + excluded.count,
           amount = t.amount + excluded.amount,
           captured_amount = t.captured_amount + excluded.captured_amount,
           refunded_amount = t.refunded_amount + excluded.refunded_amount;
    INSERT INTO product_daily_totals AS p (merchant_id, mode, day, currency, product_id, shard, count, captured_amount)
    SELECT merchant_id, mode, (created_at AT TIME ZONE 'UTC')::date, currency, product_id, kassa_totals_shard(id),
           sum(sign), sum(sign * captured_amount)
      FROM (SELECT 1 AS sign, * FROM new_rows UNION ALL SELECT -1 AS sign, * FROM old_rows) d
     WHERE product_id IS NOT NULL AND status IN ('capture_succeeded', 'partially_refunded', 'refunded')
     GROUP BY 1, 2, 3, 4, 5, 6
    HAVING sum(sign) <> 0 OR sum(sign * captured_amount) <> 0
     ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (merchant_id, mode, day, currency, product_id, shard) DO UPDATE
       SET count = p.count + excluded.count,
           captured_amount = p.captured_amount + excluded.captured_amount;
  END IF;
  RETURN NULL;
END
$$;
