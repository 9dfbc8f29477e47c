ALTER TABLE "questions" ADD COLUMN "carried_from" integer;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "seen_by" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "kept_exposed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reading_texts" ADD COLUMN "carried_from" integer;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_carried_from_questions_id_fk" FOREIGN KEY ("carried_from") REFERENCES "public"."questions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_texts" ADD CONSTRAINT "reading_texts_carried_from_reading_texts_id_fk" FOREIGN KEY ("carried_from") REFERENCES "public"."reading_texts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_seen_by_valid" CHECK ("questions"."seen_by" >= 0);