CREATE TABLE "visit_month_counts" (
	"change_volunteer_id" integer NOT NULL,
	"month" date NOT NULL,
	"patient_id" integer NOT NULL,
	"volunteer_id" integer,
	"visits" integer NOT NULL,
	"work_true" integer NOT NULL,
	"work_false" integer NOT NULL,
	"late" integer NOT NULL,
	CONSTRAINT "visit_month_counts_change_volunteer_id_month_patient_id_pk" PRIMARY KEY("change_volunteer_id","month","patient_id")
);
--> statement-breakpoint
CREATE INDEX "visit_month_counts_patient_idx" ON "visit_month_counts" USING btree ("patient_id","month");--> statement-breakpoint
CREATE INDEX "visit_month_counts_volunteer_idx" ON "visit_month_counts" USING btree ("volunteer_id","month");--> statement-breakpoint
-- visit_month_counts follows dots (docs/decisions/0094): one statement trigger per kind of
-- change, as patient_list_counts follows patients. An insert adds its rows' counts; an update or a
-- delete adds the new rows' and takes away the old rows' (a record moved to another entry, month or
-- patient, or whose work status or late remark changed, leaves one key and joins another), in one
-- upsert sorted by the key so concurrent writers lock rows in the same order; an update that changes
-- none of the counted columns writes nothing. A row left with 0 visits is deleted. A truncate of
-- dots (or one cascading from patients) empties it. volunteer_id is the entry's volunteer: read
-- with a share lock on the entries, so an entry's change of volunteer (below) and a new record of
-- it are never both half done.
CREATE FUNCTION visit_month_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    PERFORM 1 FROM change_volunteers WHERE id IN (SELECT change_volunteer_id FROM new_rows) ORDER BY id FOR SHARE;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO visit_month_counts AS c (change_volunteer_id, month, patient_id, volunteer_id, visits, work_true, work_false, late)
      SELECT coalesce(n.change_volunteer_id, 0), date_trunc('month', n.date::timestamp)::date, n.patient_id, min(cv.volunteer_id), count(*),
        count(*) FILTER (WHERE n.work_status IS TRUE), count(*) FILTER (WHERE n.work_status IS FALSE), count(*) FILTER (WHERE coalesce(n.late_remark, '') <> '')
      FROM new_rows n LEFT JOIN change_volunteers cv ON cv.id = n.change_volunteer_id
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (change_volunteer_id, month, patient_id) DO UPDATE
        SET volunteer_id = excluded.volunteer_id, visits = c.visits + excluded.visits, work_true = c.work_true + excluded.work_true,
          work_false = c.work_false + excluded.work_false, late = c.late + excluded.late;
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    INSERT INTO visit_month_counts AS c (change_volunteer_id, month, patient_id, visits, work_true, work_false, late)
      SELECT coalesce(change_volunteer_id, 0), date_trunc('month', date::timestamp)::date, patient_id, -count(*),
        -count(*) FILTER (WHERE work_status IS TRUE), -count(*) FILTER (WHERE work_status IS FALSE), -count(*) FILTER (WHERE coalesce(late_remark, '') <> '')
      FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (change_volunteer_id, month, patient_id) DO UPDATE
        SET visits = c.visits + excluded.visits, work_true = c.work_true + excluded.work_true, work_false = c.work_false + excluded.work_false, late = c.late + excluded.late;
  ELSE
    -- The old rows' keys are in the table already; a key the new rows bring takes its entry's volunteer.
    INSERT INTO visit_month_counts AS c (change_volunteer_id, month, patient_id, volunteer_id, visits, work_true, work_false, late)
      SELECT change_volunteer_id, month, patient_id, min(volunteer_id), sum(visits), sum(work_true), sum(work_false), sum(late) FROM (
        SELECT coalesce(change_volunteer_id, 0) AS change_volunteer_id, date_trunc('month', date::timestamp)::date AS month, patient_id, NULL::integer AS volunteer_id,
          -1 AS visits, -(work_status IS TRUE)::int AS work_true, -(work_status IS FALSE)::int AS work_false, -(coalesce(late_remark, '') <> '')::int AS late
        FROM old_rows
        UNION ALL
        SELECT coalesce(n.change_volunteer_id, 0), date_trunc('month', n.date::timestamp)::date, n.patient_id, cv.volunteer_id,
          1, (n.work_status IS TRUE)::int, (n.work_status IS FALSE)::int, (coalesce(n.late_remark, '') <> '')::int
        FROM new_rows n LEFT JOIN change_volunteers cv ON cv.id = n.change_volunteer_id
      ) changed GROUP BY 1, 2, 3 HAVING sum(visits) <> 0 OR sum(work_true) <> 0 OR sum(work_false) <> 0 OR sum(late) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (change_volunteer_id, month, patient_id) DO UPDATE
        SET volunteer_id = coalesce(excluded.volunteer_id, c.volunteer_id), visits = c.visits + excluded.visits, work_true = c.work_true + excluded.work_true,
          work_false = c.work_false + excluded.work_false, late = c.late + excluded.late;
  END IF;
  -- Only the old rows' keys can have lost their last record (rows locked by the upsert above).
  DELETE FROM visit_month_counts c
    WHERE c.visits = 0 AND (c.change_volunteer_id, c.month, c.patient_id) IN (SELECT coalesce(change_volunteer_id, 0), date_trunc('month', date::timestamp)::date, patient_id FROM old_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION visit_month_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM visit_month_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An entry whose volunteer changes takes its rows with it (no write path does this today; a data fix might).
CREATE FUNCTION visit_month_counts_volunteer() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE visit_month_counts c SET volunteer_id = n.volunteer_id
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE c.change_volunteer_id = n.id AND n.volunteer_id IS DISTINCT FROM o.volunteer_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER dots_visit_month_counts_insert AFTER INSERT ON dots REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION visit_month_counts_apply();
--> statement-breakpoint
CREATE TRIGGER dots_visit_month_counts_update AFTER UPDATE ON dots REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION visit_month_counts_apply();
--> statement-breakpoint
CREATE TRIGGER dots_visit_month_counts_delete AFTER DELETE ON dots REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION visit_month_counts_apply();
--> statement-breakpoint
CREATE TRIGGER dots_visit_month_counts_truncate AFTER TRUNCATE ON dots FOR EACH STATEMENT EXECUTE FUNCTION visit_month_counts_clear();
--> statement-breakpoint
CREATE TRIGGER change_volunteers_visit_month_counts AFTER UPDATE ON change_volunteers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION visit_month_counts_volunteer();
--> statement-breakpoint
-- Backfill: the records already there.
INSERT INTO visit_month_counts (change_volunteer_id, month, patient_id, volunteer_id, visits, work_true, work_false, late)
  SELECT coalesce(d.change_volunteer_id, 0), date_trunc('month', d.date::timestamp)::date, d.patient_id, min(cv.volunteer_id), count(*),
    count(*) FILTER (WHERE d.work_status IS TRUE), count(*) FILTER (WHERE d.work_status IS FALSE), count(*) FILTER (WHERE coalesce(d.late_remark, '') <> '')
  FROM dots d LEFT JOIN change_volunteers cv ON cv.id = d.change_volunteer_id
  GROUP BY 1, 2, 3;
