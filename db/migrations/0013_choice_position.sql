ALTER TABLE "question_choices" ADD COLUMN "position" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Choices imported before this kept only their (shuffled) ids: the bank has shown them in id order, so that order is theirs.
UPDATE "question_choices" SET "position" = ranked.position
FROM (SELECT "id", (row_number() OVER (PARTITION BY "question_id" ORDER BY "id") - 1)::smallint AS position FROM "question_choices") AS ranked
WHERE "question_choices"."id" = ranked."id";
