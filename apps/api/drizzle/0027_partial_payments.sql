DROP INDEX "transactions_invoice_live_uq";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "amount_paid" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "balance_due" bigint GENERATED ALWAYS AS (total_amount - amount_paid) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "deposit_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "allow_partial" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Invoices paid before parts existed were paid whole, by one payment.
UPDATE "invoices" SET "amount_paid" = "total_amount" WHERE "status" = 'paid';--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_invoice_live_uq" ON "transactions" USING btree ("invoice_id") WHERE "transactions"."invoice_id" is not null and "transactions"."status" in ('processing', 'buyer_approval_pending');--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_amount_paid_within_total" CHECK ("invoices"."amount_paid" >= 0 and "invoices"."amount_paid" <= "invoices"."total_amount");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_deposit_within_total" CHECK ("invoices"."deposit_amount" >= 0 and "invoices"."deposit_amount" <= "invoices"."total_amount");