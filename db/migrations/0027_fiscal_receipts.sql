CREATE TABLE "fiscal_receipts" (
	"payment_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"provider" varchar(8) NOT NULL,
	"state" varchar(12) NOT NULL,
	"receipt_url" text,
	"fiscal_data" jsonb,
	"tries" integer DEFAULT 0 NOT NULL,
	"next_try_at" timestamp with time zone,
	"claimed_until" timestamp with time zone,
	"last_error" text,
	"registered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fiscal_receipts_payment_id_kind_pk" PRIMARY KEY("payment_id","kind")
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_payment_id" varchar(64);--> statement-breakpoint
ALTER TABLE "fiscal_receipts" ADD CONSTRAINT "fiscal_receipts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fiscal_receipts_due_idx" ON "fiscal_receipts" USING btree ("next_try_at") WHERE "fiscal_receipts"."state" = 'waiting';