CREATE TABLE "product_daily_totals" (
	"merchant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"product_id" uuid NOT NULL,
	"count" integer NOT NULL,
	"captured_amount" bigint NOT NULL,
	CONSTRAINT "product_daily_totals_merchant_id_day_currency_product_id_pk" PRIMARY KEY("merchant_id","day","currency","product_id")
);
--> statement-breakpoint
CREATE TABLE "transaction_daily_totals" (
	"merchant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"count" integer NOT NULL,
	"amount" bigint NOT NULL,
	"captured_amount" bigint NOT NULL,
	"refunded_amount" bigint NOT NULL,
	CONSTRAINT "transaction_daily_totals_merchant_id_day_currency_method_status_pk" PRIMARY KEY("merchant_id","day","currency","method","status")
);
--> statement-breakpoint
CREATE INDEX "transactions_quick_payment_idx" ON "transactions" USING btree ("quick_payment_id") WHERE "transactions"."quick_payment_id" is not null;