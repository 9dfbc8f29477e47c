CREATE TABLE "attempt_questions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "attempt_questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"attempt_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"number" smallint NOT NULL,
	"choice_order" integer[] NOT NULL,
	"answer_choice_id" integer,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "attempts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"test_id" integer NOT NULL,
	"language" smallint DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"deadline_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"is_ended_by_user" boolean,
	"easy_score_tenths" smallint,
	"medium_score_tenths" smallint,
	"hard_score_tenths" smallint
);
--> statement-breakpoint
CREATE TABLE "question_choices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "question_choices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"question_id" integer NOT NULL,
	"text" text NOT NULL,
	"is_correct" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subject_id" integer NOT NULL,
	"difficulty" smallint NOT NULL,
	"text" text NOT NULL,
	"reading_text_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "questions_difficulty_valid" CHECK ("questions"."difficulty" in (1, 2, 3))
);
--> statement-breakpoint
CREATE TABLE "reading_texts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reading_texts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subject_id" integer NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subject_id" integer NOT NULL,
	"stage" smallint DEFAULT 1 NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone NOT NULL,
	"duration_minutes" smallint DEFAULT 90 NOT NULL,
	"pin_code" varchar(16) NOT NULL,
	"easy_count" smallint DEFAULT 10 NOT NULL,
	"medium_count" smallint DEFAULT 10 NOT NULL,
	"hard_count" smallint DEFAULT 10 NOT NULL,
	"easy_points_tenths" smallint DEFAULT 10 NOT NULL,
	"medium_points_tenths" smallint DEFAULT 15 NOT NULL,
	"hard_points_tenths" smallint DEFAULT 25 NOT NULL,
	"review_policy" varchar(16) DEFAULT 'afterClose' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tests_window" CHECK ("tests"."opened_at" < "tests"."closed_at")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "extra_minutes" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "attempt_questions" ADD CONSTRAINT "attempt_questions_attempt_id_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempt_questions" ADD CONSTRAINT "attempt_questions_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempt_questions" ADD CONSTRAINT "attempt_questions_answer_choice_id_question_choices_id_fk" FOREIGN KEY ("answer_choice_id") REFERENCES "public"."question_choices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_choices" ADD CONSTRAINT "question_choices_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_reading_text_id_reading_texts_id_fk" FOREIGN KEY ("reading_text_id") REFERENCES "public"."reading_texts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_texts" ADD CONSTRAINT "reading_texts_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tests" ADD CONSTRAINT "tests_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attempt_questions_attempt_number_uq" ON "attempt_questions" USING btree ("attempt_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "attempts_user_test_uq" ON "attempts" USING btree ("user_id","test_id");--> statement-breakpoint
CREATE INDEX "attempts_unfinished_idx" ON "attempts" USING btree ("deadline_at") WHERE "attempts"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "attempts_test_idx" ON "attempts" USING btree ("test_id");--> statement-breakpoint
CREATE INDEX "question_choices_question_idx" ON "question_choices" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "questions_subject_difficulty_idx" ON "questions" USING btree ("subject_id","difficulty");--> statement-breakpoint
CREATE UNIQUE INDEX "tests_subject_stage_uq" ON "tests" USING btree ("subject_id","stage");