CREATE TABLE "vot_report_cohorts" (
	"period" text NOT NULL,
	"township_id" integer NOT NULL,
	"sex" text NOT NULL,
	"child" boolean NOT NULL,
	"VOT_eligible" text NOT NULL,
	"VOT_accept" text,
	"VOT_not_accept_reason" text,
	"DOT_start_date" date,
	"DOT_end_date" date,
	"VDOT_end_type" text,
	"VDOT_end_date" date,
	"VDOT_stop_reason" text,
	"n" integer NOT NULL,
	CONSTRAINT "vot_report_cohorts_key" UNIQUE NULLS NOT DISTINCT("period","township_id","sex","child","VOT_eligible","VOT_accept","VOT_not_accept_reason","DOT_start_date","DOT_end_date","VDOT_end_type","VDOT_end_date","VDOT_stop_reason")
);
--> statement-breakpoint
CREATE INDEX "vot_report_cohorts_empty_idx" ON "vot_report_cohorts" USING btree ("period") WHERE "vot_report_cohorts"."n" = 0;
--> statement-breakpoint
-- The VOT report's cohort of one patient (docs/decisions/0092): no row
-- unless the patient is active and screened (VOT Eligible answered) and has a cohort quarter (the
-- Reporting Period, else the fiscal quarter of the treatment start: FISCAL_MONTH_SHIFT = 0 months,
-- as in api/src/routes/reports/vot-report/cohort.ts). child is the age on the quarter's first day,
-- from the DOB, else the age recorded. test/vot-report-rollup.test.ts compares it with the live
-- definition after every kind of write, so a change of either is caught.
CREATE FUNCTION vot_report_cohort_of(p patients) RETURNS TABLE (
  period text, township_id integer, sex text, child boolean, "VOT_eligible" text, "VOT_accept" text, "VOT_not_accept_reason" text,
  "DOT_start_date" date, "DOT_end_date" date, "VDOT_end_type" text, "VDOT_end_date" date, "VDOT_stop_reason" text
) LANGUAGE sql STABLE AS $$
  SELECT q.period, p.township_id, p.sex,
    (CASE WHEN p."DOB" IS NOT NULL THEN extract(year FROM age(q.first_day, p."DOB"))::int ELSE p.age END) < 15,
    p."VOT_eligible", p."VOT_accept", p."VOT_not_accept_reason", p."DOT_start_date", p."DOT_end_date", p."VDOT_end_type", p."VDOT_end_date", p."VDOT_stop_reason"
  FROM (SELECT c.period, CASE WHEN c.period ~ '^FY[0-9]{2}Q[1-4]$' THEN
          (make_date(2000 + substr(c.period, 3, 2)::int, 1, 1) + make_interval(months => (substr(c.period, 6, 1)::int - 1) * 3 - 0))::date END AS first_day
        FROM (SELECT coalesce(p.report_period, 'FY' || to_char(p.treatment_start_date + make_interval(months => 0), 'YY"Q"Q')) AS period) c) q
  WHERE p.status = 1 AND p."VOT_eligible" IS NOT NULL AND p.township_id IS NOT NULL AND q.period IS NOT NULL
$$;
--> statement-breakpoint
-- vot_report_cohorts follows patients as patient_list_counts does: a statement trigger per kind of
-- change adds the cohorts its new rows bring and takes away those its old rows leave, in one upsert
-- sorted by the key (concurrent writers lock in the same order); an update that changes none of the
-- counted answers writes nothing. A cohort left with no patient is deleted (the partial index finds
-- it; only this transaction's rows can be at 0, as every statement deletes its own).
CREATE FUNCTION vot_report_cohorts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO vot_report_cohorts AS c (period, township_id, sex, child, "VOT_eligible", "VOT_accept", "VOT_not_accept_reason", "DOT_start_date", "DOT_end_date", "VDOT_end_type", "VDOT_end_date", "VDOT_stop_reason", n)
      SELECT k.*, count(*) FROM new_rows p, LATERAL vot_report_cohort_of(p) k
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12
      ON CONFLICT ON CONSTRAINT vot_report_cohorts_key DO UPDATE SET n = c.n + excluded.n;
    RETURN NULL;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO vot_report_cohorts AS c (period, township_id, sex, child, "VOT_eligible", "VOT_accept", "VOT_not_accept_reason", "DOT_start_date", "DOT_end_date", "VDOT_end_type", "VDOT_end_date", "VDOT_stop_reason", n)
      SELECT k.*, -count(*) FROM old_rows p, LATERAL vot_report_cohort_of(p) k
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12
      ON CONFLICT ON CONSTRAINT vot_report_cohorts_key DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO vot_report_cohorts AS c (period, township_id, sex, child, "VOT_eligible", "VOT_accept", "VOT_not_accept_reason", "DOT_start_date", "DOT_end_date", "VDOT_end_type", "VDOT_end_date", "VDOT_stop_reason", n)
      SELECT period, township_id, sex, child, "VOT_eligible", "VOT_accept", "VOT_not_accept_reason", "DOT_start_date", "DOT_end_date", "VDOT_end_type", "VDOT_end_date", "VDOT_stop_reason", sum(d) FROM (
        SELECT k.*, -1 AS d FROM old_rows p, LATERAL vot_report_cohort_of(p) k
        UNION ALL
        SELECT k.*, 1 FROM new_rows p, LATERAL vot_report_cohort_of(p) k
      ) changed
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12
      ON CONFLICT ON CONSTRAINT vot_report_cohorts_key DO UPDATE SET n = c.n + excluded.n;
  END IF;
  DELETE FROM vot_report_cohorts WHERE n = 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION vot_report_cohorts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM vot_report_cohorts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER patients_vot_report_cohorts_insert AFTER INSERT ON patients REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vot_report_cohorts_apply();
--> statement-breakpoint
CREATE TRIGGER patients_vot_report_cohorts_update AFTER UPDATE ON patients REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vot_report_cohorts_apply();
--> statement-breakpoint
CREATE TRIGGER patients_vot_report_cohorts_delete AFTER DELETE ON patients REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION vot_report_cohorts_apply();
--> statement-breakpoint
CREATE TRIGGER patients_vot_report_cohorts_truncate AFTER TRUNCATE ON patients FOR EACH STATEMENT EXECUTE FUNCTION vot_report_cohorts_clear();
--> statement-breakpoint
-- Backfill: the patients already there.
INSERT INTO vot_report_cohorts (period, township_id, sex, child, "VOT_eligible", "VOT_accept", "VOT_not_accept_reason", "DOT_start_date", "DOT_end_date", "VDOT_end_type", "VDOT_end_date", "VDOT_stop_reason", n)
  SELECT k.*, count(*) FROM patients p, LATERAL vot_report_cohort_of(p) k GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12;
