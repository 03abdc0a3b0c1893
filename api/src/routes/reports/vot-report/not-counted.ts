import { and, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { PROGRAMME_FIRST_DAY } from '@vot/shared/domain';
import type { NotCountedPatient, NotCountedReason } from '@vot/shared/schemas';
import type { Database } from '../../../db/client';
import { patients, townships } from '../../../db/schema';
import { inScope } from '../../../lib/scope';
import { pageOf, type Paging } from '../../../lib/paging';
import type { RequestUser } from '../../../http/auth';

/**
 * The patients the VOT report would count (screened, active, in the user's townships: cohort.ts)
 * that fall in no row of any report, whatever its dates, and why: no cohort quarter at all (neither
 * a Reporting Period nor a treatment start), or a cohort quarter before the programme's first, which
 * no report's dates reach. Newest first, paged like the lists.
 */
const REASON = sql<NotCountedReason>`case when ${patients.treatment_start_date} is null then 'no_quarter' else 'before_programme' end`;

export async function notCountedPatients(
  db: Database,
  user: RequestUser,
  { limit, offset }: Paging,
): Promise<{ data: NotCountedPatient[]; total: number }> {
  // The cohort (cohort.ts: the Reporting Period, else the quarter of the treatment start) is none or
  // before the first quarter exactly when there is no Reporting Period (the form offers none before
  // it) and no treatment start from the first quarter's first day: written on the columns, so the
  // partial index patients_not_counted_idx answers it.
  const where = and(
    eq(patients.status, 1),
    isNotNull(patients.VOT_eligible),
    isNull(patients.report_period),
    sql`(${patients.treatment_start_date} is null or ${patients.treatment_start_date} < ${sql.raw(`'${PROGRAMME_FIRST_DAY}'`)})`,
    inScope(patients.township_id, user),
  );
  const rows = db
    .select({
      id: patients.id,
      name: patients.name,
      township: townships.name,
      SP_code: patients.SP_code,
      DRTB_code: patients.DRTB_code,
      report_period: patients.report_period,
      treatment_start_date: patients.treatment_start_date,
      VOT_eligible: sql<string>`${patients.VOT_eligible}`,
      reason: REASON,
    })
    .from(patients)
    .innerJoin(townships, eq(townships.id, patients.township_id))
    .where(where)
    .orderBy(desc(patients.id))
    .offset(offset);
  return pageOf(rows, db.select({ total: count() }).from(patients).where(where), limit);
}
