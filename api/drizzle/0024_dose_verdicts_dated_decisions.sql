ALTER TABLE "vot_report_cohorts" DROP CONSTRAINT "vot_report_cohorts_key";--> statement-breakpoint
ALTER TABLE "dots" ADD COLUMN "review_dose_taken" boolean;--> statement-breakpoint
ALTER TABLE "dots" ADD COLUMN "review_remark" text;--> statement-breakpoint
ALTER TABLE "dots" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "dots" ADD COLUMN "reviewed_by" integer;--> statement-breakpoint
ALTER TABLE "patient_ledger_months" ADD COLUMN "pending_mask" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "patient_ledger_months" ADD COLUMN "verified_mask" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "patient_ledgers" ADD COLUMN "verified_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "patient_ledgers" ADD COLUMN "last_pending_date" date;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "VOT_eligible_date" date;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "VOT_accept_date" date;--> statement-breakpoint
ALTER TABLE "vot_report_cohorts" ADD COLUMN "VOT_eligible_date" date;--> statement-breakpoint
ALTER TABLE "vot_report_cohorts" ADD COLUMN "VOT_accept_date" date;--> statement-breakpoint
ALTER TABLE "dots" ADD CONSTRAINT "dots_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vot_report_cohorts" ADD CONSTRAINT "vot_report_cohorts_key" UNIQUE NULLS NOT DISTINCT("period","township_id","sex","child","VOT_eligible","VOT_eligible_date","VOT_accept","VOT_accept_date","VOT_not_accept_reason","DOT_start_date","DOT_end_date","VDOT_end_type","VDOT_end_date","VDOT_stop_reason");--> statement-breakpoint
-- Hand SQL (keep when renumbering): the roll-up of every patient on VOT rebuilt by the rules of
-- docs/decisions/0130-dose-verdicts.md, the statement of refreshAllLedgers (api/src/ledger/rollup.ts)
-- as it was when this migration was written: supervisors' visits leave the days they alone made
-- observed, patients' videos take their reviewers' verdicts, and the new columns are filled.
with fresh_ledgers as (with ledger_window as (select patients.id as patient_id, patients."DOT_start_date" as start_date, coalesce(patients."DOT_end_date", '9999-12-31'::date) as end_date from patients where (patients."VOT_accept" = 'Yes' and patients."DOT_start_date" is not null)), ledger_gap as ( select r.patient_id, r.date, r.observed, r.not_observed, r.pending, r.verified, case when r.observed then r.date - coalesce(lag(r.date) over (partition by r.patient_id, r.observed order by r.date), r.start_date - 1) - 1 end as gap_before from (select x.patient_id, x.date, x.start_date, x.evidence or (x.awaiting and not x.refused) as observed, x.refused as not_observed, x.awaiting and not x.evidence and not x.refused as pending, x.verified, coalesce(x.work, case when x.awaiting and not x.refused then 3 end) as work from ( select d.patient_id, d.date, w.start_date, bool_or((case d.work when 3 then d.review_dose_taken is true when 4 then false else d.work_status is true or (d.work_status is null and not coalesce(d.change_volunteer_id in (select cv.id from change_volunteers cv where cv.type = 'No App'), false)) end)) as evidence, bool_or((case d.work when 3 then d.review_dose_taken is false when 4 then false else d.work_status is false end)) as refused, bool_or((d.work = 3 and d.review_dose_taken is null)) as awaiting, bool_or((d.work in (1, 2, 3) and (case d.work when 3 then d.review_dose_taken is true when 4 then false else d.work_status is true or (d.work_status is null and not coalesce(d.change_volunteer_id in (select cv.id from change_volunteers cv where cv.type = 'No App'), false)) end))) as verified, min(d.work) filter (where (case d.work when 3 then d.review_dose_taken is true when 4 then false else d.work_status is true or (d.work_status is null and not coalesce(d.change_volunteer_id in (select cv.id from change_volunteers cv where cv.type = 'No App'), false)) end)) as work from ledger_window w join dots d on d.patient_id = w.patient_id and d.date between w.start_date and w.end_date group by d.patient_id, d.date, w.start_date ) x) r ), ledger_facts as ( select w.patient_id, w.start_date, w.end_date, coalesce(count(g.date) filter (where g.observed), 0)::int as observed_days, coalesce(count(g.date) filter (where not g.observed and g.not_observed), 0)::int as not_observed_days, coalesce(count(g.date) filter (where g.verified), 0)::int as verified_days, 0 as awaiting_days, max(g.date) filter (where g.observed) as last_observed_date, max(g.date) filter (where g.observed or g.not_observed) as last_decided_date, max(g.date) filter (where g.pending) as last_pending_date, coalesce(max(g.gap_before), 0)::int as longest_gap from ledger_window w left join ledger_gap g on g.patient_id = w.patient_id group by w.patient_id, w.start_date, w.end_date ) select f.patient_id, f.start_date, nullif(f.end_date, '9999-12-31'::date) as end_date, f.observed_days, f.not_observed_days, f.last_observed_date, f.last_decided_date, f.longest_gap, coalesce(f.last_observed_date, f.start_date - 1) as missed_since, f.verified_days, f.last_pending_date from ledger_facts f), fresh_months as (with ledger_window as (select patients.id as patient_id, patients."DOT_start_date" as start_date, coalesce(patients."DOT_end_date", '9999-12-31'::date) as end_date from patients where (patients."VOT_accept" = 'Yes' and patients."DOT_start_date" is not null)) select m.patient_id, m.month, m.observed_days, (coalesce(sum(m.observed_days) over (partition by m.patient_id order by m.month rows between unbounded preceding and 1 preceding), 0))::int as observed_before, m.not_observed_days, m.observed_mask, m.decided_mask, m.pending_mask, m.verified_mask from ( select r.patient_id, date_trunc('month', r.date)::date as month, count(*) filter (where r.observed)::int as observed_days, count(*) filter (where not r.observed and r.not_observed)::int as not_observed_days, coalesce(sum((1 << (extract(day from r.date)::int - 1))) filter (where r.observed), 0)::int as observed_mask, coalesce(sum((1 << (extract(day from r.date)::int - 1))) filter (where r.observed or r.not_observed), 0)::int as decided_mask, coalesce(sum((1 << (extract(day from r.date)::int - 1))) filter (where r.pending), 0)::int as pending_mask, coalesce(sum((1 << (extract(day from r.date)::int - 1))) filter (where r.verified), 0)::int as verified_mask from (select x.patient_id, x.date, x.start_date, x.evidence or (x.awaiting and not x.refused) as observed, x.refused as not_observed, x.awaiting and not x.evidence and not x.refused as pending, x.verified, coalesce(x.work, case when x.awaiting and not x.refused then 3 end) as work from ( select d.patient_id, d.date, w.start_date, bool_or((case d.work when 3 then d.review_dose_taken is true when 4 then false else d.work_status is true or (d.work_status is null and not coalesce(d.change_volunteer_id in (select cv.id from change_volunteers cv where cv.type = 'No App'), false)) end)) as evidence, bool_or((case d.work when 3 then d.review_dose_taken is false when 4 then false else d.work_status is false end)) as refused, bool_or((d.work = 3 and d.review_dose_taken is null)) as awaiting, bool_or((d.work in (1, 2, 3) and (case d.work when 3 then d.review_dose_taken is true when 4 then false else d.work_status is true or (d.work_status is null and not coalesce(d.change_volunteer_id in (select cv.id from change_volunteers cv where cv.type = 'No App'), false)) end))) as verified, min(d.work) filter (where (case d.work when 3 then d.review_dose_taken is true when 4 then false else d.work_status is true or (d.work_status is null and not coalesce(d.change_volunteer_id in (select cv.id from change_volunteers cv where cv.type = 'No App'), false)) end)) as work from ledger_window w join dots d on d.patient_id = w.patient_id and d.date between w.start_date and w.end_date group by d.patient_id, d.date, w.start_date ) x) r group by 1, 2 ) m), stale_ledgers as (delete from patient_ledgers r where not exists (select 1 from fresh_ledgers f where f.patient_id = r.patient_id)), stale_months as (delete from patient_ledger_months r where not exists (select 1 from fresh_months f where f.patient_id = r.patient_id and f.month = r.month)), ledgers as ( insert into patient_ledgers (patient_id, start_date, end_date, observed_days, not_observed_days, last_observed_date, last_decided_date, longest_gap, missed_since, verified_days, last_pending_date) select patient_id, start_date, end_date, observed_days, not_observed_days, last_observed_date, last_decided_date, longest_gap, missed_since, verified_days, last_pending_date from fresh_ledgers on conflict (patient_id) do update set start_date = excluded.start_date, end_date = excluded.end_date, observed_days = excluded.observed_days, not_observed_days = excluded.not_observed_days, last_observed_date = excluded.last_observed_date, last_decided_date = excluded.last_decided_date, longest_gap = excluded.longest_gap, missed_since = excluded.missed_since, verified_days = excluded.verified_days, last_pending_date = excluded.last_pending_date, updated_at = excluded.updated_at ) insert into patient_ledger_months (patient_id, month, observed_days, observed_before, not_observed_days, observed_mask, decided_mask, pending_mask, verified_mask) select patient_id, month, observed_days, observed_before, not_observed_days, observed_mask, decided_mask, pending_mask, verified_mask from fresh_months on conflict (patient_id, month) do update set observed_days = excluded.observed_days, observed_before = excluded.observed_before, not_observed_days = excluded.not_observed_days, observed_mask = excluded.observed_mask, decided_mask = excluded.decided_mask, pending_mask = excluded.pending_mask, verified_mask = excluded.verified_mask where (patient_ledger_months.observed_days, patient_ledger_months.observed_before, patient_ledger_months.not_observed_days, patient_ledger_months.observed_mask, patient_ledger_months.decided_mask, patient_ledger_months.pending_mask, patient_ledger_months.verified_mask) is distinct from (excluded.observed_days, excluded.observed_before, excluded.not_observed_days, excluded.observed_mask, excluded.decided_mask, excluded.pending_mask, excluded.verified_mask);

--> statement-breakpoint
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
