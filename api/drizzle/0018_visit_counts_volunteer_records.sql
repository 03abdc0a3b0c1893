-- visit_month_counts holds the volunteer's own records only (docs/decisions/0123-volunteer-indicators.md):
-- made in the phone app as an own visit (work 1) or a video observed (work 2, the volunteer's review of
-- the patient's video). A patient's own video (work 3), a supervisor's visit (work 4) and the records
-- staff make on the web (work 5/6, no-app boxes) are not the volunteer's work. Its readers are the
-- monthly volunteer report's indicators 1-4 and the volunteer dashboard's "reported"
-- (api/src/routes/reports/dashboards/visit-counts.ts, whose days outside whole months read the
-- records with the same condition, VOLUNTEER_RECORD). The function is 0013's with that condition on
-- every set of rows it counts; the table is rebuilt from the records.
CREATE OR REPLACE FUNCTION visit_month_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    PERFORM 1 FROM change_volunteers WHERE id IN (SELECT change_volunteer_id FROM new_rows) ORDER BY id FOR SHARE;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO visit_month_counts AS c (change_volunteer_id, month, patient_id, volunteer_id, visits, work_true, work_false, late)
      SELECT coalesce(n.change_volunteer_id, 0), date_trunc('month', n.date::timestamp)::date, n.patient_id, min(cv.volunteer_id), count(*),
        count(*) FILTER (WHERE n.work_status IS TRUE), count(*) FILTER (WHERE n.work_status IS FALSE), count(*) FILTER (WHERE coalesce(n.late_remark, '') <> '')
      FROM new_rows n LEFT JOIN change_volunteers cv ON cv.id = n.change_volunteer_id
      WHERE n.created = 'app' AND n.work IN (1, 2)
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
      FROM old_rows WHERE created = 'app' AND work IN (1, 2) GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (change_volunteer_id, month, patient_id) DO UPDATE
        SET visits = c.visits + excluded.visits, work_true = c.work_true + excluded.work_true, work_false = c.work_false + excluded.work_false, late = c.late + excluded.late;
  ELSE
    -- The old rows' keys are in the table already; a key the new rows bring takes its entry's volunteer.
    INSERT INTO visit_month_counts AS c (change_volunteer_id, month, patient_id, volunteer_id, visits, work_true, work_false, late)
      SELECT change_volunteer_id, month, patient_id, min(volunteer_id), sum(visits), sum(work_true), sum(work_false), sum(late) FROM (
        SELECT coalesce(change_volunteer_id, 0) AS change_volunteer_id, date_trunc('month', date::timestamp)::date AS month, patient_id, NULL::integer AS volunteer_id,
          -1 AS visits, -(work_status IS TRUE)::int AS work_true, -(work_status IS FALSE)::int AS work_false, -(coalesce(late_remark, '') <> '')::int AS late
        FROM old_rows WHERE created = 'app' AND work IN (1, 2)
        UNION ALL
        SELECT coalesce(n.change_volunteer_id, 0), date_trunc('month', n.date::timestamp)::date, n.patient_id, cv.volunteer_id,
          1, (n.work_status IS TRUE)::int, (n.work_status IS FALSE)::int, (coalesce(n.late_remark, '') <> '')::int
        FROM new_rows n LEFT JOIN change_volunteers cv ON cv.id = n.change_volunteer_id
        WHERE n.created = 'app' AND n.work IN (1, 2)
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
DELETE FROM visit_month_counts;
--> statement-breakpoint
INSERT INTO visit_month_counts (change_volunteer_id, month, patient_id, volunteer_id, visits, work_true, work_false, late)
  SELECT coalesce(d.change_volunteer_id, 0), date_trunc('month', d.date::timestamp)::date, d.patient_id, min(cv.volunteer_id), count(*),
    count(*) FILTER (WHERE d.work_status IS TRUE), count(*) FILTER (WHERE d.work_status IS FALSE), count(*) FILTER (WHERE coalesce(d.late_remark, '') <> '')
  FROM dots d LEFT JOIN change_volunteers cv ON cv.id = d.change_volunteer_id
  WHERE d.created = 'app' AND d.work IN (1, 2)
  GROUP BY 1, 2, 3;
