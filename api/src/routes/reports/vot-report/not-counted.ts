import { and, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { PROGRAMME_FIRST_QUARTER } from '@vot/shared/domain';
import type { NotCountedPatient, NotCountedReason } from '@vot/shared/schemas';
import type { Database } from '../../../db/client';
import { patients, townships } from '../../../db/schema';
import { inScope } from '../../../lib/scope';
import { pageOf, type Paging } from '../../../lib/paging';
import type { RequestUser } from '../../../plugins/auth';
import { COHORT } from './cohort';

/**
 * The patients the VOT report would count (screened, active, in the user's townships: cohort.ts)
 * that fall in no row of any report, whatever its dates, and why: no cohort quarter at all (neither
 * a Reporting Period nor a treatment start), or a cohort quarter before the programme's first, which
 * no report's dates reach. Newest first, paged like the lists.
 */
const REASON = sql<NotCountedReason>`case when ${COHORT} is null then 'no_quarter' else 'before_programme' end`;

export async function notCountedPatients(
  db: Database,
  user: RequestUser,
  { limit, offset }: Paging,
): Promise<{ data: NotCountedPatient[]; total: number }> {
  const where = and(
    eq(patients.status, 1),
    isNotNull(patients.VOT_eligible),
    inScope(patients.township_id, user),
    sql`(${COHORT} is null or ${COHORT} < ${PROGRAMME_FIRST_QUARTER})`,
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
