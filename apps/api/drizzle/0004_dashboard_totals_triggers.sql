-- Dashboard rollups (issue 4: the dashboard of a merchant with 1,000,000 transactions in < 200 ms):
-- statement-level triggers keep transaction_daily_totals and product_daily_totals equal to the sums
-- over transactions, inside the same database transaction as the change. Each statement's rows are
-- grouped first (a bulk insert of a million rows is one upsert per key), then added as deltas:
-- +1 × the new rows, −1 × the old rows. Keys are upserted in key order so concurrent payments lock
-- rows in the same order.
CREATE FUNCTION kassa_transaction_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS sign, * FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT -1 AS sign, * FROM old_rows'
    ELSE 'SELECT 1 AS sign, * FROM new_rows UNION ALL SELECT -1 AS sign, * FROM old_rows'
  END;
BEGIN
  EXECUTE format(
    'INSERT INTO transaction_daily_totals AS t
       (merchant_id, day, currency, method, status, count, amount, captured_amount, refunded_amount)
     SELECT merchant_id, (created_at AT TIME ZONE ''UTC'')::date, currency, method, status,
            sum(sign), sum(sign * amount), sum(sign * captured_amount), sum(sign * refunded_amount)
       FROM (%s) d
      GROUP BY 1, 2, 3, 4, 5
     HAVING sum(sign) <> 0 OR sum(sign * amount) <> 0 OR sum(sign * captured_amount) <> 0
         OR sum(sign * refunded_amount) <> 0
      ORDER BY 1, 2, 3, 4, 5
     ON CONFLICT (merchant_id, day, currency, method, status) DO UPDATE
        SET count = t.count + excluded.count,
            amount = t.amount + excluded.amount,
            captured_amount = t.captured_amount + excluded.captured_amount,
            refunded_amount = t.refunded_amount + excluded.refunded_amount',
    changed);
  EXECUTE format(
    'INSERT INTO product_daily_totals AS p (merchant_id, day, currency, product_id, count, captured_amount)
     SELECT merchant_id, (created_at AT TIME ZONE ''UTC'')::date, currency, product_id,
            sum(sign), sum(sign * captured_amount)
       FROM (%s) d
      WHERE product_id IS NOT NULL AND status IN (''capture_succeeded'', ''partially_refunded'', ''refunded'')
      GROUP BY 1, 2, 3, 4
     HAVING sum(sign) <> 0 OR sum(sign * captured_amount) <> 0
      ORDER BY 1, 2, 3, 4
     ON CONFLICT (merchant_id, day, currency, product_id) DO UPDATE
        SET count = p.count + excluded.count,
            captured_amount = p.captured_amount + excluded.captured_amount',
    changed);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER transactions_totals_insert AFTER INSERT ON transactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kassa_transaction_totals();
--> statement-breakpoint
CREATE TRIGGER transactions_totals_update AFTER UPDATE ON transactions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kassa_transaction_totals();
--> statement-breakpoint
CREATE TRIGGER transactions_totals_delete AFTER DELETE ON transactions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION kassa_transaction_totals();
--> statement-breakpoint
-- Transactions that exist before this migration.
INSERT INTO transaction_daily_totals
  (merchant_id, day, currency, method, status, count, amount, captured_amount, refunded_amount)
SELECT merchant_id, (created_at AT TIME ZONE 'UTC')::date, currency, method, status,
       count(*), sum(amount), sum(captured_amount), sum(refunded_amount)
  FROM transactions
 GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
INSERT INTO product_daily_totals (merchant_id, day, currency, product_id, count, captured_amount)
SELECT merchant_id, (created_at AT TIME ZONE 'UTC')::date, currency, product_id, count(*), sum(captured_amount)
  FROM transactions
 WHERE product_id IS NOT NULL AND status IN ('capture_succeeded', 'partially_refunded', 'refunded')
 GROUP BY 1, 2, 3, 4;
