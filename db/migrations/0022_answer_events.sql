-- What a screening for answer copying reads (db/schema.ts answerEvents, accessEvents): every saved
-- answer with its times, appended by Answer's own statement, and the device and address of each
-- sign-in and start.
CREATE TABLE "access_events" (
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "access_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"test_id" integer,
	"kind" varchar(8) NOT NULL,
	"device_id" text,
	"address" text,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "access_events_user_id_id_pk" PRIMARY KEY("user_id","id"),
	CONSTRAINT "access_events_kind_valid" CHECK ("access_events"."kind" in ('sign-in', 'start'))
);
--> statement-breakpoint
CREATE TABLE "answer_events" (
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "answer_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"attempt_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"choice_id" integer NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"chosen_at" timestamp with time zone,
	CONSTRAINT "answer_events_attempt_id_id_pk" PRIMARY KEY("attempt_id","id")
);
--> statement-breakpoint
ALTER TABLE "access_events" ADD CONSTRAINT "access_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_events" ADD CONSTRAINT "access_events_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_events" ADD CONSTRAINT "answer_events_attempt_id_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."attempts"("id") ON DELETE cascade ON UPDATE no action;