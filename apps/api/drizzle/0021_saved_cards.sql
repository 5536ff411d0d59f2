CREATE TABLE "sandbox_vault_cards" (
	"token" text PRIMARY KEY NOT NULL,
	"customer_ref" text NOT NULL,
	"behaviour" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" smallint NOT NULL,
	"exp_year" smallint NOT NULL,
	"fingerprint" text NOT NULL,
	"payment_reference" text,
	"confirmed_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_cards" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"provider" text NOT NULL,
	"connection_id" uuid,
	"token" text NOT NULL,
	"processor_customer_id" text,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" smallint NOT NULL,
	"exp_year" smallint NOT NULL,
	"fingerprint" text NOT NULL,
	"consent_at" timestamp with time zone NOT NULL,
	"consent_page" text NOT NULL,
	"consent_text" text NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "customer_id" uuid;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "buyer_reference" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "match_customers_by_email" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "payment_method_id" uuid;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "initiator" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "save_consent" jsonb;--> statement-breakpoint
ALTER TABLE "saved_cards" ADD CONSTRAINT "saved_cards_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_cards" ADD CONSTRAINT "saved_cards_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_cards" ADD CONSTRAINT "saved_cards_connection_id_provider_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."provider_connections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_cards_customer_idx" ON "saved_cards" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_cards_card_uq" ON "saved_cards" USING btree ("customer_id","provider","fingerprint") WHERE "saved_cards"."deleted_at" is null;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_payment_method_id_saved_cards_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."saved_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transactions_payment_method_idx" ON "transactions" USING btree ("payment_method_id") WHERE "transactions"."payment_method_id" is not null;--> statement-breakpoint
-- Existing payments and invoices join the customer whose e-mail they carry, only where exactly one
-- customer of the merchant (and, for a payment, of its mode) has that e-mail: nothing ambiguous is merged.
UPDATE "transactions" t SET "customer_id" = m."customer_id"
FROM (
	SELECT c."merchant_id", c."mode", lower(c."email") AS "email", (array_agg(c."id"))[1] AS "customer_id"
	FROM "customers" c
	WHERE c."deleted_at" IS NULL AND c."email" IS NOT NULL
	GROUP BY c."merchant_id", c."mode", lower(c."email")
	HAVING count(*) = 1
) m
WHERE t."customer_id" IS NULL AND t."merchant_id" = m."merchant_id" AND t."mode" = m."mode"
	AND lower(t."buyer_email") = m."email";--> statement-breakpoint
UPDATE "invoices" i SET "customer_id" = m."customer_id"
FROM (
	SELECT c."merchant_id", lower(c."email") AS "email", (array_agg(c."id"))[1] AS "customer_id"
	FROM "customers" c
	WHERE c."deleted_at" IS NULL AND c."email" IS NOT NULL
	GROUP BY c."merchant_id", lower(c."email")
	HAVING count(*) = 1
) m
WHERE i."customer_id" IS NULL AND i."merchant_id" = m."merchant_id" AND lower(i."customer_email") = m."email";
