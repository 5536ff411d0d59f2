CREATE TABLE "auth_limits" (
	"scope" text NOT NULL,
	"subject" text NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "auth_limits_scope_subject_pk" PRIMARY KEY("scope","subject")
);
--> statement-breakpoint
CREATE INDEX "auth_limits_window_idx" ON "auth_limits" USING btree ("window_started_at");