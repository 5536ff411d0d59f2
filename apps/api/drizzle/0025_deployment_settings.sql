CREATE TABLE "deployment_settings" (
	"name" text PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL
);
