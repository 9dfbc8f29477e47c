-- What drops the front door's kept pages (lib/kept-pages.mjs), told where the change is made,
-- whichever code makes it: a notification on "olimpiada_kept", sent when the change's transaction
-- commits (and never if it rolls back), heard by every process (lib/kept/changes.ts). A pupil's
-- name, place, block or username, an attempt that ended (or its end, reset or void), a
-- certificate's issue date changed: "user:<id>". A test (its minute, its dates), its subject, its
-- final list: "test:<id>". A season, a school, a district or a region: "all". Only the columns a
-- kept page shows are watched: a sign-in, which writes users.last_sign_in_at, tells nothing (one
-- notification per sign-in would queue the opening's commits behind NOTIFY's lock), nor does a
-- row added that no page showed yet (a new test, a certificate's first issue, which fixes the
-- date the page that issued it shows). What the kept pages show (app/(public)/cert,
-- app/(public)/lists) and what these triggers watch must stay the same list.
-- Per row, so that a statement that changes nothing a page shows (a sweep that finds nothing, a
-- regrade: a certificate shows no score) tells nothing; one transaction's notifications of the
-- same payload go out as one.
CREATE FUNCTION "kept_pages_all_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('olimpiada_kept', 'all');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "kept_pages_test_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  test integer;
BEGIN
  IF TG_TABLE_NAME = 'subjects' THEN
    FOR test IN SELECT t.id FROM tests t WHERE t.subject_id = changed.id LOOP
      PERFORM pg_notify('olimpiada_kept', 'test:' || test);
    END LOOP;
  ELSIF TG_TABLE_NAME = 'tests' THEN
    PERFORM pg_notify('olimpiada_kept', 'test:' || changed.id);
  ELSE
    PERFORM pg_notify('olimpiada_kept', 'test:' || changed.test_id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "kept_pages_user_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  pupil integer;
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    pupil := changed.id;
  ELSIF TG_TABLE_NAME = 'attempts' THEN
    pupil := changed.user_id;
  ELSE
    SELECT a.user_id INTO pupil FROM attempts a WHERE a.id = changed.attempt_id;
  END IF;
  IF pupil IS NOT NULL THEN
    PERFORM pg_notify('olimpiada_kept', 'user:' || pupil);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "kept_pages_users_updated" AFTER UPDATE ON "users" FOR EACH ROW
  WHEN ((OLD.first_name, OLD.last_name, OLD.middle_name, OLD.username, OLD.blocked_at, OLD.grade, OLD.subject_id, OLD.organization_id, OLD.district_id, OLD.region_id)
    IS DISTINCT FROM (NEW.first_name, NEW.last_name, NEW.middle_name, NEW.username, NEW.blocked_at, NEW.grade, NEW.subject_id, NEW.organization_id, NEW.district_id, NEW.region_id))
  EXECUTE FUNCTION kept_pages_user_changed();--> statement-breakpoint
CREATE TRIGGER "kept_pages_users_deleted" AFTER DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION kept_pages_user_changed();--> statement-breakpoint
-- Only an ended attempt has a certificate: the start and the answers of a running one tell nothing.
CREATE TRIGGER "kept_pages_attempts_updated" AFTER UPDATE ON "attempts" FOR EACH ROW
  WHEN ((OLD.ended_at IS NOT NULL OR NEW.ended_at IS NOT NULL)
    AND (OLD.ended_at, OLD.reset_at, OLD.voided_at, OLD.user_id, OLD.test_id) IS DISTINCT FROM (NEW.ended_at, NEW.reset_at, NEW.voided_at, NEW.user_id, NEW.test_id))
  EXECUTE FUNCTION kept_pages_user_changed();--> statement-breakpoint
CREATE TRIGGER "kept_pages_attempts_deleted" AFTER DELETE ON "attempts" FOR EACH ROW
  WHEN (OLD.ended_at IS NOT NULL) EXECUTE FUNCTION kept_pages_user_changed();--> statement-breakpoint
CREATE TRIGGER "kept_pages_issues_changed" AFTER UPDATE OR DELETE ON "certificate_issues" FOR EACH ROW EXECUTE FUNCTION kept_pages_user_changed();--> statement-breakpoint
CREATE TRIGGER "kept_pages_tests_changed" AFTER UPDATE OR DELETE ON "tests" FOR EACH ROW EXECUTE FUNCTION kept_pages_test_changed();--> statement-breakpoint
CREATE TRIGGER "kept_pages_subjects_changed" AFTER UPDATE OR DELETE ON "subjects" FOR EACH ROW EXECUTE FUNCTION kept_pages_test_changed();--> statement-breakpoint
CREATE TRIGGER "kept_pages_final_lists_changed" AFTER INSERT OR UPDATE OR DELETE ON "final_lists" FOR EACH ROW EXECUTE FUNCTION kept_pages_test_changed();--> statement-breakpoint
CREATE TRIGGER "kept_pages_seasons_changed" AFTER INSERT OR UPDATE OR DELETE ON "seasons" FOR EACH ROW EXECUTE FUNCTION kept_pages_all_changed();--> statement-breakpoint
CREATE TRIGGER "kept_pages_organizations_changed" AFTER UPDATE OR DELETE ON "organizations" FOR EACH ROW EXECUTE FUNCTION kept_pages_all_changed();--> statement-breakpoint
CREATE TRIGGER "kept_pages_districts_changed" AFTER UPDATE OR DELETE ON "districts" FOR EACH ROW EXECUTE FUNCTION kept_pages_all_changed();--> statement-breakpoint
CREATE TRIGGER "kept_pages_regions_changed" AFTER UPDATE OR DELETE ON "regions" FOR EACH ROW EXECUTE FUNCTION kept_pages_all_changed();
