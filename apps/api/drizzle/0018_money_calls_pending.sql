-- Refunds, captures and voids are written 'pending' and committed before the processor is asked, their
-- id being the processor's idempotency key; a lost answer is settled by asking again
-- (docs/decisions/0021-money-calls-written-before-sent.md). Existing refunds are all settled, so their
-- card / gift-card split (to_card, to_gift_card) is never read and stays 0.
CREATE TABLE "authorization_changes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"transaction_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"request_key" text,
	"failure_reason" text,
	"created_by" uuid,
	"actor_role" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "to_card" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "to_gift_card" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "request_key" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "actor_role" smallint;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "authorization_changes" ADD CONSTRAINT "authorization_changes_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "authorization_changes" ADD CONSTRAINT "authorization_changes_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "authorization_changes_one_uq" ON "authorization_changes" USING btree ("transaction_id") WHERE "authorization_changes"."status" <> 'failed';--> statement-breakpoint
CREATE INDEX "authorization_changes_pending_idx" ON "authorization_changes" USING btree ("created_at") WHERE "authorization_changes"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_request_key_uq" ON "refunds" USING btree ("transaction_id","request_key") WHERE "refunds"."request_key" is not null and "refunds"."status" <> 'failed';--> statement-breakpoint
CREATE INDEX "refunds_pending_idx" ON "refunds" USING btree ("created_at") WHERE "refunds"."status" = 'pending';