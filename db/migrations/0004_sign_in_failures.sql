CREATE TABLE "sign_in_failures" (
	"username" varchar(30) PRIMARY KEY NOT NULL,
	"failed_count" smallint NOT NULL,
	"lockout_ends_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "failed_sign_in_count";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "lockout_ends_at";