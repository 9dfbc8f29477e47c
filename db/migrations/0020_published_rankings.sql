CREATE TABLE "published_rankings" (
	"test_id" integer PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"ended_attempts" integer,
	"top_rows" jsonb,
	"top_hash" text,
	"ranked_at" timestamp with time zone,
	CONSTRAINT "published_rankings_whole" CHECK (("published_rankings"."top_hash" is null) = ("published_rankings"."top_rows" is null) and ("published_rankings"."top_hash" is null) = ("published_rankings"."ended_attempts" is null) and ("published_rankings"."top_hash" is null) = ("published_rankings"."ranked_at" is null))
);
--> statement-breakpoint
ALTER TABLE "published_rankings" ADD CONSTRAINT "published_rankings_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attempts_user_idx" ON "attempts" USING btree ("user_id");