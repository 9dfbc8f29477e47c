-- Kept results, drawn or computed again rather than recovered: UNLOGGED (no write-ahead log,
-- replica or backup traffic; emptied after a database crash, as a cache may be).
CREATE UNLOGGED TABLE "certificate_pictures" (
	"user_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"origin" text NOT NULL,
	"version" text NOT NULL,
	"png" "bytea",
	"claimed_until" timestamp with time zone,
	"drawn_at" timestamp with time zone,
	CONSTRAINT "certificate_pictures_user_id_kind_origin_pk" PRIMARY KEY("user_id","kind","origin")
);
--> statement-breakpoint
-- A PNG does not compress: stored as it is, without a try.
ALTER TABLE "certificate_pictures" ALTER COLUMN "png" SET STORAGE EXTERNAL;
--> statement-breakpoint
CREATE UNLOGGED TABLE "item_statistics_kept" (
	"test_id" integer NOT NULL,
	"reader" smallint NOT NULL,
	"input_digest" text NOT NULL,
	"analysis" "bytea" NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_statistics_kept_test_id_reader_pk" PRIMARY KEY("test_id","reader")
);
--> statement-breakpoint
ALTER TABLE "certificate_pictures" ADD CONSTRAINT "certificate_pictures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_statistics_kept" ADD CONSTRAINT "item_statistics_kept_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE cascade ON UPDATE no action;