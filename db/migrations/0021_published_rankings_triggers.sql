-- What outdates a test's published ranking (published_rankings; lib/results/published.ts), caught
-- where the change is made, whichever code makes it: an ended attempt changed or removed (a
-- regrade, a reset), a pupil's name, phone, block or place changed (an erasure, the retention
-- sweep, the organiser's edits), a registration's place, a subject's grade or rehearsal flag, a
-- test's subject. An attempt that ends needs no trigger: what is kept records how many of the
-- test's attempts had ended, and a reader that counts more ranks again. Each trigger moves the
-- test's version on and drops what was kept, in the transaction of the change, so that a ranking
-- read before the change is never kept after it. What the ranking reads (lib/results/ranking.ts
-- rankingCtes, tables.ts topData) and what these triggers watch must stay the same list.
CREATE FUNCTION "published_rankings_outdate"(test_ids integer[]) RETURNS void LANGUAGE sql AS $$
  -- A test with nothing kept yet gets its row at version 1: a reader that saw no row read version 0.
  INSERT INTO published_rankings (test_id, version)
  SELECT DISTINCT id, 1 FROM unnest(test_ids) AS id WHERE id IS NOT NULL
  ON CONFLICT (test_id) DO UPDATE
    SET version = published_rankings.version + 1, ended_attempts = NULL, top_rows = NULL, top_hash = NULL, ranked_at = NULL
$$;--> statement-breakpoint
CREATE FUNCTION "published_rankings_attempts_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only an ended attempt is ranked: a change of one still running outdates nothing.
  IF EXISTS (SELECT 1 FROM old_attempts WHERE ended_at IS NOT NULL) THEN
    PERFORM published_rankings_outdate(ARRAY(SELECT test_id FROM old_attempts WHERE ended_at IS NOT NULL));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Per statement: a regrade re-scores thousands of attempts in one, and outdates their test once.
CREATE TRIGGER "published_rankings_attempts_updated" AFTER UPDATE ON "attempts"
  REFERENCING OLD TABLE AS old_attempts FOR EACH STATEMENT EXECUTE FUNCTION published_rankings_attempts_changed();--> statement-breakpoint
CREATE TRIGGER "published_rankings_attempts_deleted" AFTER DELETE ON "attempts"
  REFERENCING OLD TABLE AS old_attempts FOR EACH STATEMENT EXECUTE FUNCTION published_rankings_attempts_changed();--> statement-breakpoint
CREATE FUNCTION "published_rankings_user_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM published_rankings_outdate(ARRAY(SELECT test_id FROM attempts WHERE user_id = NEW.id AND ended_at IS NOT NULL));
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Per row, only when a column the ranking or its list reads changes: a sign-in never runs it.
CREATE TRIGGER "published_rankings_user_updated" AFTER UPDATE ON "users" FOR EACH ROW
  WHEN ((OLD.last_name, OLD.first_name, OLD.middle_name, OLD.phone_number, OLD.blocked_at, OLD.region_id, OLD.district_id, OLD.organization_id)
        IS DISTINCT FROM (NEW.last_name, NEW.first_name, NEW.middle_name, NEW.phone_number, NEW.blocked_at, NEW.region_id, NEW.district_id, NEW.organization_id))
  EXECUTE FUNCTION published_rankings_user_changed();--> statement-breakpoint
CREATE FUNCTION "published_rankings_registration_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pupils integer[] := '{}';
BEGIN
  IF TG_OP <> 'INSERT' THEN pupils := pupils || OLD.user_id; END IF;
  IF TG_OP <> 'DELETE' THEN pupils := pupils || NEW.user_id; END IF;
  PERFORM published_rankings_outdate(ARRAY(SELECT test_id FROM attempts WHERE user_id = ANY (pupils) AND ended_at IS NOT NULL));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "published_rankings_registration_added_or_removed" AFTER INSERT OR DELETE ON "registrations" FOR EACH ROW
  EXECUTE FUNCTION published_rankings_registration_changed();--> statement-breakpoint
CREATE TRIGGER "published_rankings_registration_updated" AFTER UPDATE ON "registrations" FOR EACH ROW
  WHEN ((OLD.user_id, OLD.region_id, OLD.district_id, OLD.organization_id) IS DISTINCT FROM (NEW.user_id, NEW.region_id, NEW.district_id, NEW.organization_id))
  EXECUTE FUNCTION published_rankings_registration_changed();--> statement-breakpoint
CREATE FUNCTION "published_rankings_subject_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM published_rankings_outdate(ARRAY(SELECT id FROM tests WHERE subject_id = NEW.id));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "published_rankings_subject_updated" AFTER UPDATE ON "subjects" FOR EACH ROW
  WHEN ((OLD.grade, OLD.rehearsal) IS DISTINCT FROM (NEW.grade, NEW.rehearsal))
  EXECUTE FUNCTION published_rankings_subject_changed();--> statement-breakpoint
CREATE FUNCTION "published_rankings_test_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM published_rankings_outdate(ARRAY[NEW.id]);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "published_rankings_test_updated" AFTER UPDATE ON "tests" FOR EACH ROW
  WHEN (OLD.subject_id IS DISTINCT FROM NEW.subject_id)
  EXECUTE FUNCTION published_rankings_test_changed();
