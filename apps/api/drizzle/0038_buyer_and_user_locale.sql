ALTER TABLE "transactions" ADD COLUMN "buyer_locale" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "locale" text;