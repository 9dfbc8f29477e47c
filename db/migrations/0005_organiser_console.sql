CREATE TABLE "organiser_actions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "organiser_actions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organiser_id" integer NOT NULL,
	"action" varchar(40) NOT NULL,
	"target_type" varchar(20) NOT NULL,
	"target_id" integer,
	"reason" text,
	"details" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "attempts_user_test_uq";--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "reset_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "registration_guid" uuid;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organiser_actions" ADD CONSTRAINT "organiser_actions_organiser_id_users_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organiser_actions_created_idx" ON "organiser_actions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "organiser_actions_target_idx" ON "organiser_actions" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "payment_events_registration_idx" ON "payment_events" USING btree ("registration_guid");--> statement-breakpoint
CREATE UNIQUE INDEX "attempts_user_test_uq" ON "attempts" USING btree ("user_id","test_id") WHERE "attempts"."reset_at" is null;