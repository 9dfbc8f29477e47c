CREATE TABLE "family_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "family_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"guid" uuid NOT NULL,
	"kind" varchar(32) NOT NULL,
	"key" text NOT NULL,
	"data" jsonb NOT NULL,
	"test_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"tries" integer DEFAULT 0 NOT NULL,
	"next_try_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invitations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"test_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"district_id" integer,
	"rank" smallint NOT NULL,
	"from_reserve" boolean DEFAULT false NOT NULL,
	"state" varchar(16) DEFAULT 'invited' NOT NULL,
	"invited_at" timestamp with time zone NOT NULL,
	"deadline_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"answered_via" varchar(8),
	CONSTRAINT "invitations_state" CHECK ("invitations"."state" in ('invited', 'confirmed', 'declined', 'expired')),
	CONSTRAINT "invitations_answered" CHECK (("invitations"."state" in ('confirmed', 'declined')) = ("invitations"."answered_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "tests" ADD COLUMN "list_told_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "family_events_key_uq" ON "family_events" USING btree ("key");--> statement-breakpoint
CREATE INDEX "family_events_waiting_idx" ON "family_events" USING btree ("guid","id") WHERE "family_events"."delivered_at" is null;--> statement-breakpoint
CREATE INDEX "family_events_test_idx" ON "family_events" USING btree ("test_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_test_user_uq" ON "invitations" USING btree ("test_id","user_id");--> statement-breakpoint
CREATE INDEX "invitations_waiting_idx" ON "invitations" USING btree ("deadline_at") WHERE "invitations"."state" = 'invited';--> statement-breakpoint
-- Lists already final before invitations existed were told by hand: the job does not tell them again.
UPDATE "tests" SET "list_told_at" = now() WHERE EXISTS (SELECT 1 FROM "final_lists" "fl" WHERE "fl"."test_id" = "tests"."id");