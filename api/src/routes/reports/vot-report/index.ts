import type { FastifyInstance } from 'fastify';
import { PATIENT_PAGE_SIZE, PROGRAMME_FIRST_DAY, reportQuartersBetween, todayIn } from '@vot/shared/domain';
import { REPORT_OPERATIONS } from '@vot/shared/operations';
import type { VotReport } from '@vot/shared/schemas';
import { rowsOf } from '../../../db/rows';
import { pagingOf } from '../../../lib/paging';
import { register } from '../../../lib/operations';
import { signedInUser } from '../../../http/auth';
import { cohortAsOfSql, cohortWhere, rolledUpCohortSql } from './cohort';
import { missedDoses } from './missed-doses';
import { notCountedPatients } from './not-counted';
import { groupsSql, type FlatRow } from './query';
import { toRow } from './rows';

/**
 * GET VOT-report?start_date,end_date (SPEC.md §7): a row per township and cohort quarter with the
 * groups 1–8 of SPEC.md §3, counted as of the end date (today in Asia/Yangon by default). Township-
 * bound roles get their townships only. How each figure is counted: docs/decisions/0091.
 */
export default async function votReportRoutes(app: FastifyInstance) {
  const { db } = app;

  register(app, REPORT_OPERATIONS.votReport, async ({ request, query: filter }): Promise<VotReport> => {
    const start = filter.start_date ?? PROGRAMME_FIRST_DAY;
    const end = filter.end_date ?? todayIn();
    const periods = reportQuartersBetween(start, end);
    const user = signedInUser(request);
    // Groups 1–5, 7, 8 from the cohorts' roll-up (with the decisions in force on the end date); group 6 from the dose ledger's (both kept by the writes).
    const [flat, missed] = periods.length
      ? await Promise.all([
          rowsOf<FlatRow>(db, groupsSql(cohortAsOfSql(rolledUpCohortSql(user, periods), user, periods, end), end)),
          missedDoses(db, cohortWhere(user, periods), end),
        ])
      : [[], new Map()];
    return {
      data: flat.map((row) => toRow(row, missed)),
      status: 'success',
      start_date: start,
      end_date: end,
      generated_at: new Date().toISOString(),
    };
  });

  register(app, REPORT_OPERATIONS.votReportNotCounted, async ({ request }) => ({
    ...(await notCountedPatients(db, signedInUser(request), pagingOf(request, PATIENT_PAGE_SIZE, 'first'))),
    status: 'success' as const,
  }));
}
