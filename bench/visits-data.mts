// The VOT data generator: patients on VOT, their change-volunteer entries and their visit records
// (dots), in SQL (generate_series), so 10 million visits take minutes, not hours. Reusable: the
// reports bench generates its VOT patients and visits with it on top of its own patients.
//
//   const vot = await generateVot(db, { townshipIds, patients: 20_000, visits: 10_000_000 });
//
// Deterministic (every choice is a function of the patient's id and the day), so two runs hold the
// same data. A patient is on VOT for 400–700 days before today, or ended earlier (1 in 5); a day is
// recorded with the programme's typical coverage (about 9 days in 10, tuned to reach `visits`);
// 1 recorded day in 20 is "not taken" (work status false); works 1, 2, 3 from the app and 5 / 6 from
// the dashboard; No App patients' boxes are ticked, not achieved or left unmarked; 1 ongoing patient
// in 7 has missed the last 1–6 days (the missed-dose list is never empty).
import { performance } from 'node:perf_hooks';
import { refreshAllLedgers } from '@vot/api/ledger';
import { addAccounts, generatePlaces, openDatabase, sql, type BenchDatabase } from './harness.mts';

export interface VotOptions {
  townshipIds: number[];
  /** VOT patients to add (after the patients already there). */
  patients: number;
  /** About this many visit records in all. */
  visits: number;
  /** Print progress. */
  log?: (line: string) => void;
}

export interface VotData {
  /** The generated patients' ids: firstId … lastId. */
  firstId: number;
  lastId: number;
  visits: number;
  seconds: number;
}

/** A stable pseudo-random 0–99 of a patient and a number (a day, a salt). */
const pick = (id: string, n: string) =>
  sql.raw(`((hashint8(${id}::bigint * 100003 + ${n})::bigint & 2147483647) % 100)`);
/** Today in Asia/Yangon, as the ledger counts. */
const TODAY = sql.raw(`((now() at time zone 'Asia/Yangon')::date)`);

/** The row triggers of dots on a new record (migration 0033): each probes its day's records. */
const DOTS_ROW_TRIGGERS = ['dots_video_reviewed_day', 'dots_review_marks_videos_insert'];

/**
 * Readies dots for a bulk load: its indexes dropped (building them once after the load is much
 * faster than keeping them) and its row triggers on a new record paused (each probes the day's
 * records: a scan without the indexes). Answers the step that builds the indexes again, resumes
 * the triggers and marks the loaded videos as they would have (a volunteer's review of their day).
 */
export async function readyDotsForBulkLoad(db: BenchDatabase): Promise<() => Promise<void>> {
  const rows = await db.query(
    sql`select indexname, indexdef from pg_indexes where tablename = 'dots' and indexname <> 'dots_pkey'`,
  );
  for (const r of rows) await db.exec(sql.raw(`drop index if exists "${String(r.indexname)}"`));
  for (const t of DOTS_ROW_TRIGGERS) await db.exec(sql.raw(`alter table dots disable trigger ${t}`));
  return async () => {
    for (const r of rows) await db.exec(sql.raw(String(r.indexdef)));
    for (const t of DOTS_ROW_TRIGGERS) await db.exec(sql.raw(`alter table dots enable trigger ${t}`));
    await db.exec(sql`update dots v set day_reviewed_by_volunteer = true
      where v.work = 3 and not v.day_reviewed_by_volunteer
        and exists (select 1 from dots r where r.patient_id = v.patient_id and r.date = v.date and r.work = 2)`);
  };
}

