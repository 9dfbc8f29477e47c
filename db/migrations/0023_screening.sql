-- The answer-copying screening (lib/integrity): each run of a test's screening, the pairs it
-- listed with their evidence, the organiser's decisions about them, and an attempt voided by one.
CREATE TABLE "screening_decisions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "screening_decisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"attempt_a" integer NOT NULL,
	"attempt_b" integer NOT NULL,
	"decision" varchar(10) NOT NULL,
	"reason" text NOT NULL,
	"organiser_id" integer NOT NULL,
	"decided_at" timestamp with time zone NOT NULL,
	CONSTRAINT "screening_decisions_valid" CHECK ("screening_decisions"."decision" in ('none', 'voidA', 'voidB', 'voidBoth'))
);
--> statement-breakpoint
CREATE TABLE "screening_pairs" (
	"screening_id" integer NOT NULL,
	"attempt_a" integer NOT NULL,
	"attempt_b" integer NOT NULL,
	"evidence" jsonb NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "screening_pairs_screening_id_attempt_a_attempt_b_pk" PRIMARY KEY("screening_id","attempt_a","attempt_b")
);
--> statement-breakpoint
CREATE TABLE "screenings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "screenings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"test_id" integer NOT NULL,
	"trigger" varchar(10) NOT NULL,
	"organiser_id" integer,
	"options" jsonb NOT NULL,
	"attempts" integer NOT NULL,
	"pairs" integer NOT NULL,
	"tested" integer NOT NULL,
	"listed" integer NOT NULL,
	"cpu_ms" integer NOT NULL,
	"ran_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "screening_decisions" ADD CONSTRAINT "screening_decisions_attempt_a_attempts_id_fk" FOREIGN KEY ("attempt_a") REFERENCES "public"."attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_decisions" ADD CONSTRAINT "screening_decisions_attempt_b_attempts_id_fk" FOREIGN KEY ("attempt_b") REFERENCES "public"."attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_decisions" ADD CONSTRAINT "screening_decisions_organiser_id_users_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_pairs" ADD CONSTRAINT "screening_pairs_screening_id_screenings_id_fk" FOREIGN KEY ("screening_id") REFERENCES "public"."screenings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_pairs" ADD CONSTRAINT "screening_pairs_attempt_a_attempts_id_fk" FOREIGN KEY ("attempt_a") REFERENCES "public"."attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_pairs" ADD CONSTRAINT "screening_pairs_attempt_b_attempts_id_fk" FOREIGN KEY ("attempt_b") REFERENCES "public"."attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screenings" ADD CONSTRAINT "screenings_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screenings" ADD CONSTRAINT "screenings_organiser_id_users_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "screening_decisions_pair_idx" ON "screening_decisions" USING btree ("attempt_a","attempt_b");--> statement-breakpoint
CREATE INDEX "screenings_test_idx" ON "screenings" USING btree ("test_id","ran_at");