ALTER TABLE "users" ADD COLUMN "locale" varchar(8);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_locale_valid" CHECK ("users"."locale" in ('uz', 'uz-Cyrl', 'ru'));