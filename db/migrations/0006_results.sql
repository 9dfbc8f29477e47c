ALTER TABLE "questions" ADD COLUMN "void_awards" varchar(4);--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "region_id" integer;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "district_id" integer;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "organization_id" integer;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_district_id_districts_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."districts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_void_awards_valid" CHECK ("questions"."void_awards" in ('all', 'none'));--> statement-breakpoint
-- Registrations made before this migration: where the pupil is now is the best record of where they registered.
UPDATE "registrations" SET "region_id" = "users"."region_id", "district_id" = "users"."district_id", "organization_id" = "users"."organization_id" FROM "users" WHERE "users"."id" = "registrations"."user_id";
