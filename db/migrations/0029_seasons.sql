CREATE TABLE "seasons" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "seasons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"year" smallint NOT NULL,
	"title" text NOT NULL,
	"registration_opens" date NOT NULL,
	"registration_closes" date NOT NULL,
	"fee_som" integer NOT NULL,
	"camp_starts" date,
	"camp_ends" date,
	"camp_place" text,
	"taking_registrations" boolean DEFAULT false NOT NULL,
	"settings_applied" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seasons_period" CHECK ("seasons"."registration_opens" <= "seasons"."registration_closes"),
	CONSTRAINT "seasons_camp" CHECK ("seasons"."camp_starts" is null or "seasons"."camp_ends" is null or "seasons"."camp_starts" <= "seasons"."camp_ends"),
	CONSTRAINT "seasons_fee" CHECK ("seasons"."fee_som" > 0),
	CONSTRAINT "seasons_title_length" CHECK (char_length("seasons"."title") between 1 and 120)
);
--> statement-breakpoint
CREATE TABLE "season_offers" (
	"season_id" integer NOT NULL,
	"version" integer NOT NULL,
	"fee_som" integer NOT NULL,
	"registration_opens" date NOT NULL,
	"registration_closes" date NOT NULL,
	"texts" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "season_offers_season_id_version_pk" PRIMARY KEY("season_id","version")
);
--> statement-breakpoint
-- Every row there is goes into a season of its own year (Tashkent): a subject into the year of its
-- first test (a subject has one), a registration into the year it was made. The
-- current year's season takes registrations; its period and fee come from the settings at the next
-- start (settings_applied false), as do the words of the offers made here (texts still empty).
INSERT INTO "seasons" ("year", "title", "registration_opens", "registration_closes", "fee_som", "settings_applied")
SELECT y, y::text, make_date(y, 5, 12), make_date(y, 5, 31), 75000, false
FROM (
  SELECT extract(year FROM (now() AT TIME ZONE 'Asia/Tashkent'))::int AS y
  UNION SELECT extract(year FROM ("opened_at" AT TIME ZONE 'Asia/Tashkent'))::int FROM "tests"
  UNION SELECT extract(year FROM ("created_at" AT TIME ZONE 'Asia/Tashkent'))::int FROM "registrations"
) years;
--> statement-breakpoint
UPDATE "seasons" SET "taking_registrations" = true WHERE "year" = extract(year FROM (now() AT TIME ZONE 'Asia/Tashkent'))::int;
--> statement-breakpoint
INSERT INTO "season_offers" ("season_id", "version", "fee_som", "registration_opens", "registration_closes", "texts")
SELECT "id", 1, "fee_som", "registration_opens", "registration_closes", '{}'::jsonb FROM "seasons";
--> statement-breakpoint
-- What a row made without naming its season belongs to: the season taking registrations (else the
-- newest), and that season's latest offer. The application names them; these keep older scripts true.
CREATE FUNCTION current_season() RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT "id" FROM "seasons" ORDER BY "taking_registrations" DESC, "year" DESC LIMIT 1
$$;
--> statement-breakpoint
CREATE FUNCTION current_offer_version() RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT max("version") FROM "season_offers" WHERE "season_id" = current_season()
$$;
--> statement-breakpoint
ALTER TABLE "subjects" ADD COLUMN "season_id" integer;
--> statement-breakpoint
UPDATE "subjects" s SET "season_id" = (
  SELECT se."id" FROM "seasons" se
  WHERE se."year" = coalesce(
    (SELECT extract(year FROM (min(t."opened_at") AT TIME ZONE 'Asia/Tashkent'))::int FROM "tests" t WHERE t."subject_id" = s."id"),
    extract(year FROM (now() AT TIME ZONE 'Asia/Tashkent'))::int
  )
);
--> statement-breakpoint
ALTER TABLE "subjects" ALTER COLUMN "season_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "subjects" ALTER COLUMN "season_id" SET DEFAULT current_season();
--> statement-breakpoint
-- Subjects are unique within a season from here on (the index is made below).
DROP INDEX "subjects_name_grade_uq";
--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "season_id" integer;
--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "offer_version" integer;
--> statement-breakpoint
UPDATE "registrations" r SET "offer_version" = 1, "season_id" =
  (SELECT se."id" FROM "seasons" se WHERE se."year" = extract(year FROM (r."created_at" AT TIME ZONE 'Asia/Tashkent'))::int);
--> statement-breakpoint
-- A pupil registered in a later year than the test of its subject (registered for next summer before
-- that test was moved) gets its own season's subject of that name and grade; its attempts, if any,
-- stay with the old test.
INSERT INTO "subjects" ("season_id", "name", "grade")
SELECT DISTINCT r."season_id", s."name", s."grade"
FROM "registrations" r JOIN "users" u ON u."id" = r."user_id" JOIN "subjects" s ON s."id" = u."subject_id"
WHERE r."season_id" <> s."season_id" AND NOT s."rehearsal"
  AND NOT EXISTS (SELECT 1 FROM "subjects" o WHERE o."season_id" = r."season_id" AND o."name" = s."name" AND o."grade" = s."grade");
--> statement-breakpoint
UPDATE "users" u SET "subject_id" = ns."id"
FROM "registrations" r, "subjects" s, "subjects" ns
WHERE r."user_id" = u."id" AND s."id" = u."subject_id" AND r."season_id" <> s."season_id" AND NOT s."rehearsal"
  AND ns."season_id" = r."season_id" AND ns."name" = s."name" AND ns."grade" = s."grade";
--> statement-breakpoint
ALTER TABLE "registrations" ALTER COLUMN "season_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "registrations" ALTER COLUMN "offer_version" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "registrations" ALTER COLUMN "season_id" SET DEFAULT current_season();
--> statement-breakpoint
ALTER TABLE "registrations" ALTER COLUMN "offer_version" SET DEFAULT current_offer_version();
--> statement-breakpoint
ALTER TABLE "season_offers" ADD CONSTRAINT "season_offers_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "seasons_year_uq" ON "seasons" USING btree ("year");
--> statement-breakpoint
CREATE UNIQUE INDEX "seasons_one_taking_registrations_uq" ON "seasons" USING btree ("taking_registrations") WHERE "seasons"."taking_registrations";
--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_season_id_offer_version_season_offers_season_id_version_fk" FOREIGN KEY ("season_id","offer_version") REFERENCES "public"."season_offers"("season_id","version") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "subjects" ADD CONSTRAINT "subjects_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "registrations_season_idx" ON "registrations" USING btree ("season_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "subjects_season_name_grade_uq" ON "subjects" USING btree ("season_id","name","grade");
