ALTER TABLE "attempts" ADD COLUMN "ended_by" smallint;
--> statement-breakpoint
-- Who ended each attempt so far: the pupil, or else an organiser where the audit log says one
-- ended it ("attempt.end", or a reset of a running attempt), else the clock.
UPDATE "attempts" a SET "ended_by" = CASE
  WHEN a."is_ended_by_user" THEN 1
  WHEN EXISTS (
    SELECT 1 FROM "organiser_actions" o
    WHERE o."target_type" = 'attempt' AND o."target_id" = a."id" AND o."action" IN ('attempt.end', 'attempt.reset')
      AND o."created_at" <= a."ended_at" + interval '1 second'
  ) THEN 3
  ELSE 2
END
WHERE a."ended_at" IS NOT NULL;
