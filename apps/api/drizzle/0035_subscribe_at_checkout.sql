ALTER TABLE "products" ADD COLUMN "recurring_price_id" uuid;--> statement-breakpoint
ALTER TABLE "quick_payments" ADD COLUMN "recurring_price_id" uuid;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "checkout_session_id" uuid;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "consent_text" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "consent_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_checkout_session_idx" ON "subscriptions" USING btree ("checkout_session_id");