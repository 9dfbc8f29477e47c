-- A certificate's issue date, fixed when it is first issued (lib/certificates/certificates.ts):
-- a later change of the test's certificate date applies to certificates issued after it.
CREATE TABLE "certificate_issues" (
	"attempt_id" integer PRIMARY KEY NOT NULL,
	"issued_on" date NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "certificate_issues" ADD CONSTRAINT "certificate_issues_attempt_id_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The certificates already issued keep the date they show today, so that what families hold
-- keeps its date: the test's date once its day has come (Tashkent), else the day the pupil ended
-- the attempt. Every ended attempt that is neither reset nor voided (a blocked pupil's too: their
-- certificate returns with its date if they are unblocked).
INSERT INTO "certificate_issues" ("attempt_id", "issued_on")
SELECT a.id,
       CASE WHEN t.certificate_date IS NOT NULL AND t.certificate_date <= (now() AT TIME ZONE 'Asia/Tashkent')::date
            THEN t.certificate_date
            ELSE (a.ended_at AT TIME ZONE 'Asia/Tashkent')::date END
FROM "attempts" a JOIN "tests" t ON t.id = a.test_id
WHERE a.ended_at IS NOT NULL AND a.reset_at IS NULL AND a.voided_at IS NULL
ON CONFLICT DO NOTHING;
