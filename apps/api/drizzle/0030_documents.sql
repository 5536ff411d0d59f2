DROP INDEX "notifications_once_uq";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "discount_type" text DEFAULT 'percentage' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "shipping_type" text DEFAULT 'percentage' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "tax_type" text DEFAULT 'percentage' NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "email_receipts" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "tax_id" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "refund_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_refund_once_uq" ON "notifications" USING btree ("refund_id","kind","recipient") WHERE "notifications"."refund_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_once_uq" ON "notifications" USING btree ("transaction_id","kind","recipient") WHERE "notifications"."refund_id" is null;