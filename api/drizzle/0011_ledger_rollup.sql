CREATE TABLE "patient_ledger_months" (
	"patient_id" integer NOT NULL,
	"month" date NOT NULL,
	"observed_days" integer NOT NULL,
	"observed_before" integer NOT NULL,
	"not_observed_days" integer NOT NULL,
	"observed_mask" integer NOT NULL,
	"decided_mask" integer NOT NULL,
	CONSTRAINT "patient_ledger_months_patient_id_month_pk" PRIMARY KEY("patient_id","month")
);
--> statement-breakpoint
CREATE TABLE "patient_ledgers" (
	"patient_id" integer PRIMARY KEY NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"observed_days" integer NOT NULL,
	"not_observed_days" integer NOT NULL,
	"last_observed_date" date,
	"last_decided_date" date,
	"longest_gap" integer NOT NULL,
	"missed_since" date NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "patient_ledger_months" ADD CONSTRAINT "patient_ledger_months_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_ledgers" ADD CONSTRAINT "patient_ledgers_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "patient_ledgers_open_missed_since_idx" ON "patient_ledgers" USING btree ("missed_since") WHERE "patient_ledgers"."end_date" is null;--> statement-breakpoint
CREATE INDEX "patients_on_vot_idx" ON "patients" USING btree ("id") WHERE "patients"."status" = 1 and "patients"."VOT_accept" = 'Yes' and "patients"."DOT_start_date" is not null;--> statement-breakpoint
-- Backfill: the roll-up of every patient already on VOT, the SQL of refreshAllLedgers (api/src/ledger/rollup.ts) as it was when this migration was written.
insert into patient_ledgers (patient_id, start_date, end_date, observed_days, not_observed_days, last_observed_date, last_decided_date, longest_gap, missed_since) with ledger_window as (select patients.id as patient_id, patients."DOT_start_date" as start_date, coalesce(patients."DOT_end_date", '9999-12-31'::date) as end_date from patients where (patients."VOT_accept" = 'Yes' and patients."DOT_start_date" is not null)), ledger_gap as ( select r.patient_id, r.date, r.observed, r.not_observed, case when r.observed then r.date - coalesce(lag(r.date) over (partition by r.patient_id, r.observed order by r.date), r.start_date - 1) - 1 end as gap_before from (select d.patient_id, d.date, w.start_date, bool_or((d.work_status is true or (d.work_status is null and not coalesce(d.change_volunteer_id in (select cv.id from change_volunteers cv where cv.type = 'No App'), false)))) as observed, bool_or(d.work_status is false) as not_observed, min(d.work) filter (where (d.work_status is true or (d.work_status is null and not coalesce(d.change_volunteer_id in (select cv.id from change_volunteers cv where cv.type = 'No App'), false)))) as work from ledger_window w join dots d on d.patient_id = w.patient_id and d.date between w.start_date and w.end_date group by d.patient_id, d.date, w.start_date) r ), ledger_facts as ( select w.patient_id, w.start_date, w.end_date, coalesce(count(g.date) filter (where g.observed), 0)::int as observed_days, coalesce(count(g.date) filter (where not g.observed and g.not_observed), 0)::int as not_observed_days, max(g.date) filter (where g.observed) as last_observed_date, max(g.date) filter (where g.observed or g.not_observed) as last_decided_date, coalesce(max(g.gap_before), 0)::int as longest_gap from ledger_window w left join ledger_gap g on g.patient_id = w.patient_id group by w.patient_id, w.start_date, w.end_date ) select f.patient_id, f.start_date, nullif(f.end_date, '9999-12-31'::date) as end_date, f.observed_days, f.not_observed_days, f.last_observed_date, f.last_decided_date, f.longest_gap, coalesce(f.last_observed_date, f.start_date - 1) as missed_since from ledger_facts f;
--> statement-breakpoint
insert into patient_ledger_months (patient_id, month, observed_days, observed_before, not_observed_days, observed_mask, decided_mask) with ledger_window as (select patients.id as patient_id, patients."DOT_start_date" as start_date, coalesce(patients."DOT_end_date", '9999-12-31'::date) as end_date from patients where (patients."VOT_accept" = 'Yes' and patients."DOT_start_date" is not null)) select m.patient_id, m.month, m.observed_days, (coalesce(sum(m.observed_days) over (partition by m.patient_id order by m.month rows between unbounded preceding and 1 preceding), 0))::int as observed_before, m.not_observed_days, m.observed_mask, m.decided_mask from ( select r.patient_id, date_trunc('month', r.date)::date as month, count(*) filter (where r.observed)::int as observed_days, count(*) filter (where not r.observed and r.not_observed)::int as not_observed_days, coalesce(sum((1 << (extract(day from r.date)::int - 1))) filter (where r.observed), 0)::int as observed_mask, coalesce(sum((1 << (extract(day from r.date)::int - 1))) filter (where r.observed or r.not_observed), 0)::int as decided_mask from (select d.patient_id, d.date, w.start_date, bool_or((d.work_status is true or (d.work_status is null and not coalesce(d.change_volunteer_id in (select cv.id from change_volunteers cv where cv.type = 'No App'), false)))) as observed, bool_or(d.work_status is false) as not_observed, min(d.work) filter (where (d.work_status is true or (d.work_status is null and not coalesce(d.change_volunteer_id in (select cv.id from change_volunteers cv where cv.type = 'No App'), false)))) as work from ledger_window w join dots d on d.patient_id = w.patient_id and d.date between w.start_date and w.end_date group by d.patient_id, d.date, w.start_date) r group by 1, 2 ) m;
