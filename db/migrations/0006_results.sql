ALTER TABLE "questions" ADD CONSTRAINT "questions_void_awards_valid" CHECK ("questions"."void_awards" in ('all', 'none'));--> statement-breakpoint
-- Registrations made before this migration: where the pupil is now is the best record of where they registered.
UPDATE "registrations" SET "region_id" = "users"."region_id", "district_id" = "users"."district_id", "organization_id" = "users"."organization_id" FROM "users" WHERE "users"."id" = "registrations"."user_id";
