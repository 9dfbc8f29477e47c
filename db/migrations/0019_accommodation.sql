ALTER TABLE "registrations" ADD COLUMN "accommodation_request" text;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "accommodation_approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_accommodation_length" CHECK (char_length("registrations"."accommodation_request") <= 500);