ALTER TABLE "family_events" ADD COLUMN "tx" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
CREATE INDEX "family_events_cursor_idx" ON "family_events" USING btree ("tx","id");