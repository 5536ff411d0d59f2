-- The dashboard rollups keep test-mode and live-mode money apart: a mode column on both totals
-- tables, part of their keys, filled by the same statement-level triggers. Existing rows are test
-- mode (every payment so far went through the sandbox or test keys).
ALTER TABLE "product_daily_totals" ADD COLUMN "mode" text DEFAULT 'test' NOT NULL;--> statement-breakpoint
ALTER TABLE "transaction_daily_totals" ADD COLUMN "mode" text DEFAULT 'test' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_daily_totals" DROP CONSTRAINT "product_daily_totals_merchant_id_day_currency_product_id_pk";--> statement-breakpoint
ALTER TABLE "transaction_daily_totals" DROP CONSTRAINT "transaction_daily_totals_merchant_id_day_currency_method_status_pk";--> statement-breakpoint
ALTER TABLE "product_daily_totals" ADD CONSTRAINT "product_daily_totals_merchant_id_mode_day_currency_product_id_pk" PRIMARY KEY("merchant_id","mode","day","currency","product_id");--> statement-breakpoint
ALTER TABLE "transaction_daily_totals" ADD CONSTRAINT "transaction_daily_totals_merchant_id_mode_day_currency_method_status_pk" PRIMARY KEY("merchant_id","mode","day","currency","method","status");--> statement-breakpoint
CREATE OR REPLACE FUNCTION kassa_transaction_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS sign, * FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT -1 AS sign, * FROM old_rows'
    ELSE 'SELECT 1 AS sign, * FROM new_rows UNION ALL SELECT -1 AS sign, * FROM old_rows'
  END;
BEGIN
  EXECUTE format(
    'INSERT INTO transaction_daily_totals AS t
       (merchant_id, mode, day, currency, method, status, count, amount, captured_amount, refunded_amount)
     SELECT merchant_id, mode, (created_at AT TIME ZONE ''UTC'')::date, currency, method, status,
            sum(sign), sum(sign * amount), sum(sign * captured_amount), sum(sign * refunded_amount)
       FROM (%s) d
      GROUP BY 1, 2, 3, 4, 5, 6
     HAVING sum(sign) <> 0 OR sum(sign * amount) <> 0 OR sum(sign * captured_amount) <> 0
         OR sum(sign * refunded_amount) <> 0
      ORDER BY 1, 2, 3, 4, 5, 6
     ON CONFLICT (merchant_id, mode, day, currency, method, status) DO UPDATE
        SET count = t.count + excluded.count,
            amount = t.amount + excluded.amount,
            captured_amount = t.captured_amount + excluded.captured_amount,
            refunded_amount = t.refunded_amount + excluded.refunded_amount',
    changed);
  EXECUTE format(
    'INSERT INTO product_daily_totals AS p (merchant_id, mode, day, currency, product_id, count, captured_amount)
     SELECT merchant_id, mode, (created_at AT TIME ZONE ''UTC'')::date, currency, product_id,
            sum(sign), sum(sign * captured_amount)
       FROM (%s) d
      WHERE product_id IS NOT NULL AND status IN (''capture_succeeded'', ''partially_refunded'', ''refunded'')
      GROUP BY 1, 2, 3, 4, 5
     HAVING sum(sign) <> 0 OR sum(sign * captured_amount) <> 0
      ORDER BY 1, 2, 3, 4, 5
     ON CONFLICT (merchant_id, mode, day, currency, product_id) DO UPDATE
        SET count = p.count + excluded.count,
            captured_amount = p.captured_amount + excluded.captured_amount',
    changed);
  RETURN NULL;
END
$$;
