// The patients of the patient-list bench, generated in plain SQL (no password hashing:
// plain_password_enc stays null), and the parts their names are made of.
import { sql, type BenchDatabase } from './harness.mts';

// Parts of generated names: three of them make 27 000 names, a few dozen patients each at 500 000,
// spread over the ids (a name says nothing about when the patient registered, unlike a code).
export const PARTS = [
  'Aung',
  'Kyaw',
  'Hla',
  'Myint',
  'Thein',
  'Zaw',
  'Win',
  'Naing',
  'Soe',
  'Htun',
  'Khin',
  'Mya',
  'Aye',
  'San',
  'Tin',
  'Nu',
  'Su',
  'Ei',
  'Phyu',
  'Thida',
  'Moe',
  'Min',
  'Oo',
  'Lwin',
  'Htet',
  'Yin',
  'Wai',
  'Thu',
  'Maung',
  'Hnin',
];

/**
 * Plain SQL, no password hashing: plain_password_enc stays null. The mix, per patient g: 1 in 10
 * without an SP code (with a presumptive number), VOT eligibility answered for 6 in 10 (Yes 4, No 2),
 * of the eligible 3 in 4 accepted and 1 in 8 declined, 1 in 50 in the trash. Townships interleave in
 * id order as in life. Indexes are filled as the API would fill them.
 */
export async function generatePatients(db: BenchDatabase, patientCount: number, TOWNSHIPS: number): Promise<void> {
  const { handle } = db;
  const parts = sql.raw(`(array[${PARTS.map((p) => `'${p}'`).join(',')}])`);
  await handle.db.execute(sql`
    insert into patients (id, year, township_id, recover_township_id, status, deleted_at, "SP_code", "RR_code", "DRTB_code", unique_id,
      "presumptive_TB_number", code, password_hash, name, age, sex, treatment_regimen, patient_address, patient_phone_no, contact_info,
      contact_phone_no, primary_language, height, weight, "BMI", "VOT_eligible", "VOT_not_eligible_reason", "VOT_accept", "VOT_not_accept_reason")
    select g, 2020 + g % 7, case when trashed then null else tw end, case when trashed then tw end, case when trashed then 0 else 1 end,
      case when trashed then now() - (g % 1000) * interval '1 minute' end,
      case when nosps then null else 'SP-' || g end, case when g % 3 = 0 then 'L-' || g end, case when g % 3 <> 0 then 'D-' || g end,
      case when g % 3 <> 0 then 'T' || tw || '-D-' || g end, case when nosps then g / ${TOWNSHIPS} end,
      'T' || tw || '-P' || g, 'bench, not a hash',
      ${parts}[1 + nm % 30] || ' ' || ${parts}[1 + (nm / 30) % 30] || ' ' || ${parts}[1 + (nm / 900) % 30],
      18 + g % 60, case when g % 2 = 0 then 'Male' else 'Female' end, '1. LTR', 'Ward ' || g % 20, '09' || lpad(g::text, 9, '0'), 'Family',
      '09' || lpad((g * 7 % 1000000000)::text, 9, '0'), 'Burmese', 160, 55, 21.5,
      case when e < 4 then 'Yes' when e < 6 then 'No' end, case when e between 4 and 5 then 'Adherence issues' end,
      case when e < 4 and a < 6 then 'Yes' when e < 4 and a = 6 then 'No' end, case when e < 4 and a = 6 then 'Privacy concern' end
    from (select g, 1 + g % ${TOWNSHIPS} as tw, g % 10 = 9 as nosps, (g / 7) % 10 as e, (g / 11) % 8 as a, (g / ${TOWNSHIPS}) % 50 = 17 as trashed,
            -- A name as a pseudo-random one of the 27 000: names do not follow registration order.
            ((g::bigint * 2654435761) % 27000)::int as nm
          from generate_series(1, ${patientCount}) g) s`);
  await handle.db.execute(sql`select setval(pg_get_serial_sequence('patients', 'id'), ${patientCount})`);
  await handle.db.execute(sql`vacuum analyze patients`);
}
