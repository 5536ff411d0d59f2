-- A payment being processed is no longer counted in transaction_daily_totals: a processing row is
-- written by every payment's attempt and held, row-locked, until that attempt commits, so all the
-- payments of one merchant queued on it (docs/decisions/0016-statements-of-fixed-text.md).
-- The dashboard counts the few payments still processing from transactions itself. The rows the
-- totals held for them are taken out here.
-- No payment writes transactions while the trigger changes and the old processing rows go (the
-- migrations run in one transaction, so the lock lasts until both are done): a payment written under
-- the old trigger after the DELETE would leave a processing row behind.
LOCK TABLE transactions IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION kassa_transaction_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO transaction_daily_totals AS t
      (merchant_id, mode, day, currency, method, status, count, amount, captured_amount, refunded_amount)
    SELECT merchant_id, mode, (created_at AT TIME ZONE 'UTC')::date, currency, method, status,
           count(*), sum(amount), sum(captured_amount), sum(refunded_amount)
      FROM new_rows
     WHERE status <> 'processing'
     GROUP BY 1, 2, 3, 4, 5, 6
     ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (merchant_id, mode, day, currency, method, status) DO UPDATE
       SET count = t.count + excluded.count,
           amount = t.amount + excluded.amount,
           captured_amount = t.captured_amount + excluded.captured_amount,
           refunded_amount = t.refunded_amount + excluded.refunded_amount;
    INSERT INTO product_daily_totals AS p (merchant_id, mode, day, currency, product_id, count, captured_amount)
    SELECT merchant_id, mode, (created_at AT TIME ZONE 'UTC')::date, currency, product_id,
           count(*), sum(captured_amount)
      FROM new_rows
     WHERE product_id IS NOT NULL AND status IN ('capture_succeeded', 'partially_refunded', 'refunded')
     GROUP BY 1, 2, 3, 4, 5
     ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (merchant_id, mode, day, currency, product_id) DO UPDATE
       SET count = p.count + excluded.count,
           captured_amount = p.captured_amount + excluded.captured_amount;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO transaction_daily_totals AS t
      (merchant_id, mode, day, currency, method, status, count, amount, captured_amount, refunded_amount)
    SELECT merchant_id, mode, (created_at AT TIME ZONE 'UTC')::date, currency, method, status,
           -count(*), -sum(amount), -sum(captured_amount), -sum(refunded_amount)
      FROM old_rows
     WHERE status <> 'processing'
     GROUP BY 1, 2, 3, 4, 5, 6
     ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (merchant_id, mode, day, currency, method, status) DO UPDATE
       SET count = t.count + excluded.count,
           amount = t.amount + excluded.amount,
           captured_amount = t.captured_amount + excluded.captured_amount,
           refunded_amount = t.refunded_amount + excluded.refunded_amount;
    INSERT INTO product_daily_totals AS p (merchant_id, mode, day, currency, product_id, count, captured_amount)
    SELECT merchant_id, mode, (created_at AT TIME ZONE 'UTC')::date, currency, product_id,
           -count(*), -sum(captured_amount)
      FROM old_rows
     WHERE product_id IS NOT NULL AND status IN ('capture_succeeded', 'partially_refunded', 'refunded')
     GROUP BY 1, 2, 3, 4, 5
     ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (merchant_id, mode, day, currency, product_id) DO UPDATE
       SET count = p.count + excluded.count,
           captured_amount = p.captured_amount + excluded.captured_amount;
  ELSE
    INSERT INTO transaction_daily_totals AS t
      (merchant_id, mode, day, currency, method, status, count, amount, captured_amount, refunded_amount)
    SELECT merchant_id, mode, (created_at AT TIME ZONE 'UTC')::date, currency, method, status,
           sum(sign), sum(sign * amount), sum(sign * captured_amount), sum(sign * refunded_amount)
      FROM (SELECT 1 AS sign, * FROM new_rows UNION ALL SELECT -1 AS sign, * FROM old_rows) d
     WHERE status <> 'processing'
     GROUP BY 1, 2, 3, 4, 5, 6
    HAVING sum(sign) <> 0 OR sum(sign * amount) <> 0 OR sum(sign * captured_amount) <> 0
        OR sum(sign * refunded_amount) <> 0
     ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (merchant_id, mode, day, currency, method, status) DO UPDATE
       SET count = t.count + excluded.count,
           amount = t.amount + excluded.amount,
           captured_amount = t.captured_amount + excluded.captured_amount,
           refunded_amount = t.refunded_amount + excluded.refunded_amount;
    INSERT INTO product_daily_totals AS p (merchant_id, mode, day, currency, product_id, count, captured_amount)
    SELECT merchant_id, mode, (created_at AT TIME ZONE 'UTC')::date, currency, product_id,
           sum(sign), sum(sign * captured_amount)
      FROM (SELECT 1 AS sign, * FROM new_rows UNION ALL SELECT -1 AS sign, * FROM old_rows) d
     WHERE product_id IS NOT NULL AND status IN ('capture_succeeded', 'partially_refunded', 'refunded')
     GROUP BY 1, 2, 3, 4, 5
    HAVING sum(sign) <> 0 OR sum(sign * captured_amount) <> 0
     ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (merchant_id, mode, day, currency, product_id) DO UPDATE
       SET count = p.count + excluded.count,
           captured_amount = p.captured_amount + excluded.captured_amount;
  END IF;
  RETURN NULL;
END
$$;

--> statement-breakpoint
DELETE FROM transaction_daily_totals WHERE status = 'processing';
