-- Customers: one merchant's, per mode (test customers never meet live money), soft-deleted, with a
-- merchant reference unique among the live customers of a merchant and mode (the partial unique index
-- is the guard against two creates at once). Invoices and transactions get a nullable customer_id for
-- the saved cards, subscriptions and customer links that come next. Nothing is linked here: there are
-- no customers yet, so existing invoices and payments are linked (by a buyer e-mail that matches
-- exactly one customer) when that later part of the work adds the links, not by this migration.
CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"billing_address" jsonb,
	"reference" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "customer_id" uuid;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "customer_id" uuid;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customers_merchant_idx" ON "customers" USING btree ("merchant_id","mode","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_reference_uq" ON "customers" USING btree ("merchant_id","mode","reference") WHERE "customers"."reference" is not null and "customers"."deleted_at" is null;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_customer_idx" ON "invoices" USING btree ("customer_id") WHERE "invoices"."customer_id" is not null;--> statement-breakpoint
CREATE INDEX "transactions_customer_idx" ON "transactions" USING btree ("customer_id") WHERE "transactions"."customer_id" is not null;