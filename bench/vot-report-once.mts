// One timing of the VOT report's two statements on data bench/vot-report.mts generated (same
// DATABASE_URL), for when the full run's repeated requests take too long: a whole fiscal year,
// national (MEAL) and a Field Officer's 2 townships.
//   DATABASE_URL=… api/node_modules/.bin/tsx bench/vot-report-once.mts
import { performance } from 'node:perf_hooks';
import { openPostgres } from '@vot/api/db/client';
import { cohortWhere } from '@vot/api/reports/vot-report/cohort';
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
  const where = cohortWhere(user as never, periods);
  let t = performance.now();
  const rows = ((await handle.db.execute(groupsSql(where, periods, END))) as unknown as { rows: unknown[] }).rows;
  const groupsMs = performance.now() - t;
  t = performance.now();
  const missed = await missedDoses(handle.db, where, END);
  const missedMs = performance.now() - t;
  console.log(`${label}: ${rows.length} rows; groups 1–5, 7, 8 ${groupsMs.toFixed(0)} ms; group 6 (dose ledger, ${[...missed.values()].reduce((s, m) => s + m.under10 + m.from10to50 + m.over50, 0)} patients) ${missedMs.toFixed(0)} ms`);
}
await handle.close();
