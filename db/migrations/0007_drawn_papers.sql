CREATE TABLE "drawn_papers" (
	"user_id" integer NOT NULL,
	"test_id" integer NOT NULL,
	"questions" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "drawn_papers_user_id_test_id_pk" PRIMARY KEY("user_id","test_id")
);
--> statement-breakpoint
ALTER TABLE "drawn_papers" ADD CONSTRAINT "drawn_papers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drawn_papers" ADD CONSTRAINT "drawn_papers_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drawn_papers_test_idx" ON "drawn_papers" USING btree ("test_id");