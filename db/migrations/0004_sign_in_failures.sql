CREATE TABLE "sign_in_failures" (
	"username" text PRIMARY KEY NOT NULL,
	"failed_count" smallint NOT NULL,
	"lockout_ends_at" timestamp with time zone,
	"last_try_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sign_in_failures_last_try_idx" ON "sign_in_failures" USING btree ("last_try_at");--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "failed_sign_in_count";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "lockout_ends_at";