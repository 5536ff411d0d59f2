-- Webhook endpoints get a mode, as Stripe's test and live endpoints: an endpoint receives only the
-- events of its mode's money, so an endpoint made with a test API key no longer receives live payments.
-- Existing endpoints become live endpoints, so the merchants' running integrations keep receiving
-- their real payments (test-mode events stop reaching them; a merchant adds a test endpoint for those).
-- Except where the audit trail shows a test key made the endpoint: its `api_key.request` entry for
-- POST …/developers/webhook-endpoints/ (written as that request answered) follows the endpoint's
-- creation within a minute. Those become test endpoints, since live data was never theirs to get.
-- The default only fills the rows already there: every new endpoint names its mode.
DROP INDEX "webhook_endpoints_merchant_idx";--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "mode" text DEFAULT 'live' NOT NULL;--> statement-breakpoint
UPDATE "webhook_endpoints" e SET "mode" = 'test'
 WHERE EXISTS (
   SELECT 1 FROM "audit_log" a JOIN "api_keys" k ON k."id" = a."api_key_id"
    WHERE a."merchant_id" = e."merchant_id"
      AND a."action" = 'api_key.request'
      AND a."data"->>'method' = 'POST'
      AND a."data"->>'route' LIKE '%/developers/webhook-endpoints/'
      AND k."mode" = 'test'
      AND a."created_at" >= e."created_at"
      AND a."created_at" < e."created_at" + interval '1 minute'
 );--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ALTER COLUMN "mode" DROP DEFAULT;--> statement-breakpoint
CREATE INDEX "webhook_endpoints_merchant_idx" ON "webhook_endpoints" USING btree ("merchant_id","mode");
