// The patient lists' spreadsheet export, page by page.
import { and, lt, sql } from 'drizzle-orm';
import { PATIENT_EXPORT_PAGE_SIZE } from '@vot/shared/domain';
import { type PatientExportPage, type PatientExportRow } from '@vot/shared/schemas';
import type { Database } from '../../db/client';
import { patients, townships } from '../../db/schema';
import { rowsOf } from '../../db/rows';
import { revealedPassword } from '../../lib/secrets';
import type { RequestUser } from '../../http/auth';
import { showsLedger, ledgerColumn, type PatientFilter, listConditions, revealsIn } from './repository';
import { searchValues } from './search';

/**
 * The export's columns (PatientExportRow), by name. The password is selected encrypted and revealed
 * in place; the township is the active one's, or the recover township in the trash.
 */
const exportColumns = {
  id: patients.id,
  SP_code: patients.SP_code,
  name: patients.name,
  code: patients.code,
  plain_password: patients.plain_password_enc,
  TSP: townships.abbreviation,
  RR_code: patients.RR_code,
  DRTB_code: patients.DRTB_code,
  unique_id: patients.unique_id,
  age: patients.age,
  sex: patients.sex,
  year: patients.year,
  township: townships.name,
  dot_patient_id_gf: patients.dot_patient_id_gf,
  presumptive_TB_number: patients.presumptive_TB_number,
  DOB: patients.DOB,
  treatment_start_date: patients.treatment_start_date,
  treatment_regimen: patients.treatment_regimen,
  patient_phone_no: patients.patient_phone_no,
  TB_status: patients.TB_status,
  treatment_status: patients.treatment_status,
  VOT_eligible: patients.VOT_eligible,
  VOT_accept: patients.VOT_accept,
  DOT_start_date: patients.DOT_start_date,
  DOT_end_date: patients.DOT_end_date,
  pure_or_hybrid: patients.pure_or_hybrid,
  report_period: patients.report_period,
};

/**
 * One page of GET patients-export: flat rows, one join for the township, newest first, from below
 * the id `after` (the previous page's last); `next` is this page's last id while more follow. One
 * statement whose rows come as the driver makes them, each column named as the export's: drizzle's
 * mapping of 27 columns a row was a sixth of a 1 500-row export's CPU (docs/decisions/0044).
 * Every value is a driver's own (integers, text,
 * dates as text, the ledger as JSON), as through drizzle.
 */
export async function exportPatients(
  db: Database,
  key: Buffer,
  user: RequestUser,
  filter: PatientFilter,
  after?: number,
): Promise<PatientExportPage> {
  const place = filter.list === 'trash' ? patients.recover_township_id : patients.township_id;
  const columns = sql.join(
    [
      ...Object.entries(exportColumns).map(([name, column]) => sql`${column} as ${sql.identifier(name)}`),
      ...(showsLedger(filter.list) ? [sql`${ledgerColumn()} as "ledger"`] : []),
    ],
    sql`, `,
  );
  const where = and(
    listConditions(user, filter, searchValues(filter)),
    after === undefined ? undefined : lt(patients.id, after),
  );
  // One row more than the page tells whether another page follows.
  const rows = await rowsOf<PatientExportRow>(
    db,
    sql`select ${columns} from ${patients} left join ${townships} on ${townships.id} = ${place} where ${where} order by ${patients.id} desc limit ${PATIENT_EXPORT_PAGE_SIZE + 1}`,
  );
  const page = rows.slice(0, PATIENT_EXPORT_PAGE_SIZE);
  const reveal = revealsIn(filter, user);
  for (const row of page) row.plain_password = revealedPassword(key, row.plain_password, reveal);
  return {
    data: page,
    next: rows.length > PATIENT_EXPORT_PAGE_SIZE ? page[page.length - 1]!.id : null,
    status: 'success',
  };
}