export async function generateVot(db: BenchDatabase, options: VotOptions): Promise<VotData> {
  const log = options.log ?? (() => {});
  const t0 = performance.now();
  const towns = options.townshipIds.length;
  const [first] = await db.query(sql`select coalesce(max(id), 0) + 1 as id from patients`);
  const firstId = Number(first!.id);
  const lastId = firstId + options.patients - 1;
  const townshipArray = sql.raw(`(array[${options.townshipIds.join(',')}])`);

  // One active volunteer per township for the patients with a volunteer.
  await db.exec(sql`insert into volunteers (name, gender, age, address, phone1, code, password_hash, both_mdr_and_picts, education_status, occupation, township_id)
    select 'VOT Volunteer ' || t, 'Female', 30, 'Ward 1', '0942000000', 'VV-' || t || '-' || ${firstId}, 'bench, not a hash', 1, 'Secondary', 'CHW', t
    from unnest(${townshipArray}) t`);

  // The patients: span = days on VOT; ended ones stopped 30–120 days ago. Kind (g % 10): 0–3 pure
  // with a volunteer (App), 4 pure with a volunteer (No App), 5–7 pure without, 8–9 hybrid (App).
  await db.exec(sql`
    insert into patients (id, year, township_id, status, "SP_code", code, password_hash, name, age, sex, treatment_regimen, patient_address,
      patient_phone_no, contact_info, contact_phone_no, primary_language, height, weight, "BMI", "VOT_eligible", "VOT_accept",
      treatment_start_date, "DOT_start_date", "DOT_end_date", pure_or_hybrid, type, volunteer_id)
    select g, 2025, tw, 1, 'VSP-' || g, 'V' || tw || '-P' || g, 'bench, not a hash', 'VOT Patient ' || g, 18 + g % 60,
      case when g % 2 = 0 then 'Male' else 'Female' end, '6. individualized MDR', 'Ward ' || g % 20, '09' || lpad(g::text, 9, '0'), 'Family',
      '0942000000', 'Burmese', 160, 55, 21.5, 'Yes', 'Yes',
      start - 7, start, case when ended then start + span - 1 end,
      case when kind >= 8 then 'Hybrid' else 'Pure' end,
      case when kind <= 3 or kind >= 8 then 'App' when kind = 4 then 'No App' end,
      case when kind <= 4 or kind >= 8 then (select v.id from volunteers v where v.township_id = tw and v.code like 'VV-%-' || ${firstId} limit 1) end
    from (select g, ${townshipArray}[1 + g % ${towns}] as tw, g % 10 as kind, g % 5 = 4 as ended,
            400 + (g * 37) % 300 as span
          from generate_series(${firstId}::int, ${lastId}::int) g) s
    cross join lateral (select ${TODAY} - (span + case when ended then 30 + g % 90 else 0 end) + 1 as start) d`);
  await db.exec(
    sql`select setval(pg_get_serial_sequence('patients', 'id'), greatest(${lastId}, (select max(id) from patients)))`,
  );
  await db.exec(sql`
    insert into change_volunteers (patient_id, change_date, pure_or_hybrid, with_volunteer, volunteer_id, type)
    select id, "DOT_start_date", pure_or_hybrid, case when volunteer_id is null then 'No' else 'Yes' end, volunteer_id, type
    from patients where id between ${firstId} and ${lastId}`);
  log(`  ${options.patients} VOT patients and their entries in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  // Coverage tuned to `visits`: the days on VOT of these patients, and the share of them to record.
  const [days] = await db.query(
    sql`select sum(least(coalesce("DOT_end_date", ${TODAY}), ${TODAY}) - "DOT_start_date" + 1) as n from patients where id between ${firstId} and ${lastId}`,
  );
  const coverage = Math.min(100, Math.max(1, Math.round((100 * options.visits) / Number(days!.n))));
  const restoreDots = await readyDotsForBulkLoad(db);
  const t1 = performance.now();
  // In slices of patients, so PGlite's memory and PostgreSQL's WAL stay small; md5 is the visit's uuid.
  const slice = Math.max(100, Math.floor(2_000_000 / Math.max(1, Math.round(Number(days!.n) / options.patients))));
  for (let from = firstId; from <= lastId; from += slice) {
    const to = Math.min(lastId, from + slice - 1);
    await db.exec(sql`
      insert into dots (uuid, patient_id, change_volunteer_id, date, work, work_status, remark, created)
      select md5(p.id || '-' || d.day), p.id, cv.id, d.day, w.work,
        case when p.type = 'No App' then (case when ${pick('p.id', 'd.n')} < 90 then true when ${pick('p.id', 'd.n')} < 95 then false end)
             when w.work >= 5 then null
             else ${pick('p.id', 'd.n + 7')} >= 5 end,
        case when w.work >= 5 then 'Took the dose' end,
        case when w.work >= 5 then 'dashboard' else 'app' end
      from patients p
      join change_volunteers cv on cv.patient_id = p.id
      cross join lateral (select day::date as day, (day::date - p."DOT_start_date") as n
        from generate_series(p."DOT_start_date", least(coalesce(p."DOT_end_date", ${TODAY}), ${TODAY}), interval '1 day') day) d
      cross join lateral (select case when p.volunteer_id is null then 6 when p.type = 'No App' then 5
        else (array[1, 2, 2, 3, 5])[1 + ${pick('p.id', 'd.n + 13')} % 5] end as work) w
      where p.id between ${from} and ${to}
        and ${pick('p.id', 'd.n')} < ${coverage}
        -- 1 ongoing patient in 7 has missed the last (id % 6) + 1 days.
        and not (p."DOT_end_date" is null and p.id % 7 = 0 and d.day > ${TODAY} - (1 + p.id % 6))`);
    log(`  visits of patients ${from}–${to}: ${((performance.now() - t1) / 1000).toFixed(0)} s`);
  }
  const t2 = performance.now();
  await restoreDots();
  // Vacuum, not only analyze: a bulk load leaves every page's hint bits and visibility map unset, so
  // the first reads would write the table back (a cost the programme's database never has).
  for (const table of ['dots', 'patients', 'change_volunteers']) await db.exec(sql.raw(`vacuum analyze ${table}`));
  // The dose ledger's roll-up, as every write path keeps it (api/src/ledger/rollup.ts): once, for the bulk load.
  const t3 = performance.now();
  await refreshAllLedgers(db.handle.db);
  for (const table of ['patient_ledgers', 'patient_ledger_months']) await db.exec(sql.raw(`vacuum analyze ${table}`));
  log(`  ledger roll-up of every VOT patient in ${((performance.now() - t3) / 1000).toFixed(0)} s`);
  const [count] = await db.query(
    sql`select count(*) as n from dots d where d.patient_id between ${firstId} and ${lastId}`,
  );
  log(
    `  ${count!.n} visits (coverage ${coverage} %) in ${((t2 - t1) / 1000).toFixed(0)} s, indexes and analyze ${((performance.now() - t2) / 1000).toFixed(0)} s`,
  );
  return { firstId, lastId, visits: Number(count!.n), seconds: (performance.now() - t0) / 1000 };
}

/**
 * The national VOT data set of the visit benches: the data of an earlier run of the same size is
 * reused (10 million visits take minutes to make; `BENCH_REGENERATE=1` makes them anew), its bench
 * accounts dropped, else places and VOT data are generated. Answers the townships' ids.
 */
export async function nationalVotData(
  db: BenchDatabase,
  size: { townships: number; patients: number; visits: number },
): Promise<number[]> {
  const [have] = await db.query(
    sql`select (select count(*) from patients) as patients, (select count(*) from dots) as visits, (select count(*) from townships) as townships`,
  );
  const reuse =
    process.env.BENCH_REGENERATE !== '1' &&
    Number(have!.patients) === size.patients &&
    Number(have!.townships) === size.townships &&
    Math.abs(Number(have!.visits) - size.visits) < size.visits * 0.1;
  if (!reuse) {
    const townshipIds = await generatePlaces(db, size.townships);
    const made = await generateVot(db, { townshipIds, patients: size.patients, visits: size.visits, log: console.log });
    console.log(`generated ${made.visits} visits over ${size.patients} patients in ${made.seconds.toFixed(0)} s`);
    return townshipIds;
  }
  // Not a truncate: it would cascade to every table naming a user (the visits' verdicts, the follow-ups).
  await db.exec(sql`delete from users`);
  // An earlier run may have stopped before its vacuum: cheap when there is nothing to do.
  for (const table of ['dots', 'patients', 'change_volunteers']) await db.exec(sql.raw(`vacuum analyze ${table}`));
  console.log(`reusing ${have!.patients} patients and ${have!.visits} visits`);
  return (await db.query(sql`select id from townships order by id`)).map((r) => Number(r.id));
}

/** The townships of the national VOT benches' data set. */
export const NATIONAL_TOWNSHIPS = 330;

/**
 * The opening every national VOT bench shares: the database, the size from the command line
 * (`[patients] [visits] [requests]`; 20 000, 10 000 000 and 60 on PostgreSQL, 2 000, 500 000 and 30
 * on PGlite), the data set (`nationalVotData`), a Field Officer of its first two townships
 * (fo@vot.bench) and a national account (`national`: its email and role).
 */
export async function openNationalBench(national: { email: string; role: string }) {
  const db = await openDatabase();
  const pg = db.kind === 'postgres';
  const patientCount = Number(process.argv[2] ?? (pg ? 20_000 : 2_000));
  const visitCount = Number(process.argv[3] ?? (pg ? 10_000_000 : 500_000));
  const requests = Number(process.argv[4] ?? (pg ? 60 : 30));
  const t0 = performance.now();
  const townshipIds = await nationalVotData(db, {
    townships: NATIONAL_TOWNSHIPS,
    patients: patientCount,
    visits: visitCount,
  });
  const foTownships = townshipIds.slice(0, 2);
  await addAccounts(db, [national, { email: 'fo@vot.bench', role: 'Field Officer', townships: foTownships }]);
  return { db, pg, patientCount, visitCount, requests, t0, townshipIds, foTownships };
}
