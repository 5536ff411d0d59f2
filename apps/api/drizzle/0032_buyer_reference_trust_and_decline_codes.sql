ALTER TABLE "checkout_sessions" ADD COLUMN "buyer_reference_trusted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "failure_code" text;