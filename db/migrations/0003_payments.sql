CREATE TABLE "payment_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider" varchar(8) NOT NULL,
	"action" varchar(40) NOT NULL,
	"request" text NOT NULL,
	"response" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"registration_guid" uuid NOT NULL,
	"provider" varchar(8) NOT NULL,
	"provider_transaction_id" varchar(64) NOT NULL,
	"amount_tiyin" bigint NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"provider_time" bigint,
	"create_time" bigint NOT NULL,
	"perform_time" bigint,
	"cancel_time" bigint,
	"cancel_reason" smallint
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_encrypted" text;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_registration_guid_registrations_guid_fk" FOREIGN KEY ("registration_guid") REFERENCES "public"."registrations"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_events_created_idx" ON "payment_events" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_transaction_uq" ON "payments" USING btree ("provider","provider_transaction_id");--> statement-breakpoint
CREATE INDEX "payments_registration_idx" ON "payments" USING btree ("registration_guid");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_performed_uq" ON "payments" USING btree ("registration_guid") WHERE "payments"."state" = 2;--> statement-breakpoint
CREATE INDEX "payments_provider_time_idx" ON "payments" USING btree ("provider","provider_time");