-- A bank item's words per study language: the existing Uzbek texts become language "0".
ALTER TABLE "question_choices" ADD COLUMN "texts" jsonb;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "texts" jsonb;--> statement-breakpoint
ALTER TABLE "reading_texts" ADD COLUMN "texts" jsonb;--> statement-breakpoint
UPDATE "question_choices" SET "texts" = jsonb_build_object('0', "text");--> statement-breakpoint
UPDATE "questions" SET "texts" = jsonb_build_object('0', "text");--> statement-breakpoint
UPDATE "reading_texts" SET "texts" = jsonb_build_object('0', "text");--> statement-breakpoint
ALTER TABLE "question_choices" ALTER COLUMN "texts" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ALTER COLUMN "texts" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "reading_texts" ALTER COLUMN "texts" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "language" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "drawn_papers" ADD COLUMN "language" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "question_choices" DROP COLUMN "text";--> statement-breakpoint
ALTER TABLE "questions" DROP COLUMN "text";--> statement-breakpoint
ALTER TABLE "reading_texts" DROP COLUMN "text";--> statement-breakpoint
ALTER TABLE "question_choices" ADD CONSTRAINT "question_choices_texts_valid" CHECK (jsonb_typeof("question_choices"."texts") = 'object' and "question_choices"."texts" <> '{}'::jsonb);--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_texts_valid" CHECK (jsonb_typeof("questions"."texts") = 'object' and "questions"."texts" <> '{}'::jsonb);--> statement-breakpoint
ALTER TABLE "reading_texts" ADD CONSTRAINT "reading_texts_texts_valid" CHECK (jsonb_typeof("reading_texts"."texts") = 'object' and "reading_texts"."texts" <> '{}'::jsonb);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_valid" CHECK ("users"."language" in (0, 1, 2));
