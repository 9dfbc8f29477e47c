CREATE TABLE "appeal_decisions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "appeal_decisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"test_id" integer NOT NULL,
	"question_id" integer,
	"outcome" varchar(8) NOT NULL,
	"choice_id" integer,
	"void_awards" varchar(8),
	"reason" text NOT NULL,
	"reason_ru" text,
	"organiser_id" integer NOT NULL,
	"decided_at" timestamp with time zone NOT NULL,
	CONSTRAINT "appeal_decisions_outcome" CHECK ("appeal_decisions"."outcome" in ('reject', 'upheld', 'also', 'key', 'void'))
);
--> statement-breakpoint
CREATE TABLE "appeals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "appeals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"test_id" integer NOT NULL,
	"attempt_id" integer NOT NULL,
	"attempt_question_id" integer,
	"question_id" integer,
	"kind" varchar(8) NOT NULL,
	"text" text NOT NULL,
	"decision_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appeals_kind" CHECK ("appeals"."kind" in ('key', 'unclear', 'result')),
	CONSTRAINT "appeals_whole" CHECK (("appeals"."kind" = 'result') = ("appeals"."attempt_question_id" is null) and ("appeals"."attempt_question_id" is null) = ("appeals"."question_id" is null))
);
--> statement-breakpoint
CREATE TABLE "final_lists" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "final_lists_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"test_id" integer NOT NULL,
	"version" integer NOT NULL,
	"top_hash" text NOT NULL,
	"rows" jsonb NOT NULL,
	"ranked" integer NOT NULL,
	"appeals" integer NOT NULL,
	"reason" text,
	"organiser_id" integer NOT NULL,
	"finalised_at" timestamp with time zone NOT NULL,
	CONSTRAINT "final_lists_reason" CHECK (("final_lists"."version" = 1) = ("final_lists"."reason" is null))
);
--> statement-breakpoint
CREATE TABLE "score_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "score_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"attempt_id" integer NOT NULL,
	"question_id" integer,
	"action" varchar(8) NOT NULL,
	"old_tenths" integer NOT NULL,
	"new_tenths" integer NOT NULL,
	"reason" text NOT NULL,
	"reason_ru" text,
	"decision_id" integer,
	"changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tests" ADD COLUMN "appeals_close_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appeal_decisions" ADD CONSTRAINT "appeal_decisions_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeal_decisions" ADD CONSTRAINT "appeal_decisions_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeal_decisions" ADD CONSTRAINT "appeal_decisions_choice_id_question_choices_id_fk" FOREIGN KEY ("choice_id") REFERENCES "public"."question_choices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeal_decisions" ADD CONSTRAINT "appeal_decisions_organiser_id_users_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_attempt_id_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_attempt_question_id_attempt_questions_id_fk" FOREIGN KEY ("attempt_question_id") REFERENCES "public"."attempt_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_decision_id_appeal_decisions_id_fk" FOREIGN KEY ("decision_id") REFERENCES "public"."appeal_decisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "final_lists" ADD CONSTRAINT "final_lists_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "final_lists" ADD CONSTRAINT "final_lists_organiser_id_users_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_changes" ADD CONSTRAINT "score_changes_attempt_id_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_changes" ADD CONSTRAINT "score_changes_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_changes" ADD CONSTRAINT "score_changes_decision_id_appeal_decisions_id_fk" FOREIGN KEY ("decision_id") REFERENCES "public"."appeal_decisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appeal_decisions_test_idx" ON "appeal_decisions" USING btree ("test_id");--> statement-breakpoint
CREATE UNIQUE INDEX "appeals_one_per_question_uq" ON "appeals" USING btree ("attempt_id",coalesce("attempt_question_id", 0));--> statement-breakpoint
CREATE INDEX "appeals_test_question_idx" ON "appeals" USING btree ("test_id","question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "final_lists_test_version_uq" ON "final_lists" USING btree ("test_id","version");--> statement-breakpoint
CREATE INDEX "final_lists_hash_idx" ON "final_lists" USING btree ("top_hash");--> statement-breakpoint
CREATE INDEX "score_changes_attempt_idx" ON "score_changes" USING btree ("attempt_id");