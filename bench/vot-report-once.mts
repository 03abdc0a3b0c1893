// One timing of the VOT report's two statements on data bench/vot-report.mts generated (same
// DATABASE_URL), for when the full run's repeated requests take too long: a whole fiscal year,
// national (MEAL) and a Field Officer's 2 townships.
//   DATABASE_URL=… api/node_modules/.bin/tsx bench/vot-report-once.mts
import { performance } from 'node:perf_hooks';
import { openPostgres } from '@vot/api/db/client';
import { cohortWhere, liveCohortSql, rolledUpCohortSql } from '@vot/api/reports/vot-report/cohort';
import { missedDoses } from '@vot/api/reports/vot-report/missed-doses';
import { groupsSql } from '@vot/api/reports/vot-report/query';
import { reportQuartersBetween, todayIn } from '@vot/shared/domain';

const handle = await openPostgres(process.env.DATABASE_URL!);
const END = todayIn();
const periods = reportQuartersBetween('2026-01-01', END);
for (const [label, user] of [
  ['national (MEAL)', { role: 'MEAL Associate', township_ids: [] }],
  ['Field Officer, 2 townships', { role: 'Field Officer', township_ids: [1, 2] }],
] as const) {
  const time = async <T,>(run: () => Promise<T>): Promise<[T, number]> => {
    const t = performance.now();
    const result = await run();
    return [result, performance.now() - t];
  };
  const groups = (cohort: ReturnType<typeof liveCohortSql>) =>
    time(async () => ((await handle.db.execute(groupsSql(cohort, END))) as unknown as { rows: unknown[] }).rows);
  const [rows, rolledUpMs] = await groups(rolledUpCohortSql(user as never, periods));
  const [, liveMs] = await groups(liveCohortSql(user as never, periods));
  const [missed, missedMs] = await time(() => missedDoses(handle.db, cohortWhere(user as never, periods), END));
  const headCount = [...missed.values()].reduce((s, m) => s + m.under10 + m.from10to50 + m.over50, 0);
  console.log(
    `${label}: ${rows.length} rows; groups 1–5, 7, 8 from the cohorts' roll-up ${rolledUpMs.toFixed(0)} ms (from the patients ${liveMs.toFixed(0)} ms); group 6 (dose ledger, ${headCount} patients) ${missedMs.toFixed(0)} ms`,
  );
}
await handle.close();
