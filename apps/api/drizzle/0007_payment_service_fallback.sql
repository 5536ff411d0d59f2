DROP INDEX "provider_connections_enabled_uq";--> statement-breakpoint
ALTER TABLE "provider_connections" ADD COLUMN "is_fallback" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "provider_connections_enabled_role_uq" ON "provider_connections" USING btree ("merchant_id","kind","is_fallback") WHERE "provider_connections"."enabled";