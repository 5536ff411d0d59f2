CREATE TABLE "recurring_invoices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"currency" text NOT NULL,
	"items" jsonb NOT NULL,
	"discount_bps" integer DEFAULT 0 NOT NULL,
	"shipping_bps" integer DEFAULT 0 NOT NULL,
	"tax_bps" integer DEFAULT 0 NOT NULL,
	"sub_total_amount" bigint NOT NULL,
	"discount_amount" bigint NOT NULL,
	"shipping_amount" bigint NOT NULL,
	"tax_amount" bigint NOT NULL,
	"total_amount" bigint NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"due_in_days" integer NOT NULL,
	"interval" text NOT NULL,
	"interval_count" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_after_count" integer,
	"end_date" date,
	"auto_charge" boolean DEFAULT false NOT NULL,
	"anchor_date" date NOT NULL,
	"period_index" integer DEFAULT 0 NOT NULL,
	"invoices_made" integer DEFAULT 0 NOT NULL,
	"next_send_date" date,
	"last_sent_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "recurring_invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "recurring_occurrence" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "recurring_invoices" ADD CONSTRAINT "recurring_invoices_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_invoices" ADD CONSTRAINT "recurring_invoices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recurring_invoices_merchant_idx" ON "recurring_invoices" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "recurring_invoices_customer_idx" ON "recurring_invoices" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "recurring_invoices_due_idx" ON "recurring_invoices" USING btree ("next_send_date") WHERE "recurring_invoices"."status" = 'active' and "recurring_invoices"."deleted_at" is null;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_recurring_invoice_id_recurring_invoices_id_fk" FOREIGN KEY ("recurring_invoice_id") REFERENCES "public"."recurring_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_recurring_occurrence_uq" ON "invoices" USING btree ("recurring_invoice_id","recurring_occurrence");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_invoice_once_uq" ON "notifications" USING btree ("invoice_id","kind","recipient") WHERE "notifications"."invoice_id" is not null;