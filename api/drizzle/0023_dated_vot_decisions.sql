ALTER TABLE "vot_report_cohorts" DROP CONSTRAINT "vot_report_cohorts_key";--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "VOT_eligible_date" date;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "VOT_accept_date" date;--> statement-breakpoint
ALTER TABLE "vot_report_cohorts" ADD COLUMN "VOT_eligible_date" date;--> statement-breakpoint
ALTER TABLE "vot_report_cohorts" ADD COLUMN "VOT_accept_date" date;--> statement-breakpoint
ALTER TABLE "vot_report_cohorts" ADD CONSTRAINT "vot_report_cohorts_key" UNIQUE NULLS NOT DISTINCT("period","township_id","sex","child","VOT_eligible","VOT_eligible_date","VOT_accept","VOT_accept_date","VOT_not_accept_reason","DOT_start_date","DOT_end_date","VDOT_end_type","VDOT_end_date","VDOT_stop_reason");--> statement-breakpoint
-- Hand SQL (keep when renumbering). Decisions are dated by the database when they are made
-- (docs/decisions/0132-dated-decisions.md): whatever route writes VOT_eligible or VOT_accept, the
-- day in Asia/Yangon is stored beside it (unless the write gives the day); clearing a decision clears its day. Decisions made before
-- stay undated (null): the VOT report counts them on any as-of day, as it did.
CREATE FUNCTION patients_decision_dates() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  today date := (now() AT TIME ZONE 'Asia/Yangon')::date;
BEGIN
  -- A day written with the decision (an import of past decisions) is kept; otherwise the decision is today's.
  IF TG_OP = 'INSERT' THEN
    IF NEW."VOT_eligible" IS NOT NULL AND NEW."VOT_eligible_date" IS NULL THEN NEW."VOT_eligible_date" := today; END IF;
    IF NEW."VOT_accept" IS NOT NULL AND NEW."VOT_accept_date" IS NULL THEN NEW."VOT_accept_date" := today; END IF;
    RETURN NEW;
  END IF;
  IF NEW."VOT_eligible" IS DISTINCT FROM OLD."VOT_eligible" AND NEW."VOT_eligible_date" IS NOT DISTINCT FROM OLD."VOT_eligible_date" THEN
    NEW."VOT_eligible_date" := CASE WHEN NEW."VOT_eligible" IS NULL THEN NULL ELSE today END;
  END IF;
  IF NEW."VOT_accept" IS DISTINCT FROM OLD."VOT_accept" AND NEW."VOT_accept_date" IS NOT DISTINCT FROM OLD."VOT_accept_date" THEN
    NEW."VOT_accept_date" := CASE WHEN NEW."VOT_accept" IS NULL THEN NULL ELSE today END;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER patients_decision_dates BEFORE INSERT OR UPDATE OF "VOT_eligible", "VOT_accept" ON patients FOR EACH ROW EXECUTE FUNCTION patients_decision_dates();
--> statement-breakpoint
-- The cohort roll-up (drizzle/0014) keys its rows by the decisions' days too.
DROP FUNCTION vot_report_cohort_of(patients);
--> statement-breakpoint
CREATE FUNCTION vot_report_cohort_of(p patients) RETURNS TABLE (
  period text, township_id integer, sex text, child boolean, "VOT_eligible" text, "VOT_eligible_date" date, "VOT_accept" text, "VOT_accept_date" date,
  "VOT_not_accept_reason" text, "DOT_start_date" date, "DOT_end_date" date, "VDOT_end_type" text, "VDOT_end_date" date, "VDOT_stop_reason" text
) LANGUAGE sql STABLE AS $$
  SELECT q.period, p.township_id, p.sex,
    (CASE WHEN p."DOB" IS NOT NULL THEN extract(year FROM age(q.first_day, p."DOB"))::int ELSE p.age END) < 15,
    p."VOT_eligible", p."VOT_eligible_date", p."VOT_accept", p."VOT_accept_date", p."VOT_not_accept_reason", p."DOT_start_date", p."DOT_end_date",
    p."VDOT_end_type", p."VDOT_end_date", p."VDOT_stop_reason"
  FROM (SELECT c.period, CASE WHEN c.period ~ '^FY[0-9]{2}Q[1-4]$' THEN
          (make_date(2000 + substr(c.period, 3, 2)::int, 1, 1) + make_interval(months => (substr(c.period, 6, 1)::int - 1) * 3 - 0))::date END AS first_day
        FROM (SELECT coalesce(p.report_period, 'FY' || to_char(p.treatment_start_date + make_interval(months => 0), 'YY"Q"Q')) AS period) c) q
  WHERE p.status = 1 AND p."VOT_eligible" IS NOT NULL AND p.township_id IS NOT NULL AND q.period IS NOT NULL
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION vot_report_cohorts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO vot_report_cohorts AS c (period, township_id, sex, child, "VOT_eligible", "VOT_eligible_date", "VOT_accept", "VOT_accept_date", "VOT_not_accept_reason", "DOT_start_date", "DOT_end_date", "VDOT_end_type", "VDOT_end_date", "VDOT_stop_reason", n)
      SELECT k.*, count(*) FROM new_rows p, LATERAL vot_report_cohort_of(p) k
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14
      ON CONFLICT ON CONSTRAINT vot_report_cohorts_key DO UPDATE SET n = c.n + excluded.n;
    RETURN NULL;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO vot_report_cohorts AS c (period, township_id, sex, child, "VOT_eligible", "VOT_eligible_date", "VOT_accept", "VOT_accept_date", "VOT_not_accept_reason", "DOT_start_date", "DOT_end_date", "VDOT_end_type", "VDOT_end_date", "VDOT_stop_reason", n)
      SELECT k.*, -count(*) FROM old_rows p, LATERAL vot_report_cohort_of(p) k
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14
      ON CONFLICT ON CONSTRAINT vot_report_cohorts_key DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO vot_report_cohorts AS c (period, township_id, sex, child, "VOT_eligible", "VOT_eligible_date", "VOT_accept", "VOT_accept_date", "VOT_not_accept_reason", "DOT_start_date", "DOT_end_date", "VDOT_end_type", "VDOT_end_date", "VDOT_stop_reason", n)
      SELECT period, township_id, sex, child, "VOT_eligible", "VOT_eligible_date", "VOT_accept", "VOT_accept_date", "VOT_not_accept_reason", "DOT_start_date", "DOT_end_date", "VDOT_end_type", "VDOT_end_date", "VDOT_stop_reason", sum(d) FROM (
        SELECT k.*, -1 AS d FROM old_rows p, LATERAL vot_report_cohort_of(p) k
        UNION ALL
        SELECT k.*, 1 FROM new_rows p, LATERAL vot_report_cohort_of(p) k
      ) changed
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14
      ON CONFLICT ON CONSTRAINT vot_report_cohorts_key DO UPDATE SET n = c.n + excluded.n;
  END IF;
  DELETE FROM vot_report_cohorts WHERE n = 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
DELETE FROM vot_report_cohorts;
--> statement-breakpoint
INSERT INTO vot_report_cohorts (period, township_id, sex, child, "VOT_eligible", "VOT_eligible_date", "VOT_accept", "VOT_accept_date", "VOT_not_accept_reason", "DOT_start_date", "DOT_end_date", "VDOT_end_type", "VDOT_end_date", "VDOT_stop_reason", n)
  SELECT k.*, count(*) FROM patients p, LATERAL vot_report_cohort_of(p) k GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14;
