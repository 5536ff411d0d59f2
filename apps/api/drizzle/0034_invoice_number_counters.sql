CREATE TABLE "invoice_number_counters" (
	"merchant_id" uuid PRIMARY KEY NOT NULL,
	"prefix" text NOT NULL,
	"width" integer NOT NULL,
	"next_number" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice_number_counters" ADD CONSTRAINT "invoice_number_counters_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Seeded with what the max() over invoices gave before: the series of the merchant's latest invoice
-- (its prefix, and its trailing digits' width), continued from the highest number of that series; the
-- default INV-000001 series when the latest number ends in no digit.
INSERT INTO "invoice_number_counters" ("merchant_id", "prefix", "width", "next_number")
SELECT l.merchant_id, s.prefix, s.width,
  coalesce((
    SELECT max(cast(substring(i.invoice_number from length(s.prefix) + 1) as numeric))
    FROM "invoices" i
    WHERE i.merchant_id = l.merchant_id
      AND left(i.invoice_number, length(s.prefix)) = s.prefix
      AND substring(i.invoice_number from length(s.prefix) + 1) ~ '^[0-9]{1,15}$'
  ), 0) + 1
FROM (
  SELECT DISTINCT ON (merchant_id) merchant_id, invoice_number
  FROM "invoices"
  ORDER BY merchant_id, created_at DESC, invoice_number DESC
) l
CROSS JOIN LATERAL (
  SELECT
    CASE WHEN d.digits IS NULL THEN 'INV-' ELSE left(l.invoice_number, length(l.invoice_number) - length(d.digits)) END AS prefix,
    CASE WHEN d.digits IS NULL THEN 6 ELSE length(d.digits) END AS width
  FROM (SELECT substring(l.invoice_number from '[0-9]{1,15}$') AS digits) d
) s;
