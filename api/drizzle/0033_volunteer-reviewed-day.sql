DROP INDEX "dots_awaiting_review_idx";--> statement-breakpoint
DROP INDEX "dots_awaiting_review_entry_idx";--> statement-breakpoint
ALTER TABLE "dots" ADD COLUMN "day_reviewed_by_volunteer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Hand SQL (keep when renumbering). A patient's video (work 3) knows whether its patient's day has a
-- volunteer's video review (work 2), which decides the day instead of its verdict
-- (docs/decisions/0201): set as the video is written, and on the day's videos when a review is
-- written, moved or removed. Updates of day_reviewed_by_volunteer alone fire neither trigger.
CREATE FUNCTION dots_video_reviewed_day() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.day_reviewed_by_volunteer := EXISTS (
    SELECT 1 FROM dots r WHERE r.patient_id = NEW.patient_id AND r.date = NEW.date AND r.work = 2);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER dots_video_reviewed_day BEFORE INSERT OR UPDATE OF patient_id, date, work ON dots
  FOR EACH ROW WHEN (NEW.work = 3) EXECUTE FUNCTION dots_video_reviewed_day();
--> statement-breakpoint
CREATE FUNCTION dots_review_marks_videos() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.work = 2 THEN
    UPDATE dots v SET day_reviewed_by_volunteer = EXISTS (
        SELECT 1 FROM dots r WHERE r.patient_id = v.patient_id AND r.date = v.date AND r.work = 2)
      WHERE v.patient_id = OLD.patient_id AND v.date = OLD.date AND v.work = 3;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.work = 2 THEN
    UPDATE dots v SET day_reviewed_by_volunteer = true
      WHERE v.patient_id = NEW.patient_id AND v.date = NEW.date AND v.work = 3 AND NOT v.day_reviewed_by_volunteer;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER dots_review_marks_videos_insert AFTER INSERT ON dots
  FOR EACH ROW WHEN (NEW.work = 2) EXECUTE FUNCTION dots_review_marks_videos();
--> statement-breakpoint
CREATE TRIGGER dots_review_marks_videos_update AFTER UPDATE OF patient_id, date, work ON dots
  FOR EACH ROW WHEN (OLD.work = 2 OR NEW.work = 2) EXECUTE FUNCTION dots_review_marks_videos();
--> statement-breakpoint
CREATE TRIGGER dots_review_marks_videos_delete AFTER DELETE ON dots
  FOR EACH ROW WHEN (OLD.work = 2) EXECUTE FUNCTION dots_review_marks_videos();
--> statement-breakpoint
-- The videos whose day a volunteer has already reviewed.
UPDATE dots v SET day_reviewed_by_volunteer = true WHERE v.work = 3 AND EXISTS (
  SELECT 1 FROM dots r WHERE r.patient_id = v.patient_id AND r.date = v.date AND r.work = 2);
--> statement-breakpoint
CREATE INDEX "dots_awaiting_review_idx" ON "dots" USING btree ("date","id","patient_id","created_at","change_volunteer_id") WHERE "dots"."work" = 3 and "dots"."video" is not null and "dots"."review_dose_taken" is null and not "dots"."day_reviewed_by_volunteer";--> statement-breakpoint
CREATE INDEX "dots_awaiting_review_entry_idx" ON "dots" USING btree ("change_volunteer_id","date","id","patient_id","created_at") WHERE "dots"."work" = 3 and "dots"."video" is not null and "dots"."review_dose_taken" is null and not "dots"."day_reviewed_by_volunteer";
