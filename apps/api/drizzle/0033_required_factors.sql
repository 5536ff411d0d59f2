CREATE TABLE "platform_settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"require_admin_second_factor" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_settings_one_row" CHECK ("platform_settings"."id")
);
--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "require_second_factor" boolean DEFAULT false NOT NULL;